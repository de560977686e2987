// @ts-check
/**
 * The server's renderer of edited pages (decision 054): a public page rendered again from the
 * content saved in the staff area, the same way the build prerenders it. React Router's server
 * build, kept beside the client build (`renderer/server/`, see `keepServerBuild`), answers the
 * page's `.data` request then its document request, as React Router's prerender does, with the
 * saved content in the loaders' context (app/lib/published-content.server.ts); the page then goes
 * through the build's own last steps (optimize-pages.mjs: inline stylesheet, deferred scripts;
 * preview-images.mjs: the build-only attribute removed).
 *
 * The build writes `renderer/render.js`, which the server imports: it exports `render(urlPath,
 * content, options)` → the page's HTML, the inline scripts it emitted there (`scripts`: the
 * server allows these alone in the page's CSP, decision 003) and its `.data` (what client
 * navigation fetches), and for a
 * page showing an uploaded photo its link preview drawn with it (`files`, decision 065, from
 * `options.photoOf`). With `{ preview: true }` the inlined stylesheets are links again: a preview
 * is shown in a window of the staff area, under its CSP, which refuses the page's own inline
 * styles (decision 064); and it carries no script: hydrating in that blank window (whose address
 * is no page of the site) could replace the page shown (decision 068).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler, RouterContextProvider } from 'react-router';

/**
 * The path that renders the signed-in pages' shell (`__spa-fallback.html`, their footer shows the
 * contact details, decision 068): it has no `.data`.
 */
export const SPA_FALLBACK_PATH = '/__spa-fallback.html';

/**
 * `render(urlPath, content)` for the build whose renderer directory is `rendererDir`.
 * @param {string} rendererDir `<build>/renderer`
 */
export function createPageRenderer(rendererDir) {
  const clientDir = path.join(path.dirname(rendererDir), 'client');
  /** @typedef {typeof import('./optimize-pages.mjs')} Optimizer */
  /** @typedef {typeof import('./preview-images.mjs')} Previews */
  /** @type {Promise<{ build: any, handler: import('react-router').RequestHandler, optimizer: Optimizer, previews: Previews }> | undefined} */
  let loading;
  /** @type {Map<string, Array<{ href: string, css: string }>>} */
  const stylesheets = new Map();

  // Loaded at the first render (the optimizer brings Vite's minifier): not at the server's start.
  const load = () =>
    (loading ??= Promise.all([
      import(pathToFileURL(path.join(rendererDir, 'server', 'index.js')).href),
      import('./optimize-pages.mjs'),
      import('./preview-images.mjs'),
    ]).then(([build, optimizer, previews]) => ({
      build,
      handler: createRequestHandler(build, 'production'),
      optimizer,
      previews,
    })));

  /** @param {Optimizer} optimizer @param {string} manifest */
  const stylesheetsOf = ({ stylesheetsOfManifest }, manifest) =>
    stylesheetsOfManifest(clientDir, manifest, stylesheets);

  /**
   * @param {string} urlPath
   * @param {Record<string, unknown>} content
   * @param {{ preview?: boolean, photoOf?: (id: string) => Promise<Uint8Array | undefined> }} [options]
   *   `preview`: stylesheets linked (decision 064); `photoOf`: the JPEG of an uploaded photo, for
   *   the link preview of a page that shows one (decision 065)
   * @returns {Promise<{ html: string, scripts: string[], data?: string, files?: Array<{ path: string, body: Uint8Array, type: string }> }>}
   */
  return async function render(urlPath, content, options = {}) {
    const { build, handler, optimizer, previews } = await load();
    const key = build.entry.module.publishedContent;
    if (!key) throw new Error("the server build's entry exports no publishedContent");
    const context = () => new RouterContextProvider(new Map([[key, content]]));
    if (urlPath === SPA_FALLBACK_PATH) {
      // The signed-in pages' shell, as React Router's prerender writes it (SPA mode: the root
      // only). React Router reads that header only in a build-time request (IS_RR_BUILD_REQUEST,
      // set by its prerender): set for this render. A page rendered meanwhile then reads its
      // `X-React-Router-Prerender-Data`, the data it has just fetched: the same page.
      const before = process.env.IS_RR_BUILD_REQUEST;
      process.env.IS_RR_BUILD_REQUEST = 'yes';
      let answer;
      let html;
      try {
        answer = await handler(
          new Request('http://localhost/', { headers: { 'X-React-Router-SPA-Mode': 'yes' } }),
          context(),
        );
        html = await answer.text();
      } finally {
        if (before === undefined) delete process.env.IS_RR_BUILD_REQUEST;
        else process.env.IS_RR_BUILD_REQUEST = before;
      }
      if (answer.status !== 200) throw new Error(`${urlPath}: ${answer.status}`);
      const manifest = optimizer.manifestPath(html);
      if (!manifest) throw new Error(`${urlPath}: no React Router manifest import`);
      const own = optimizer.ownScripts(html);
      const optimized = optimizer.optimizePage(own.html, await stylesheetsOf(optimizer, manifest));
      return {
        html: previews.withoutIllustrationAttribute(optimized),
        scripts: [...own.scripts, optimizer.AFTER_PAINT_LOADER],
      };
    }
    const dataPath = urlPath === '/' ? '/_root.data' : `${urlPath}.data`;
    const dataAnswer = await handler(new Request(`http://localhost${dataPath}`), context());
    const data = await dataAnswer.text();
    if (dataAnswer.status !== 200 && dataAnswer.status !== 202) {
      throw new Error(`${dataPath}: ${dataAnswer.status}`);
    }
    const pageAnswer = await handler(
      new Request(`http://localhost${`${urlPath}/`.replace(/\/\/+/g, '/')}`, {
        headers: { 'X-React-Router-Prerender-Data': encodeURI(data) },
      }),
      context(),
    );
    const rendered = await pageAnswer.text();
    if (pageAnswer.status !== 200) throw new Error(`${urlPath}: ${pageAnswer.status}`);
    const manifest = optimizer.manifestPath(rendered);
    if (!manifest) throw new Error(`${urlPath}: no React Router manifest import`);
    // The build's last steps: optimize-pages.mjs (its own scripts, or no page: decision 003),
    // then preview-images.mjs's (the link preview is the build's, unless the page shows an
    // uploaded photo: then it is drawn with the photo).
    const own = optimizer.ownScripts(rendered);
    const optimized = optimizer.optimizePage(own.html, await stylesheetsOf(optimizer, manifest));
    const {
      html: previewed,
      files,
      renamed,
    } = await previews.withPhotoPreview(optimized, options.photoOf);
    const finished = previews.withoutIllustrationAttribute(previewed);
    // The preview's new name is in the page's data script too.
    const rename = (/** @type {string} */ text) =>
      renamed ? text.split(renamed.from).join(renamed.to) : text;
    const page = {
      html: options.preview ? withoutScripts(withStylesheetsLinked(finished)) : finished,
      // The inline scripts the page runs, for its CSP (none in a preview).
      scripts: options.preview ? [] : [...own.scripts.map(rename), optimizer.AFTER_PAINT_LOADER],
      // The data's meta names the same preview (hydration renders it: one og:image, not two).
      data: rename(data),
    };
    return files.length > 0 ? { ...page, files } : page;
  };
}

