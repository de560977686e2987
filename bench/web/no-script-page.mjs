// @ts-check
/**
 * The control of `bench:web --busy`: a prerendered page with every script the browser would run
 * removed (JSON-LD and other data blocks stay), so that the same audits on it show what the
 * machine and the browser alone produce — the navigation's commit, parsing, layout and paint —
 * beside what the page's JavaScript adds.
 */

const SCRIPT_ELEMENT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const DATA_BLOCK_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json\b/i;

/**
 * The page without its executable scripts.
 * @param {string} html
 */
export function withoutScripts(html) {
  return html.replace(SCRIPT_ELEMENT, (element, attributes) =>
    DATA_BLOCK_TYPE.test(attributes) ? element : '',
  );
}
