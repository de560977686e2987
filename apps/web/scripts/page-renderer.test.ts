// @vitest-environment node
/**
 * The server's renderer of edited pages (decision 054) against the build itself, when a build
 * exists (`npm test` builds first): from the packaged content it writes byte for byte the page and
 * the `.data` the prerender wrote, and from an edited schedule the same page with the new times in its text and
 * its structured data.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { schedule } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { buildDir } from './build-dir.mjs';

const RENDERER = path.join(buildDir(), 'renderer', 'render.js');
const CLIENT = path.join(buildDir(), 'client');

type Render = (urlPath: string, content: object) => Promise<{ html: string; data: string }>;
const load = async () => ((await import(RENDERER)) as { render: Render }).render;

describe.skipIf(!existsSync(RENDERER))('the built page renderer', () => {
  it('renders each page as the prerender wrote it when nothing was edited', async () => {
    const render = await load();
    for (const urlPath of ['/horarios', '/', '/contato', '/global-kardec/passe']) {
      const file = urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`;
      const built = await readFile(path.join(CLIENT, file), 'utf8');
      const data = await readFile(
        path.join(CLIENT, urlPath === '/' ? '_root.data' : `${urlPath.slice(1)}.data`),
        'utf8',
      );
      expect(await render(urlPath, {}), urlPath).toEqual({ html: built, data });
    }
  }, 30_000);

  it('renders /horarios from an edited schedule: text, structured data, after-paint scripts', async () => {
    const render = await load();
    const edited = schedule.map((day) =>
      day.day === 'Terça-feira'
        ? { ...day, activities: [{ time: '20h15', title: 'Reunião Pública de Terça' }] }
        : day,
    );
    const { html, data } = await render('/horarios', { schedule: edited });
    expect(data).toContain('Reunião Pública de Terça');
    expect(html).toContain('Reunião Pública de Terça');
    expect(html).toContain('20h15');
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(jsonLd).toContain('"startTime":"20:15"');
    expect(html).toContain('type="text/x-deferred-module"');
    expect(html).toMatch(/<style data-inlined-from="\/assets\/style-[\w-]+\.css">/);
    expect(html).not.toContain('rel="modulepreload"');
  }, 30_000);
});
