/**
 * The palette of brand.css for the scripts that draw outside CSS (the link-preview images, the
 * illustrations): read from the file itself, so brand.css stays the one place a colour is written.
 * `readPalette().blue` is `--blue`; `readPalette()['blue-dark']` is `--blue-dark`.
 */
import { readFileSync } from 'node:fs';

/** @returns {Readonly<Record<string, string>>} each `--name: #hex` of brand.css, by name. */
export function readPalette() {
  const css = readFileSync(new URL('./brand.css', import.meta.url), 'utf8');
  return Object.fromEntries(
    [...css.matchAll(/--([a-z][a-z-]*):\s*(#[0-9a-f]{3,8})\s*;/gi)].map(([, name, hex]) => [
      name,
      hex,
    ]),
  );
}
