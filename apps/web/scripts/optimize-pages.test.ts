// @vitest-environment node
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HYDRATED_EVENT as APP_HYDRATED_EVENT } from '../app/lib/hydration';
import { SCRIPT_NONCE_COMMENT as APP_SCRIPT_NONCE_COMMENT } from '../app/lib/script-nonce';
import { referencedScripts } from './js-budget.mjs';
import {
  AFTER_PAINT_LOADER,
  assertInlinable,
  assertNoStyleAttributes,
  DEFERRED_MODULE_TYPE,
  deferScripts,
  HYDRATED_EVENT,
  inlineStylesheets,
  manifestPath,
  manifestStylesheets,
  optimizeBuild,
  optimizePage,
  ownScripts,
  SCRIPT_NONCE_COMMENT,
} from './optimize-pages.mjs';

const bootstrap = `import "/assets/manifest-abc123.js";
import * as route0 from "/assets/root-R.js";
  window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-E.js");`;

/** A prerendered page as React Router writes it (shortened). */
const page = `<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/><title>Início</title>\
<link rel="modulepreload" href="/assets/manifest-abc123.js"/>\
<link rel="modulepreload" href="/assets/entry.client-E.js"/>\
<link rel="modulepreload" href="/assets/root-R.js"/>\
<script type="application/ld+json">{"@type":"Organization"}</script></head>\
<body><main><h1>Olá</h1></main><script>console.log("scroll")</script>\
<script>window.__reactRouterContext = {};</script>\
<script type="module" async="">${bootstrap}</script>\
<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>`;

const stylesheet = { href: '/assets/style-S.css', css: 'h1{color:#123}' };

/** `html` as app/entry.server.tsx renders it: its scripts with the render's nonce, named first. */
const NONCE = 'bm9uY2UtZGUtdGVzdGUtMTIz';
const rendered = (html: string) =>
  `<!--${SCRIPT_NONCE_COMMENT}${NONCE}-->` +
  html.replace(/<script(?![^>]*ld\+json)/g, `<script nonce="${NONCE}"`);

describe('ownScripts', () => {
  it("lists the scripts with the render's nonce and gives back the page as it was", () => {
    const own = ownScripts(rendered(page));
    expect(own.html).toBe(page);
    expect(own.scripts).toEqual([
      'console.log("scroll")',
      'window.__reactRouterContext = {};',
      bootstrap,
      'window.__reactRouterContext.streamController.close();',
    ]);
  });

  it('refuses a page holding any other script, or none of its render', () => {
    const injected = rendered(page).replace(
      '<h1>Olá</h1>',
      '<h1>Olá</h1><script>alert(1)</script><SCRIPT src="/x.js"></SCRIPT>',
    );
    expect(() => ownScripts(injected)).toThrow(/a script its renderer did not emit: <script>alert/);
    // A nonce of its own is no help: it is not the render's.
    const guessed = rendered(page).replace(
      '<h1>Olá</h1>',
      '<h1>Olá</h1><script nonce="outro-nonce-qualquer-123">alert(1)</script>',
    );
    expect(() => ownScripts(guessed)).toThrow(/did not emit/);
    expect(() => ownScripts(page)).toThrow(/no script nonce/);
    expect(() => ownScripts(`<p>x</p>${rendered(page)}`)).toThrow(/no script nonce/);
  });

  it('reads the comment the pages are rendered with (app/lib/script-nonce.ts)', () => {
    expect(SCRIPT_NONCE_COMMENT).toBe(APP_SCRIPT_NONCE_COMMENT);
  });
});

describe('manifestStylesheets', () => {
  it("lists the manifest's stylesheets, entry and routes, once each", () => {
    const manifest =
      'window.__reactRouterManifest={"entry":{"module":"/e.js","css":[]},"routes":{' +
      '"root":{"css":["/assets/style-S.css"]},"routes/home":{"css":["/assets/style-S.css"]},' +
      '"routes/x":{}}};';
    expect(manifestStylesheets(manifest)).toEqual(['/assets/style-S.css']);
  });

  it('refuses anything else', () => {
    expect(() => manifestStylesheets('export default {}')).toThrow(/manifest/);
  });
});

describe('manifestPath', () => {
  it("finds the page's manifest import", () => {
    expect(manifestPath(page)).toBe('/assets/manifest-abc123.js');
    expect(manifestPath('<p>x</p>')).toBeUndefined();
  });
});

describe('assertInlinable', () => {
  it('accepts absolute, data and fragment URLs', () => {
    expect(() =>
      assertInlinable('a{background:url(/assets/x.svg)}b{mask:url("data:image/svg+xml,x")}', 'x'),
    ).not.toThrow();
    expect(() => assertInlinable('a{fill:url(#g)}', 'x')).not.toThrow();
  });

  it('refuses relative URLs and a closing style tag', () => {
    expect(() => assertInlinable('a{background:url(x.svg)}', 's.css')).toThrow(/relative url/);
    expect(() => assertInlinable('a{content:"</style>"}', 's.css')).toThrow(/<\/style/);
  });
});

describe('inlineStylesheets', () => {
  it('puts each stylesheet in a <style> at the end of the head, once', () => {
    const once = inlineStylesheets(page, [stylesheet]);
    expect(once).toContain(
      '</script><style data-inlined-from="/assets/style-S.css">h1{color:#123}</style></head>',
    );
    expect(inlineStylesheets(once, [stylesheet])).toBe(once);
  });

  it('refuses a page that links the stylesheet itself', () => {
    const linked = page.replace(
      '</head>',
      '<link rel="stylesheet" href="/assets/style-S.css"/></head>',
    );
    expect(() => inlineStylesheets(linked, [stylesheet])).toThrow(/links \/assets\/style-S\.css/);
  });
});

