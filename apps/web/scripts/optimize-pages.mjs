#!/usr/bin/env node
// @ts-check
/**
 * The last step of the web build before compression (decision 010), on every prerendered page:
 *
 * 1. The site's stylesheet goes inline, in a `<style>` at the end of the `<head>`: the first paint
 *    waits for no other request. It is the stylesheet React Router's manifest lists (the whole
 *    site's CSS in one file, about 3 KB compressed); the root layout renders no link to it in the
 *    build, and the server allows the inline copy in the page's CSP by its SHA-256 hash.
 * 2. The JavaScript waits for the first paint: React Router's module preloads leave the HTML and
 *    its bootstrap module becomes inert (`type="text/x-deferred-module"`, the preloads listed in its
 *    `data-modulepreload`, a JSON array); a small inline script (`AFTER_PAINT_LOADER`) runs it, with the
 *    preloads, once the browser has painted the page's content. On a slow connection the page's
 *    text and images no longer share the bandwidth with about 100 KB of script, needed only to make
 *    it interactive. Presses on buttons before then are kept and replayed once the page is
 *    hydrated (the root layout raises `HYDRATED_EVENT`).
 * 3. A `style` attribute fails the build: the pages' CSP allows none.
 * 4. The page's scripts are those its renderer emitted (decision 003): `ownScripts` reads the
 *    render's nonce (app/lib/script-nonce.ts), takes it out, and fails on any other script; the
 *    server allows in the page's CSP only the scripts listed (and the loader of step 2).
 *
 * Usage: node apps/web/scripts/optimize-pages.mjs [client build directory]   (default: build/client, or WEB_BUILD_DIR/client)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifySync } from 'vite';
import { DEFERRED_MODULE_TYPE } from './js-budget.mjs';
import { clientBuildDir } from './build-dir.mjs';

export { DEFERRED_MODULE_TYPE };

/** The root layout's window event once hydrated (app/lib/hydration.ts, checked equal by a test). */
export const HYDRATED_EVENT = 'centro:hydrated';

/** The comment that carries a render's script nonce (app/lib/script-nonce.ts, checked equal). */
export const SCRIPT_NONCE_COMMENT = 'centro-script-nonce:';

/** A page's loader waits at most this long for its first contentful paint. */
export const FIRST_PAINT_WAIT_MS = 3000;

const MANIFEST_GLOBAL = 'window.__reactRouterManifest=';
const STYLE_MARKER = 'data-inlined-from';
const ROUTE_MODULES_GLOBAL = 'window.__reactRouterRouteModules';
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;

/**
 * Every stylesheet React Router's client manifest lists (entry and routes), deduplicated.
 * @param {string} manifestSource The manifest module (`window.__reactRouterManifest={…};`).
 * @returns {string[]} Public paths (`/assets/style-….css`).
 */
export function manifestStylesheets(manifestSource) {
  const start = manifestSource.indexOf(MANIFEST_GLOBAL);
  if (start === -1) throw new Error("not React Router's client manifest");
  const json = manifestSource
    .slice(start + MANIFEST_GLOBAL.length)
    .trim()
    .replace(/;$/, '');
  /** @type {{ entry: { css?: string[] }, routes: Record<string, { css?: string[] }> }} */
  const manifest = JSON.parse(json);
  const hrefs = [manifest.entry, ...Object.values(manifest.routes)].flatMap((r) => r.css ?? []);
  return [...new Set(hrefs)];
}

