#!/usr/bin/env node
/**
 * Generates the site's original flat illustrations (SVG) into apps/web/app/assets/images/:
 * courses/<slug>.svg (640×400), carousel/1-3.svg (1200×675) and banner-global-kardec.svg (1200×500).
 * Run from anywhere: `node packages/content/scripts/generate-illustrations.mjs`. The output is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { carousel, banner } from './illustrations/carousel.mjs';
import { escolaDeMediuns } from './illustrations/escola-de-mediuns.mjs';
import { globalKardec } from './illustrations/global-kardec.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../../apps/web/app/assets/images');

const courses = { ...globalKardec, ...escolaDeMediuns };

const images = [
  ...Object.entries(courses).map(([slug, draw]) => [`courses/${slug}.svg`, draw()]),
  ...Object.entries(carousel).map(([n, draw]) => [`carousel/${n}.svg`, draw()]),
  ['banner-global-kardec.svg', banner()],
];

for (const [file, content] of images) {
  const target = join(OUT, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
  console.log(`${file}  ${content.length} bytes`);
}
