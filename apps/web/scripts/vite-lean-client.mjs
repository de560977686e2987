// @ts-check
/**
 * Vite plugins that keep the browser's JavaScript small (decision 010); each applies to the client
 * build only, so the prerendering server build is untouched.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * React Router publishes a development and a production build, and its package exports only the
 * development one, which keeps its development warnings in the browser bundle. The client build
 * takes the production build (`react-router` and `react-router/dom`), which differs only by those.
 * @returns {import('vite').Plugin}
 */
export function reactRouterProductionBuild() {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
  /** @type {Record<string, string>} */
  const entries = {
    'react-router': path.join(dist, 'production', 'index.mjs'),
    'react-router/dom': path.join(dist, 'production', 'dom-export.mjs'),
  };
  return {
    name: 'centro:react-router-production-build',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id) {
      return entries[id] ?? null;
    },
  };
}

/** Vite's module id of its preload helper, which wraps every dynamic `import()` of the app. */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * A preload helper of a few lines: module-preloads the chunks a dynamic import depends on (once
 * each), then imports. Vite's own (about 600 B compressed, in every first load) also loads the
 * imported chunks' stylesheets, reports failures with a `vite:preloadError` event and supports
 * relative bases; the site has one stylesheet, inline, no listener for that event and an absolute
 * base.
 * @param {string} base Vite's `base` (absolute, ending with a slash).
 */
export function preloadHelperSource(base) {
  return [
    'const preloaded = new Set();',
    'export const __vitePreload = (load, deps) => {',
    '  for (const dep of deps || []) {',
    `    const href = ${JSON.stringify(base)} + dep;`,
    "    if (preloaded.has(href) || dep.endsWith('.css')) continue;",
    '    preloaded.add(href);',
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    '  return load();',
    '};',
  ].join('\n');
}

/**
 * Vite wraps each dynamic `import()` in its preload helper; the client build gets the lighter one
 * above instead (`preloadHelperSource`).
 * @returns {import('vite').Plugin}
 */
export function leanPreloadHelper() {
  let base = '/';
  return {
    name: 'centro:lean-preload-helper',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      if (!config.base.startsWith('/')) {
        throw new Error(`leanPreloadHelper needs an absolute base, not "${config.base}"`);
      }
      base = config.base;
    },
    load(id) {
      return id === PRELOAD_HELPER_ID ? preloadHelperSource(base) : null;
    },
  };
}

/** React, React DOM, its scheduler and React Router: the framework every page loads first. */
export const FRAMEWORK_MODULE =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;

/**
 * React Router's functions that only print development warnings (`console.warn`); its production
 * build still calls them. Declared pure, their calls leave the bundle (about 1 KB compressed), as
 * React's own production build has no warnings. Rolldown treats every bare call of a function of
 * that name as pure: no other module of the client build declares one (a test checks the app's).
 */
export const WARNING_FUNCTIONS = ['warning', 'warnOnce'];

/** The root route's module (React Router may add a query to the id). */
const ROOT_MODULE = /[\\/]app[\\/]root\.tsx(?:\?.*)?$/;
/** The website's own source (`app/`), as opposed to the framework and the packages. */
const APP_SOURCE = /^(?!.*[\\/]node_modules[\\/]).*[\\/]app[\\/]/;
/** The picture component: most public pages show one, so it goes with the shell. */
const CONTENT_IMAGE = /[\\/]app[\\/]components[\\/]content-image\.tsx$/;

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that begins with this comment has all
 * its functions compiled eagerly, while it streams in, off the main thread, instead of each one on
 * the main thread at its first call. Every page calls most of the framework while it hydrates; with
 * the hint the main thread's work after the first paint fell by about a tenth and its longest task
 * from about 12 to 10 ms of CPU (decision 035). Other browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The compile hint for the framework's chunk, nothing for the others (the app's chunks are small,
 * and MSAL's or the staff area's functions are not all called when they load).
 * @param {{ name: string }} chunk
 */
export function compileHintFor(chunk) {
  return chunk.name === 'framework' ? COMPILE_HINT : '';
}

/**
 * @typedef {{ getModuleInfo(id: string): { importedIds: readonly string[] } | null }} ChunkingContext
 */

/**
 * The shell: what every page loads after the framework, in one chunk. Left to itself the bundler
 * makes one chunk of the root route's own modules and one more for each set of them that some page
 * also imports (the auth hook, the SEO helpers, the preload helper...): five small files in every
 * first load, each compressed on its own and named in every importer. Captured here: the website's
 * modules the root route imports statically (transitively), Vite's preload helper, and the picture
 * component (on most public pages). About 500 B less brotli on every page.
 * @returns {import('rolldown').CodeSplittingGroup}
 */
export function shellGroup() {
  /** @type {string | undefined} */
  let rootId;
  /** @type {Set<string> | undefined} */
  let rootImports;
  return {
    // Rolldown calls `test` for every candidate module before the first `name` call of a pass.
    test: (id) => {
      if (ROOT_MODULE.test(id)) {
        rootId = id;
        rootImports = undefined;
      }
      return true;
    },
    name: (id, /** @type {ChunkingContext} */ context) => {
      if (rootId === undefined) return null;
      if (rootImports === undefined) {
        rootImports = new Set();
        const pending = [rootId];
        for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
          if (rootImports.has(next)) continue;
          rootImports.add(next);
          pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      const inShell =
        id === PRELOAD_HELPER_ID ||
        CONTENT_IMAGE.test(id) ||
        (APP_SOURCE.test(id) && rootImports.has(id));
      return inShell ? 'shell' : null;
    },
  };
}

/**
 * Rolldown's options for the client build: React Router's warnings dropped, the framework in one
 * chunk, which begins with V8's compile hint (`compileHintFor`, added after minification, which
 * would drop the comment), and the shell in another (`shellGroup`). Left to itself the bundler splits
 * the framework in two (React and React Router for every route, React DOM for the entry), both in
 * every first load; one file compresses better (about 1.2 KB less brotli) and is one request fewer.
 * @type {import('vite').BuildEnvironmentOptions['rolldownOptions']}
 */
export const clientRolldownOptions = {
  treeshake: { manualPureFunctions: WARNING_FUNCTIONS },
  output: {
    codeSplitting: {
      groups: [{ name: 'framework', test: FRAMEWORK_MODULE }, shellGroup()],
    },
    postBanner: compileHintFor,
  },
};