/** The manifest module a page imports (`/assets/manifest-….js`), or undefined. */
export function manifestPath(/** @type {string} */ html) {
  return /["'](\/assets\/manifest-[\w-]+\.js)["']/.exec(html)?.[1];
}

/**
 * Checks that a stylesheet can be inlined as it is: no `</style` (would end the element) and no
 * relative `url()` (would resolve against the page instead of the stylesheet).
 * @param {string} css
 * @param {string} href
 */
export function assertInlinable(css, href) {
  if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style"`);
  for (const [, url = ''] of css.matchAll(/url\(\s*["']?([^"')\s]+)/gi)) {
    if (!/^(?:\/|data:|#|[a-z][a-z0-9+.-]*:)/i.test(url)) {
      throw new Error(`${href} has a relative url(${url}), which would break inline`);
    }
  }
}

/**
 * The page with the stylesheets inline at the end of its `<head>`. Idempotent. Throws when the page
 * links one of them itself.
 * @param {string} html
 * @param {ReadonlyArray<{ href: string, css: string }>} stylesheets
 * @returns {string}
 */
export function inlineStylesheets(html, stylesheets) {
  for (const { href } of stylesheets) {
    if (new RegExp(`<link\\b[^>]*\\bhref="${escapeRegExp(href)}"`, 'i').test(html)) {
      throw new Error(`the page links ${href} itself: the root layout must not render <Links />`);
    }
  }
  const styles = stylesheets
    .filter(({ href }) => !html.includes(`${STYLE_MARKER}="${href}"`))
    .map(({ href, css }) => `<style ${STYLE_MARKER}="${href}">${css}</style>`)
    .join('');
  if (styles === '') return html;
  const head = html.search(/<\/head\s*>/i);
  if (head === -1) throw new Error('the page has no </head>');
  return html.slice(0, head) + styles + html.slice(head);
}

/**
 * The page's loader: runs the deferred bootstrap (and adds the module preloads) once the browser has
 * reported the first contentful paint; at once in a hidden page, after the next frame where paint
 * timing is unknown, after `waitMs` in any case. Until the root layout raises `hydratedEvent`,
 * presses on buttons are held (the button does nothing before hydration) and then replayed.
 * Stringified into every page: no closure, ES2020 at most.
 * @param {string} deferredType
 * @param {string} hydratedEvent
 * @param {number} waitMs
 */
function afterPaintLoader(deferredType, hydratedEvent, waitMs) {
  /* global document, Element, addEventListener, requestAnimationFrame */
  const d = document;
  const boot = d.querySelector('script[type="' + deferredType + '"]');
  if (!boot) return;
  /** @type {HTMLButtonElement[]} */
  const held = [];
  /** @param {Event} event */
  const hold = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(button)) held.push(button);
  };
  d.addEventListener('click', hold, true);
  addEventListener(
    hydratedEvent,
    () => {
      d.removeEventListener('click', hold, true);
      setTimeout(() => {
        for (const button of held.splice(0)) if (button.isConnected) button.click();
      });
    },
    { once: true },
  );
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    /** @type {string[]} */
    const preloads = JSON.parse(boot.getAttribute('data-modulepreload') || '[]');
    const links = d.createDocumentFragment();
    for (const href of preloads) {
      const link = d.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      links.append(link);
    }
    d.head.append(links);
    // The bootstrap in a task of its own: starting the preloads and compiling the bootstrap in one
    // task made it one of the longest after the first paint.
    setTimeout(() => {
      const script = d.createElement('script');
      script.type = 'module';
      script.textContent = boot.textContent;
      d.body.append(script);
    });
  };
  setTimeout(start, waitMs);
  const paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (d.visibilityState !== 'visible') {
    start();
  } else if (!paintTiming) {
    requestAnimationFrame(() => setTimeout(start));
  } else {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  }
}

/** The loader as it goes into every page (the same text, hence the same CSP hash, everywhere). */
export const AFTER_PAINT_LOADER = minifiedCall(afterPaintLoader, [
  DEFERRED_MODULE_TYPE,
  HYDRATED_EVENT,
  FIRST_PAINT_WAIT_MS,
]);

/**
 * `fn(...args)` as minified source, for an inline script.
 * @param {Function} fn
 * @param {unknown[]} args
 */
function minifiedCall(fn, args) {
  const source = `(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(',')});`;
  const { code, errors } = minifySync('inline-script.js', source);
  if (errors.length > 0) throw new Error(`cannot minify ${fn.name}: ${errors[0]?.message}`);
  return code.trim();
}

/**
 * The page with its scripts deferred until the first paint: module preloads removed (listed on the
 * bootstrap instead), React Router's bootstrap inert, the loader after it. Idempotent.
 * @param {string} html
 * @returns {string}
 */
export function deferScripts(html) {
  if (html.includes(`type="${DEFERRED_MODULE_TYPE}"`)) return html;
  /** @type {string[]} */
  const preloads = [];
  let page = html.replace(MODULEPRELOAD, (tag) => {
    const href = /\bhref="([^"']+)"/.exec(tag)?.[1];
    if (href) preloads.push(href);
    return '';
  });
  const bootstraps = [...page.matchAll(SCRIPT_ELEMENT)].filter(
    ([, attributes = '', body = '']) =>
      /\btype="module"/.test(attributes) && body.includes(ROUTE_MODULES_GLOBAL),
  );
  if (bootstraps.length !== 1) {
    throw new Error(`expected React Router's bootstrap module once, found ${bootstraps.length}`);
  }
  const [element, , body = ''] = /** @type {RegExpExecArray} */ (bootstraps[0]);
  const at = page.indexOf(element);
  const deferred =
    `<script type="${DEFERRED_MODULE_TYPE}" data-modulepreload='${JSON.stringify(preloads)}'>${body}</script>` +
    `<script>${AFTER_PAINT_LOADER}</script>`;
  page = page.slice(0, at) + deferred + page.slice(at + element.length);
  return page;
}

/**
 * The page without its render's nonce, and the inline scripts its renderer emitted: those carrying
 * the nonce named in the comment that opens the page (app/entry.server.tsx). Data blocks (JSON,
 * JSON-LD) are not scripts: the browser runs none. Throws when the page has no such comment, or
 * holds any other script: something in the content became markup, and the page's CSP must never
 * allow it.
 * @param {string} html
 * @returns {{ html: string, scripts: string[] }}
 */
export function ownScripts(html) {
  const opening = new RegExp(`^<!--${SCRIPT_NONCE_COMMENT}([A-Za-z0-9_-]{16,})-->`).exec(html);
  if (!opening) throw new Error('the page has no script nonce: not rendered by entry.server.tsx');
  const nonce = ` nonce="${opening[1]}"`;
  /** @type {string[]} */
  const scripts = [];
  const page = html
    .slice(opening[0].length)
    .replace(SCRIPT_ELEMENT, (element, attributes, body) => {
      const type = /\btype="([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase();
      if (type === 'application/json' || type === 'application/ld+json') {
        return element.replace(nonce, '');
      }
      if (!attributes.includes(nonce)) {
        throw new Error(`a script its renderer did not emit: ${element.slice(0, 80)}…`);
      }
      if (!/\bsrc\s*=/i.test(attributes)) scripts.push(body);
      return `<script${attributes.replace(nonce, '')}>${body}</script>`;
    });
  // React Router's module preloads carry it too.
  return { html: page.split(nonce).join(''), scripts };
}

/**
 * Throws when an element of the page has a `style` attribute (the pages' CSP allows none: it
 * would be ignored, with a CSP error in the console). Script and style contents are not markup.
 * @param {string} html
 */
export function assertNoStyleAttributes(html) {
  const markup = html
    .replace(SCRIPT_ELEMENT, '<script></script>')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '<style></style>');
  const found = /<[a-z][^>]*?\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i.exec(markup);
  if (found) {
    throw new Error(
      `a style attribute (${found[0].slice(0, 80)}…): the pages' CSP ignores it, use a class`,
    );
  }
}

/**
 * One page, optimized (see the module's comment).
 * @param {string} html
 * @param {ReadonlyArray<{ href: string, css: string }>} stylesheets
 */
export function optimizePage(html, stylesheets) {
  assertNoStyleAttributes(html);
  return deferScripts(inlineStylesheets(html, stylesheets));
}

function escapeRegExp(/** @type {string} */ text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.isFile() && entry.name.endsWith('.html')) yield full;
  }
}

