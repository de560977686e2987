// @ts-check
/**
 * The JavaScript budget of an anonymous visitor's first load of the home page: what it counts and
 * its verdict. Pure functions, no I/O: `scripts/check-js-budget.mjs` (the check) reads the build
 * and calls them; the report it prints is js-budget-report.mjs; which source module every byte of
 * a chunk comes from is source-map-bytes.mjs (recorded by `vite-module-stats.mjs`).
 *
 * What counts: every script an HTML page loads on its own — `<script src>`,
 * `<link rel="modulepreload">` (or `rel="preload" as="script"`), the static and `import("…")`
 * specifiers of its inline scripts (React Router's bootstrap imports the client entry with
 * `import()`, unconditionally), the bootstrap and preloads optimize-pages.mjs defers until the first
 * paint — and every chunk those import statically, transitively. Dynamic imports inside the chunks (MSAL, the toast
 * library) are excluded: they load only when a page needs them.
 */

/**
 * The budget: 100 KB of brotli-compressed JavaScript, counted as 100,000 bytes (decimal kilobytes,
 * the stricter of the two readings: 100 KiB would allow 102,400).
 */
export const JS_BUDGET_BYTES = 100_000;

/**
 * The type of React Router's bootstrap module once optimize-pages.mjs has deferred it until the first
 * paint: a module all the same (its loader runs it as one), whose preloads are listed in its
 * `data-modulepreload` attribute (a JSON array).
 */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

/** Format version of the build's module report (see vite-module-stats.mjs). */
export const MODULE_STATS_VERSION = 1;

/**
 * @typedef {object} ChunkStats One JavaScript chunk of the client build, as the plugin records it.
 * @property {number} bytes Size of the file as written, in bytes.
 * @property {string[]} imports Chunks it imports statically (file names relative to the build root).
 * @property {string[]} dynamicImports Chunks it imports with `import()`.
 * @property {Record<string, number>} modules Bytes of the minified file per source module.
 */

/**
 * @typedef {object} ModuleStats The build's module report.
 * @property {number} version
 * @property {string} attribution 'sourcemap' (bytes of the minified output) or 'rendered'.
 * @property {Record<string, ChunkStats>} chunks By file name relative to the build root.
 */

