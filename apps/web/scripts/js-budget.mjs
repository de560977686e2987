// @ts-check
/**
 * The JavaScript budget of an anonymous visitor's first load of the home page: what it counts and
 * how it reports. Pure functions, no I/O: `scripts/check-js-budget.mjs` (the check) reads the build
 * and calls them; `vite-module-stats.mjs` (a plugin of the web build) uses `attributeBytes` to
 * record which source module every byte of every chunk comes from.
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

/** Key of the bytes of a chunk that no source module accounts for (wrapping, glue). */
export const UNMAPPED = '(unmapped: bundler helpers and glue)';

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

/** Whether a module id is the staff area's (issue 12: never downloaded by visitors or participants). */
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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, i) => [char, i]));

/**
 * The segments of a source map's `mappings`, per generated line: the generated column (UTF-16 code
 * units) and the source index, or undefined for a segment mapped to no source.
 * @param {string} mappings
 * @returns {Array<Array<{ column: number, source: number | undefined }>>}
 */
export function decodeMappings(mappings) {
  /** @type {Array<Array<{ column: number, source: number | undefined }>>} */
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    /** @type {Array<{ column: number, source: number | undefined }>} */
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      /** @type {number[]} */
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64_VALUE.get(char);
        if (digit === undefined) throw new Error(`invalid source map segment "${segment}"`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        segments.push({ column, source });
      } else {
        segments.push({ column, source: undefined });
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** UTF-8 length of a string, without allocating. */
export function utf8Length(/** @type {string} */ text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Which source each byte of a generated file comes from, by its source map: every byte from one
 * segment to the next belongs to the first one's source; bytes before a line's first segment, in
 * unmapped segments and the line breaks are `UNMAPPED`. The totals add up to the file's size.
 * @param {string} code The generated file.
 * @param {{ mappings: string, sources: ReadonlyArray<string | null> }} map Its source map.
 * @returns {Record<string, number>} UTF-8 bytes per source (as named in the map).
 */
export function attributeBytes(code, map) {
  /** @type {Map<string, number>} */
  const totals = new Map();
  const add = (/** @type {string} */ key, /** @type {number} */ bytes) => {
    if (bytes > 0) totals.set(key, (totals.get(key) ?? 0) + bytes);
  };
  const mapped = decodeMappings(map.mappings);
  const lines = code.split('\n');
  lines.forEach((text, i) => {
    let cursor = 0;
    let owner = UNMAPPED;
    for (const { column, source } of mapped[i] ?? []) {
      if (column > cursor) add(owner, utf8Length(text.slice(cursor, column)));
      cursor = Math.max(cursor, column);
      owner = (source === undefined ? undefined : map.sources[source]) ?? UNMAPPED;
    }
    add(owner, utf8Length(text.slice(cursor)));
    if (i < lines.length - 1) add(UNMAPPED, 1);
  });
  return Object.fromEntries(totals);
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

const number = (/** @type {number} */ n) => n.toLocaleString('en-US');
const column = (/** @type {string} */ text, /** @type {number} */ width) => text.padStart(width);

/**
 * The report printed by the check, on success and on failure.
 * @param {BudgetResult} result
 * @param {{ page?: string, top?: number }} [options] `page` names the load (and who loads it).
 * @returns {string}
 */
export function formatReport(result, { page = '/ (anonymous visitor)', top = 12 } = {}) {
  const { total, budget } = result;
  const spare = budget - total.br;
  const lines = [
    `First-load JavaScript of ${page}: ${number(total.br)} B brotli, ` +
      `${number(total.gz)} B gzip, ${number(total.raw)} B minified, in ${result.files.length} files.`,
    `Budget: ${number(budget)} B brotli (${number(budget / 1000)} KB, 1 KB = 1000 B); ` +
      (spare >= 0 ? `${number(spare)} B to spare.` : `${number(-spare)} B over.`),
    '',
    'Files (brotli, gzip, minified):',
    ...result.files.map(
      (f) =>
        `${column(number(f.br), 9)} ${column(number(f.gz), 9)} ${column(number(f.raw), 9)}  ${f.file}`,
    ),
    '',
    `Largest modules (≈ brotli: their share of their file's minified bytes; minified bytes):`,
    ...result.modules
      .slice(0, top)
      .map((m) => `${column(`≈${number(m.br)}`, 9)} ${column(number(m.bytes), 9)}  ${m.id}`),
  ];
  if (result.forbidden.length > 0) {
    lines.push(
      '',
      'In the first load, but must stay behind a dynamic import or its own route:',
      ...result.forbidden.map((m) => `  ${m.module} (${m.what}, in ${m.file})`),
    );
  }
  lines.push('', verdict(result));
  return lines.join('\n');
}

/** One line: OK, or what failed. */
export function verdict(/** @type {BudgetResult} */ result) {
  /** @type {string[]} */
  const failures = [];
  if (!result.withinBudget) {
    failures.push(`${number(result.total.br - result.budget)} B over the budget`);
  }
  for (const what of new Set(result.forbidden.map((m) => m.what))) {
    failures.push(`${what} in the first load`);
  }
  return failures.length === 0 ? 'JS budget: OK' : `JS budget: FAILED (${failures.join('; ')})`;
}

/** Whether the check passes. */
export function passes(/** @type {BudgetResult} */ result) {
  return result.withinBudget && result.forbidden.length === 0;
}