/**
 * The page with each stylesheet optimize-pages.mjs inlined linked again, from the file it came from.
 * @param {string} html
 */
export function withStylesheetsLinked(html) {
  return html.replace(
    /<style data-inlined-from="([^"]+)">[\s\S]*?<\/style>/g,
    '<link rel="stylesheet" href="$1">',
  );
}

/**
 * The page without its scripts (a preview is looked at, not used): every `<script>` but the
 * structured data, and the module preloads.
 * @param {string} html
 */
export function withoutScripts(html) {
  return html
    .replace(/<script(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * Vite plugin: copies React Router's server build (which it deletes after prerendering, as
 * `ssr: false` needs no server) to `<build>/renderer/server/`, and writes `renderer/render.js`.
 * @param {string} buildDirectory
 * @returns {import('vite').Plugin}
 */
export function keepServerBuild(buildDirectory) {
  const rendererDir = path.join(buildDirectory, 'renderer');
  const self = fileURLToPath(import.meta.url);
  return {
    name: 'centro:keep-server-build',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    // Before React Router's own writeBundle, which prerenders and then deletes the server build.
    writeBundle: {
      order: 'pre',
      handler(options) {
        if (!options.dir) return;
        rmSync(rendererDir, { recursive: true, force: true });
        mkdirSync(rendererDir, { recursive: true });
        cpSync(options.dir, path.join(rendererDir, 'server'), { recursive: true });
        const from = path.relative(rendererDir, self).split(path.sep).join('/');
        writeFileSync(
          path.join(rendererDir, 'render.js'),
          `// Written by the web build (scripts/page-renderer.mjs): the server's renderer of edited pages.\n` +
            `import { fileURLToPath } from 'node:url';\n` +
            `import { createPageRenderer } from ${JSON.stringify(from.startsWith('.') ? from : `./${from}`)};\n` +
            `export const render = createPageRenderer(fileURLToPath(new URL('.', import.meta.url)));\n`,
        );
      },
    },
  };
}
