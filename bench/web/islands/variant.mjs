// @ts-check
/**
 * The islands experiment's pages (issue 33 point 3, decision 071), made from the production build:
 * the island entry (./entry.tsx) is bundled by Vite with the build's own settings (the framework in
 * one chunk with V8's compile hint, the lean preload helper), and each prerendered page is copied
 * with React Router's scripts removed, its interactive parts wrapped in
 * `<centro-island data-island="…">` (`display: contents`), their props (from the page's loader data)
 * in a JSON block, and the island entry as the deferred module that the page's after-paint loader
 * starts, as it starts React Router's bootstrap in the product. Nothing is written into the
 * product's build: the bundle goes to `build/islands-experiment/`, the pages are returned.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router';
import { build } from 'vite';
import { buildDir, clientBuildDir } from '../../../apps/web/scripts/build-dir.mjs';
import { DEFERRED_MODULE_TYPE } from '../../../apps/web/scripts/js-budget.mjs';
import {
  compileHintFor,
  leanPreloadHelper,
  WARNING_FUNCTIONS,
} from '../../../apps/web/scripts/vite-lean-client.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../../../apps/web');
/** Where the island bundle is served from (by the benchmark's own server). */
export const ISLANDS_BASE = '/islands/';
export const islandsOutDir = () => path.join(buildDir(), 'islands-experiment');

/** React, React DOM and the scheduler: the islands' framework chunk (no React Router). */
const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;

/**
 * Bundles the island entry; returns its file and the files it imports statically (to preload).
 * @returns {Promise<{ entry: string, preloads: string[] }>}
 */
export async function buildIslands() {
  const outDir = islandsOutDir();
  await build({
    configFile: false,
    root: webDir,
    base: ISLANDS_BASE,
    logLevel: 'warn',
    mode: 'production',
    plugins: [leanPreloadHelper()],
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: path.join(here, 'router-shim.tsx') },
        { find: '~', replacement: path.join(webDir, 'app') },
      ],
    },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      cssCodeSplit: false,
      modulePreload: false,
      rolldownOptions: {
        input: path.join(here, 'entry.tsx'),
        treeshake: { manualPureFunctions: WARNING_FUNCTIONS },
        output: {
          codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
          postBanner: compileHintFor,
        },
      },
    },
  });
  /** @type {Record<string, { file: string, imports?: string[], isEntry?: boolean }>} */
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const [key, chunk] = Object.entries(manifest).find(([, c]) => c.isEntry) ?? [];
  if (!key || !chunk) throw new Error('no island entry in the manifest');
  /** @type {string[]} */
  const preloads = [];
  const visit = (/** @type {string} */ id) => {
    for (const imported of manifest[id]?.imports ?? []) {
      const file = ISLANDS_BASE + (manifest[imported]?.file ?? '');
      if (preloads.includes(file)) continue;
      preloads.push(file);
      visit(imported);
    }
  };
  visit(key);
  return { entry: ISLANDS_BASE + chunk.file, preloads };
}

/** A prerendered page's file in the client build. */
export function pageFile(/** @type {string} */ route) {
  return path.join(clientBuildDir(), route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
}

/**
 * The page's loader data (React Router's turbo-stream in the page's inline scripts).
 * @param {string} html
 * @returns {Promise<Record<string, any>>}
 */
async function loaderData(html) {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map(
    ([, literal = '""']) => /** @type {string} */ (JSON.parse(literal)),
  );
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  const decoded = await decodeViaTurboStream(stream, globalThis);
  await decoded.done;
  return /** @type {any} */ (decoded.value).loaderData;
}

/**
 * The element that begins at `start` (a start tag), to its matching end tag.
 * @param {string} html
 * @param {number} start
 */
function elementEnd(html, start) {
  const tag = /^<([a-z][\w-]*)/i.exec(html.slice(start))?.[1];
  if (!tag) throw new Error('not a start tag');
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return match.index + match[0].length;
  }
  throw new Error(`no end of <${tag}>`);
}

/** The page with the element opened by `startTag` wrapped as an island, if the page has it. */
function wrap(
  /** @type {string} */ html,
  /** @type {string} */ startTag,
  /** @type {string} */ name,
) {
  const start = html.indexOf(startTag);
  if (start === -1) return html;
  const end = elementEnd(html, start);
  return (
    html.slice(0, start) +
    `<centro-island data-island="${name}">${html.slice(start, end)}</centro-island>` +
    html.slice(end)
  );
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The islands variant of one built page.
 * @param {string} html the page as built (after optimize-pages.mjs)
 * @param {{ entry: string, preloads: string[] }} islands
 */
export async function islandsPage(html, islands) {
  const data = await loaderData(html);
  const shell = data.root;
  const route = Object.entries(data).find(([id]) => id !== 'root')?.[1] ?? {};
  /** @type {Record<string, unknown>} */
  const props = { auth: shell.auth, firstCoursePath: shell.firstCoursePath };
  let page = wrap(html, '<nav class="main-nav"', 'nav');
  if (page.includes('<section class="course__enrol')) {
    props.page = route.page;
    page = wrap(page, '<section class="course__enrol', 'enrol');
    page = wrap(page, '<section class="course__share', 'share');
  }
  if (page.includes('<section class="carousel"')) {
    props.carousel = { slides: route.page.slides, label: 'Imagens da nossa casa' };
    page = wrap(page, '<section class="carousel"', 'carousel');
  }
  // React Router's scripts leave (scroll restoration, its context and data); the deferred module
  // becomes the island entry; the after-paint loader and the data blocks stay.
  page = page.replace(SCRIPT_ELEMENT, (element, attributes = '', body = '') => {
    if (attributes.includes(`type="${DEFERRED_MODULE_TYPE}"`)) {
      return `<script type="${DEFERRED_MODULE_TYPE}" data-modulepreload='${JSON.stringify(islands.preloads)}'>import(${JSON.stringify(islands.entry)});</script>`;
    }
    if (/__reactRouter|react-router-scroll-positions/.test(body)) return '';
    return element;
  });
  const json = JSON.stringify(props).replace(/</g, '\\u003c');
  const extra =
    `<style>centro-island{display:contents}</style>` +
    `<script type="application/json" id="islands-props">${json}</script>`;
  return page.replace(/<\/head>/, `${extra}</head>`);
}