describe('deferScripts', () => {
  const deferred = deferScripts(page);

  it('takes the module preloads out of the page and lists them on the inert bootstrap', () => {
    expect(deferred).not.toContain('rel="modulepreload"');
    expect(deferred).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" data-modulepreload='["/assets/manifest-abc123.js",` +
        `"/assets/entry.client-E.js","/assets/root-R.js"]'>${bootstrap}</script>` +
        `<script>${AFTER_PAINT_LOADER}</script><!--$-->`,
    );
    expect(deferred).not.toContain('type="module"');
  });

  it('leaves the rest of the page as it was', () => {
    const untouched = (html: string) =>
      html
        .replace(/<link rel="modulepreload"[^>]*>/g, '')
        .replace(/<script type="(module|text\/x-deferred-module)"[\s\S]*?<\/script>/, 'BOOT')
        .replace(`<script>${AFTER_PAINT_LOADER}</script>`, '');
    expect(untouched(deferred)).toBe(untouched(page));
  });

  it('keeps every script the page loads visible to the budget check', () => {
    expect(new Set(referencedScripts(deferred))).toEqual(new Set(referencedScripts(page)));
  });

  it('is idempotent', () => {
    expect(deferScripts(deferred)).toBe(deferred);
  });

  it("refuses a page without React Router's bootstrap", () => {
    expect(() => deferScripts('<html><body><p>x</p></body></html>')).toThrow(/bootstrap/);
  });
});

describe('the after-paint loader', () => {
  it('is one minified script, the same on every page', () => {
    expect(AFTER_PAINT_LOADER).not.toContain('\n');
    expect(AFTER_PAINT_LOADER.length).toBeLessThan(1500);
    expect(AFTER_PAINT_LOADER).toContain(JSON.stringify(DEFERRED_MODULE_TYPE).slice(1, -1));
    expect(AFTER_PAINT_LOADER).toContain(HYDRATED_EVENT);
    expect(AFTER_PAINT_LOADER).toContain('first-contentful-paint');
  });

  it('waits for the event the root layout raises (app/lib/hydration.ts)', () => {
    expect(HYDRATED_EVENT).toBe(APP_HYDRATED_EVENT);
  });
});

describe('assertNoStyleAttributes', () => {
  it('refuses a style attribute on an element', () => {
    expect(() => assertNoStyleAttributes('<p style="color:red">x</p>')).toThrow(/style attribute/);
    expect(() => assertNoStyleAttributes("<div class=a style='x'></div>")).toThrow(/CSP/);
  });

  it('ignores the text of scripts and stylesheets, and look-alike text', () => {
    expect(() =>
      assertNoStyleAttributes(
        '<script>const a = \'<p style="x">\';</script><style>[style="x"]{}</style>' +
          '<p data-style="x">style="x"</p>',
      ),
    ).not.toThrow();
  });
});

describe('optimizePage', () => {
  it('inlines the stylesheet and defers the scripts', () => {
    const optimized = optimizePage(page, [stylesheet]);
    expect(optimized).toContain('<style data-inlined-from="/assets/style-S.css">');
    expect(optimized).toContain(`type="${DEFERRED_MODULE_TYPE}"`);
  });
});

describe('optimizeBuild', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("optimizes every page of a build with its manifest's stylesheet", async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'optimize-pages-'));
    await mkdir(path.join(dir, 'assets'));
    await mkdir(path.join(dir, 'contato'));
    await writeFile(
      path.join(dir, 'assets', 'manifest-abc123.js'),
      'window.__reactRouterManifest={"entry":{"css":[]},"routes":{"root":{"css":["/assets/style-S.css"]}}};',
    );
    await writeFile(path.join(dir, 'assets', 'style-S.css'), 'h1{color:#123}\n/*$vite$:1*/\n');
    await writeFile(path.join(dir, 'index.html'), rendered(page));
    await writeFile(path.join(dir, 'contato', 'index.html'), rendered(page));

    expect(await optimizeBuild(dir)).toEqual({
      pages: 2,
      stylesheets: ['/assets/style-S.css'],
      bytes: 'h1{color:#123}'.length,
    });
    for (const file of ['index.html', 'contato/index.html']) {
      const html = await readFile(path.join(dir, file), 'utf8');
      expect(html).toContain(
        '<style data-inlined-from="/assets/style-S.css">h1{color:#123}</style>',
      );
      expect(html).toContain(`type="${DEFERRED_MODULE_TYPE}"`);
    }
  });

  it('names the page that cannot be optimized', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'optimize-pages-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(
      path.join(dir, 'assets', 'manifest-abc123.js'),
      'window.__reactRouterManifest={"entry":{},"routes":{}};',
    );
    await writeFile(path.join(dir, 'index.html'), rendered(page.replace('<h1>', '<h1 style="x">')));
    await expect(optimizeBuild(dir)).rejects.toThrow(/^index\.html: a style attribute/);
    await writeFile(
      path.join(dir, 'index.html'),
      rendered(page).replace('</main>', '<script>alert(1)</script></main>'),
    );
    await expect(optimizeBuild(dir)).rejects.toThrow(/^index\.html: a script its renderer/);
  });
});