/**
 * The stylesheets a route manifest names, read from the client build once (kept in `cache`), ready
 * to inline: without Vite's chunk marker comment (`$vite$:1`), bytes no page needs. Also used
 * by the page renderer (page-renderer.mjs) that renders edited content at runtime.
 * @param {string} dir the client build
 * @param {string} manifest
 * @param {Map<string, Array<{ href: string, css: string }>>} cache
 */
export async function stylesheetsOfManifest(dir, manifest, cache) {
  let stylesheets = cache.get(manifest);
  if (!stylesheets) {
    const hrefs = manifestStylesheets(await readFile(path.join(dir, manifest), 'utf8'));
    stylesheets = await Promise.all(
      hrefs.map(async (href) => {
        const css = (await readFile(path.join(dir, href), 'utf8'))
          .replace(/\/\*\$vite\$:\d+\*\/\s*$/, '')
          .trim();
        assertInlinable(css, href);
        return { href, css };
      }),
    );
    cache.set(manifest, stylesheets);
  }
  return stylesheets;
}

/**
 * Optimize every page of a client build.
 * @param {string} dir
 * @returns {Promise<{ pages: number, stylesheets: string[], bytes: number }>}
 */
export async function optimizeBuild(dir) {
  /** @type {Map<string, Array<{ href: string, css: string }>>} */
  const byManifest = new Map();
  const load = (/** @type {string} */ manifest) => stylesheetsOfManifest(dir, manifest, byManifest);
  let pages = 0;
  for await (const file of htmlFiles(dir)) {
    const rendered = await readFile(file, 'utf8');
    const manifest = manifestPath(rendered);
    if (!manifest) throw new Error(`${file}: no React Router manifest import`);
    try {
      const { html } = ownScripts(rendered);
      await writeFile(file, optimizePage(html, await load(manifest)));
    } catch (error) {
      throw new Error(
        `${path.relative(dir, file)}: ${error instanceof Error ? error.message : error}`,
      );
    }
    pages++;
  }
  const stylesheets = [...byManifest.values()].flat();
  return {
    pages,
    stylesheets: [...new Set(stylesheets.map((s) => s.href))],
    bytes: stylesheets.reduce((sum, s) => sum + Buffer.byteLength(s.css), 0),
  };
}

async function main() {
  const dir = path.resolve(process.argv[2] ?? clientBuildDir());
  try {
    const { pages, stylesheets, bytes } = await optimizeBuild(dir);
    console.log(
      `optimize-pages: ${pages} pages: ${stylesheets.join(', ')} (${(bytes / 1024).toFixed(1)} KB) ` +
        'inline, scripts after the first paint',
    );
  } catch (error) {
    console.error(`optimize-pages: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
