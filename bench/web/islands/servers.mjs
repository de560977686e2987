// @ts-check
/**
 * The islands experiment's three sites, side by side (issue 33 point 3): each a small server in
 * front of the one product server, so that the three pay the same extra hop. `current` passes
 * everything through (the product as built), `islands` answers the chosen pages with their islands
 * variant (./variant.mjs) and the island bundle under `/islands/`, `control` answers them without any
 * script (the control of `bench:web --busy`, here of each page rather than of `/` only). Every other
 * request (images, the API, the identity provider) goes to the product server.
 */
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { withoutScripts } from '../no-script-page.mjs';
import { buildIslands, ISLANDS_BASE, islandsOutDir, islandsPage, pageFile } from './variant.mjs';

/**
 * @typedef {{ url: string, close(): Promise<void> }} Site
 * @typedef {{ body: Buffer, type: string, cache: string }} Answer
 */

/**
 * A server in front of `upstream` answering itself what `answer` gives for a path.
 * @param {string} upstream
 * @param {(pathname: string) => Answer | undefined} answer
 * @param {number} [port] 0: any free port
 * @returns {Promise<Site>}
 */
async function frontOf(upstream, answer, port = 0) {
  const target = new URL(upstream);
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const own = request.method === 'GET' ? answer(pathname) : undefined;
    if (own) {
      const br = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
      response.writeHead(200, {
        'content-type': own.type,
        'cache-control': own.cache,
        ...(br ? { 'content-encoding': 'br' } : {}),
      });
      response.end(br ? own.body : brotliDecompressSync(own.body));
      return;
    }
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (upstreamResponse) => {
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

const html = (/** @type {string} */ text) => ({
  body: brotliCompressSync(Buffer.from(text)),
  type: 'text/html; charset=utf-8',
  cache: 'no-cache',
});

/** The page's path as the sites answer it (no trailing slash but for `/`). */
const key = (/** @type {string} */ pathname) => pathname.replace(/(.)\/+$/, '$1');

/**
 * Builds the island bundle and starts the three sites for `routes`.
 * @param {string} upstream the product server's URL
 * @param {readonly string[]} routes
 * @param {{ islandsPort?: number }} [options] the islands site's port (the check signs in there:
 *   the product server's SITE_URL)
 */
export async function startSites(upstream, routes, { islandsPort = 0 } = {}) {
  const bundle = await buildIslands();
  /** @type {Map<string, Answer>} */
  const islandPages = new Map();
  /** @type {Map<string, Answer>} */
  const controlPages = new Map();
  for (const route of routes) {
    const built = readFileSync(pageFile(route), 'utf8');
    islandPages.set(route, html(await islandsPage(built, bundle)));
    controlPages.set(route, html(withoutScripts(built)));
  }
  /** @type {Map<string, Answer | undefined>} */
  const assets = new Map();
  const asset = (/** @type {string} */ pathname) => {
    if (!pathname.startsWith(ISLANDS_BASE) || pathname.includes('..')) return undefined;
    if (!assets.has(pathname)) {
      const file = path.join(islandsOutDir(), pathname.slice(ISLANDS_BASE.length));
      let answer;
      try {
        answer = {
          body: brotliCompressSync(readFileSync(file)),
          type: 'text/javascript; charset=utf-8',
          cache: 'public, max-age=31536000, immutable',
        };
      } catch {
        answer = undefined;
      }
      assets.set(pathname, answer);
    }
    return assets.get(pathname);
  };
  const sites = {
    current: await frontOf(upstream, () => undefined),
    islands: await frontOf(upstream, (p) => islandPages.get(key(p)) ?? asset(p), islandsPort),
    control: await frontOf(upstream, (p) => controlPages.get(key(p))),
  };
  return {
    sites,
    bundle,
    close: () => Promise.all(Object.values(sites).map((site) => site.close())),
  };
}