/**
 * @typedef {object} MeasuredFile A first-load file with its sizes.
 * @property {string} file
 * @property {number} raw
 * @property {number} br
 * @property {number} gz
 * @property {Record<string, number>} modules
 */

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const LINK_ELEMENT = /<link\b([^>]*)>/gi;
const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import\s*(?:[\w$*{}\s,]+?\s*from\s*)?|export\s*(?:\*|\{[^}]*\})\s*from\s*)["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;
const DATA_BLOCK_TYPES = new Set(['application/json', 'application/ld+json', 'importmap']);

/**
 * The value of an HTML attribute in a tag's attribute text, or undefined.
 * @param {string} attributes
 * @param {string} name
 * @returns {string | undefined}
 */
export function attributeValue(attributes, name) {
  const pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
  const match = pattern.exec(attributes);
  if (match) return match[1] ?? match[2] ?? match[3] ?? '';
  return new RegExp(`(?:^|\\s)${name}(?=\\s|/|$)`, 'i').test(attributes) ? '' : undefined;
}

/**
 * Every script URL an HTML page loads at once, deduplicated, in document order.
 * @param {string} html
 * @returns {string[]}
 */
export function referencedScripts(html) {
  /** @type {Set<string>} */
  const urls = new Set();
  for (const [, attributes = ''] of html.matchAll(LINK_ELEMENT)) {
    const rel = (attributeValue(attributes, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attributeValue(attributes, 'href');
    if (!href) continue;
    const as = (attributeValue(attributes, 'as') ?? '').toLowerCase();
    if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script')) {
      urls.add(href);
    }
  }
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    const src = attributeValue(attributes, 'src');
    if (src) {
      urls.add(src);
      continue;
    }
    const type = (attributeValue(attributes, 'type') ?? '').trim().toLowerCase();
    if (DATA_BLOCK_TYPES.has(type)) continue;
    if (type === DEFERRED_MODULE_TYPE) {
      for (const href of deferredPreloads(attributeValue(attributes, 'data-modulepreload'))) {
        urls.add(href);
      }
    }
    if (type === 'module' || type === DEFERRED_MODULE_TYPE) {
      for (const [, specifier = ''] of body.matchAll(STATIC_IMPORT)) urls.add(specifier);
    }
    for (const [, specifier = ''] of body.matchAll(DYNAMIC_IMPORT)) urls.add(specifier);
  }
  return [...urls];
}

/**
 * The preloads of a deferred bootstrap: its `data-modulepreload`, a JSON array of URLs.
 * @param {string | undefined} value
 * @returns {string[]}
 */
export function deferredPreloads(value) {
  if (!value) return [];
  const parsed = JSON.parse(value.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  if (!Array.isArray(parsed) || !parsed.every((href) => typeof href === 'string')) {
    throw new Error(`data-modulepreload is not a list of URLs: ${value}`);
  }
  return parsed;
}

/**
 * The build file of a script URL of the site (`/assets/x.js` → `assets/x.js`); undefined for a URL
 * the build does not serve (another origin).
 * @param {string} url
 * @returns {string | undefined}
 */
export function buildFileOf(url) {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return undefined;
  const file = new URL(url, 'https://site.invalid/').pathname.slice(1);
  return decodeURIComponent(file);
}

/**
 * The chunks of a first load: the entry files and, transitively, every chunk they import statically.
 * A file the module report does not know (React Router writes its route manifest after the bundler
 * has run) is listed in `outside`; its imports cannot be followed (see `hasStaticImports`).
 * @param {readonly string[]} entries
 * @param {Record<string, Pick<ChunkStats, 'imports'>>} chunks
 * @returns {{ files: string[], outside: string[] }} Every file, in discovery order; those unknown.
 */
export function firstLoadChunks(entries, chunks) {
  /** @type {string[]} */
  const files = [];
  /** @type {string[]} */
  const outside = [];
  const seen = new Set();
  const visit = (/** @type {string} */ file) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(file);
    const chunk = chunks[file];
    if (!chunk) {
      outside.push(file);
      return;
    }
    for (const imported of chunk.imports) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return { files, outside };
}

/**
 * The chunk files that hold a module whose id ends with one of `moduleIds` (e.g.
 * 'app/routes/perfil.tsx'): what a screen adds to the shell's first load when a route or a lazily
 * imported part (MSAL's session) loads.
 * @param {Record<string, Pick<ChunkStats, 'modules'>>} chunks
 * @param {readonly string[]} moduleIds
 * @returns {string[]}
 */
export function chunksHolding(chunks, moduleIds) {
  const found = moduleIds.map((id) =>
    Object.keys(chunks).filter((file) =>
      Object.keys(chunks[file]?.modules ?? {}).some((module) => module.endsWith(id)),
    ),
  );
  const missing = moduleIds.filter((_, i) => found[i]?.length === 0);
  if (missing.length > 0) throw new Error(`No chunk holds ${missing.join(', ')}`);
  return [...new Set(found.flat())];
}

/**
 * Whether a JavaScript file imports anything statically (a file outside the module report must not:
 * its imports would go uncounted).
 * @param {string} code
 */
export function hasStaticImports(code) {
  STATIC_IMPORT.lastIndex = 0;
  return STATIC_IMPORT.test(code);
}

/** Whether a module id is MSAL's (the sign-in library, never part of an anonymous first load). */
export function isMsalModule(/** @type {string} */ id) {
  return /(?:^|[\\/])@azure[\\/]msal-/.test(id);
}

/** Whether a module id is the staff area's (never downloaded by visitors or participants). */
export function isStaffModule(/** @type {string} */ id) {
  return /(?:^|[\\/])app[\\/](?:features[\\/]staff[\\/]|routes[\\/]equipe\.tsx$)/.test(id);
}

/**
 * What a load must not hold, by module id: its name, or null. An anonymous first load holds
 * neither MSAL nor the staff area; a participant's screen may hold MSAL (`allowMsal`).
 */
export function forbiddenIn(
  /** @type {string} */ id,
  /** @type {{ allowMsal?: boolean, allowStaff?: boolean }} */ allowed = {},
) {
  if (!allowed.allowMsal && isMsalModule(id)) return 'MSAL';
  if (!allowed.allowStaff && isStaffModule(id)) return 'the staff area';
  return null;
}

/**
 * @typedef {object} BudgetResult
 * @property {number} budget
 * @property {{ raw: number, br: number, gz: number }} total
 * @property {boolean} withinBudget
 * @property {Array<{ file: string, module: string, what: string }>} forbidden Modules that must stay
 *   out of the first load (MSAL, the staff area), with what they are.
 * @property {MeasuredFile[]} files Largest (brotli) first.
 * @property {Array<{ id: string, file: string, bytes: number, br: number, gz: number }>} modules
 *   Largest first; `br` and `gz` estimated as the module's share of its file's minified bytes.
 */

/**
 * Totals, the verdict and the largest files and modules of a first load.
 * @param {readonly MeasuredFile[]} files
 * @param {number} [budget]
 * @param {{ allowMsal?: boolean, allowStaff?: boolean }} [allowed] What this load may hold.
 * @returns {BudgetResult}
 */
export function evaluateBudget(files, budget = JS_BUDGET_BYTES, allowed = {}) {
  const total = { raw: 0, br: 0, gz: 0 };
  /** @type {BudgetResult['modules']} */
  const modules = [];
  /** @type {BudgetResult['forbidden']} */
  const forbidden = [];
  for (const file of files) {
    total.raw += file.raw;
    total.br += file.br;
    total.gz += file.gz;
    const attributed = Object.values(file.modules).reduce((sum, n) => sum + n, 0) || 1;
    for (const [id, bytes] of Object.entries(file.modules)) {
      const what = forbiddenIn(id, allowed);
      if (what) forbidden.push({ file: file.file, module: id, what });
      modules.push({
        id,
        file: file.file,
        bytes,
        br: Math.round((file.br * bytes) / attributed),
        gz: Math.round((file.gz * bytes) / attributed),
      });
    }
  }
  modules.sort((a, b) => b.br - a.br || a.id.localeCompare(b.id));
  return {
    budget,
    total,
    withinBudget: total.br <= budget,
    forbidden,
    files: [...files].sort((a, b) => b.br - a.br || a.file.localeCompare(b.file)),
    modules,
  };
}
