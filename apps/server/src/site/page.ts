/**
 * A page prepared once at start-up for the in-memory fast path: its body in every coding, with the
 * response headers of each representation precomputed, so that serving it does no I/O, hashing or
 * compression.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentCoding } from './encoding.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type HeaderMap = Readonly<Record<string, string>>;

/** One representation (coding) of a page. */
export interface PageRepresentation {
  readonly body: Buffer;
  /** Headers of a full answer. */
  readonly headers: HeaderMap;
  /** Headers of a 304 answer (validators and caching, no body metadata). */
  readonly notModifiedHeaders: HeaderMap;
  /** Strong entity tag, or undefined when the page is not served with validators. */
  readonly etag: string | undefined;
}

export interface PreparedPage {
  readonly representations: Readonly<Record<ContentCoding, PageRepresentation>>;
  /** Every entity tag of the page (one per distinct coding), for If-None-Match. */
  readonly etags: ReadonlySet<string>;
}

export interface PreparePageOptions {
  /** The page's Content-Security-Policy. */
  csp: string;
  /** Send strong ETags and honour If-None-Match (pages answered with 200). */
  validators: boolean;
  /** Ask search engines not to index the page (404 page, signed-in shell). */
  noindex: boolean;
  /** Headers sent with every full answer (security headers). */
  baseHeaders?: HeaderMap;
}

async function compressions(html: Buffer): Promise<Record<ContentCoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipAsync(html, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { identity: html, br, gzip: gz };
}

function entityTag(html: Buffer): string {
  return createHash('sha256').update(html).digest('base64url').slice(0, 32);
}

/** Compress a page and precompute the headers of each of its representations. */
export async function preparePage(
  html: Buffer,
  options: PreparePageOptions,
): Promise<PreparedPage> {
  const bodies = await compressions(html);
  const tag = options.validators ? entityTag(html) : undefined;
  const common: Record<string, string> = {
    'content-security-policy': options.csp,
    'cache-control': 'no-cache',
    vary: 'Accept-Encoding',
  };
  if (options.noindex) common['x-robots-tag'] = 'noindex';

  const representation = (coding: ContentCoding): PageRepresentation => {
    // A coding that does not make the page smaller is not worth the client's decoding time.
    const used: ContentCoding = bodies[coding].length < html.length ? coding : 'identity';
    const etag =
      tag === undefined ? undefined : used === 'identity' ? `"${tag}"` : `"${tag}-${used}"`;
    const validators: Record<string, string> = etag === undefined ? {} : { etag };
    const headers: Record<string, string> = {
      ...options.baseHeaders,
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(bodies[used].length),
      ...common,
      ...validators,
    };
    if (used !== 'identity') headers['content-encoding'] = used;
    return {
      body: bodies[used],
      headers,
      notModifiedHeaders: { ...common, ...validators },
      etag,
    };
  };

  const representations = {
    identity: representation('identity'),
    br: representation('br'),
    gzip: representation('gzip'),
  };
  const etags = new Set<string>();
  for (const { etag } of Object.values(representations)) if (etag) etags.add(etag);
  return { representations, etags };
}

/**
 * Whether an If-None-Match header matches one of the page's tags (weak comparison, as RFC 9110
 * requires for If-None-Match: `W/` prefixes are ignored).
 */
export function matchesEntityTag(header: string, etags: ReadonlySet<string>): boolean {
  if (etags.size === 0) return false;
  if (etags.has(header)) return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === '*') return true;
    if (etags.has(tag.startsWith('W/') ? tag.slice(2) : tag)) return true;
  }
  return false;
}
