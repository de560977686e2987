// @ts-check
/**
 * Which source module every byte of a generated JavaScript file comes from, read from its source
 * map: `vite-module-stats.mjs` (a plugin of the web build) records it per chunk, and the JS budget
 * (js-budget.mjs) reports the largest modules of a first load from it. Pure functions, no I/O.
 */

/** Key of the bytes of a chunk that no source module accounts for (wrapping, glue). */
export const UNMAPPED = '(unmapped: bundler helpers and glue)';

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
