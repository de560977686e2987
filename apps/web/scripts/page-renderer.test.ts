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
import { centre, schedule } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { buildDir } from './build-dir.mjs';

const RENDERER = path.join(buildDir(), 'renderer', 'render.js');
const CLIENT = path.join(buildDir(), 'client');

type Render = (
  urlPath: string,
  content: object,
  options?: { preview?: boolean },
) => Promise<{ html: string; data: string; scripts: string[] }>;
/** The text of every script a page runs (not its structured data), sorted. */
const scriptsIn = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !attributes.includes('application/ld+json'))
    .map(([, , body = '']) => body)
    .sort();
const load = async () => ((await import(RENDERER)) as { render: Render }).render;

describe.skipIf(!existsSync(RENDERER))('the built page renderer', () => {
  it('renders each page as the prerender wrote it when nothing was edited', async () => {
    const render = await load();
    for (const urlPath of ['/horarios', '/', '/contato', '/global-kardec/passe', '/404']) {
      const file = urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`;
      const built = await readFile(path.join(CLIENT, file), 'utf8');
      const data = await readFile(
        path.join(CLIENT, urlPath === '/' ? '_root.data' : `${urlPath.slice(1)}.data`),
        'utf8',
      );
      const page = await render(urlPath, {});
      expect({ html: page.html, data: page.data }, urlPath).toEqual({ html: built, data });
      // The scripts it emitted, for the page's CSP: those of the page, and no other (decision 003).
      expect([...page.scripts].sort(), urlPath).toEqual(scriptsIn(built));
    }
  }, 30_000);

  it("renders the signed-in pages' shell as the prerender wrote it, and with edited contact details", async () => {
    const render = await load();
    const built = await readFile(path.join(CLIENT, '__spa-fallback.html'), 'utf8');
    const shell = await render('/__spa-fallback.html', {});
    expect(shell.html).toBe(built);
    expect([...shell.scripts].sort()).toEqual(scriptsIn(built));
    const { street, district, city, state, postalCode } = centre.address;
    const contact = {
      address: { street, district, city, state, postalCode },
      whatsapp: '5521987654321',
      email: centre.email,
      mapEmbedUrl: centre.mapEmbedUrl,
      mapTitle: centre.mapTitle,
    };
    const { html } = await render('/__spa-fallback.html', { contact });
    expect(html).toContain('(21) 98765-4321');
    expect(html).not.toContain('wa.me/5511900000000');
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
    expect(html).not.toContain('nonce');
  }, 30_000);

  it('renders a course from edited texts: page, link preview, and a preview with linked styles', async () => {
    const render = await load();
    const texts = {
      '/global-kardec/passe': {
        welcome: 'Olá, turma do Passe!',
        summary: 'Um resumo editado na área da equipe, com mais de quarenta letras.',
        description: 'Uma descrição **editada** com [link](/contato).',
        cycle: 'O ciclo.',
      },
    };
    const { html, data } = await render('/global-kardec/passe', { texts });
    expect(html).toContain('<p class="lead">Olá, turma do Passe!</p>');
    expect(html).toContain(
      '<p>Uma descrição <strong>editada</strong> com <a href="/contato">link</a>.</p>',
    );
    expect(html).toContain(
      '<meta property="og:description" content="Um resumo editado na área da equipe, com mais de quarenta letras."/>',
    );
    expect(data).toContain('Olá, turma do Passe!');
    const preview = await render('/global-kardec/passe', { texts }, { preview: true });
    expect(preview.html).toContain('<strong>editada</strong>');
    expect(preview.html).toMatch(/<link rel="stylesheet" href="\/assets\/style-[\w-]+\.css">/);
    expect(preview.html).not.toContain('<style data-inlined-from');
    // No script to hydrate in the preview's blank window; the structured data stays.
    expect(preview.html).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(preview.html).toContain('<script type="application/ld+json">');
    expect(preview.scripts).toEqual([]);
  }, 30_000);
});
