/**
 * Files of the web build other than its pages, with @fastify/static:
 * - /assets/*: fingerprinted, cached for a year as immutable, pre-compressed siblings (.br, .gz)
 *   served to clients that accept them;
 * - the few unfingerprinted public files (favicon...): cached for an hour.
 * Only files present at start-up get a route (no wildcard: nothing else on disk is reachable), and
 * HTML files never do: pages are served by the static-site module with their CSP.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const SHORT_CACHE = 'public, max-age=3600';

/** Never served as files: pages, compressed siblings, and the texts the server renders itself. */
const NOT_FILES = ['**/*.html', '**/*.br', '**/*.gz', 'robots.txt', 'sitemap.xml'];

export interface StaticFilesOptions {
  webRoot: string;
  /** Files of the web root served by another route (the static site's `.data` of edited pages). */
  servedElsewhere?: readonly string[];
}

function cacheHeaders(cacheControl: string) {
  return (res: SetHeadersResponse) => {
    res.setHeader('cache-control', cacheControl);
    res.setHeader('vary', 'Accept-Encoding');
  };
}

const common = {
  wildcard: false,
  preCompressed: true,
  index: false,
  redirect: false,
  list: false,
  serveDotFiles: false,
  dotfiles: 'ignore',
  cacheControl: false,
  decorateReply: false,
} as const;

export const staticFiles: FastifyPluginAsync<StaticFilesOptions> = async (
  app,
  { webRoot, servedElsewhere = [] },
) => {
  const assets = path.join(webRoot, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      ...common,
      root: assets,
      prefix: '/assets/',
      globIgnore: NOT_FILES,
      setHeaders: cacheHeaders(IMMUTABLE_CACHE),
    });
  }
  if (existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      ...common,
      root: webRoot,
      prefix: '/',
      globIgnore: ['assets/**', ...NOT_FILES, ...servedElsewhere.map((url) => url.slice(1))],
      setHeaders: cacheHeaders(SHORT_CACHE),
    });
  }
};
