/** Choice of a pre-compressed variant from the request's Accept-Encoding header. */

export type ContentCoding = 'br' | 'gzip' | 'identity';

const cache = new Map<string, ContentCoding>();
const CACHE_LIMIT = 256;

/** Quality values of the codings named in an Accept-Encoding header (`*` included). */
function qualities(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    result.set(coding, q);
  }
  return result;
}

function choose(header: string): ContentCoding {
  const q = qualities(header);
  const wildcard = q.get('*') ?? 0;
  const br = q.get('br') ?? wildcard;
  const gzip = q.get('gzip') ?? q.get('x-gzip') ?? wildcard;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/**
 * The best coding the client accepts: brotli, then gzip, else identity (ties go to brotli, the
 * smaller). Results are memoised: browsers send only a handful of distinct headers.
 */
export function negotiateEncoding(header: string | undefined): ContentCoding {
  if (!header) return 'identity';
  let coding = cache.get(header);
  if (coding === undefined) {
    coding = choose(header);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(header, coding);
  }
  return coding;
}
