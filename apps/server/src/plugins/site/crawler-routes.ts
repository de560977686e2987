/**
 * GET /sitemap.xml and /robots.txt, rendered from the site's routes: robots.txt once, the sitemap
 * again whenever a page's last edit changes (its `<lastmod>`, decision 054).
 */
import type { FastifyPluginAsync } from 'fastify';
import { renderRobots, renderSitemap } from '../../site/crawler-files.js';

export interface CrawlerRoutesOptions {
  siteUrl: string;
  publicPaths: readonly string[];
  /** Path prefixes crawlers should not visit. */
  disallow: readonly string[];
  /** When each page edited since the build was last published (ISO-8601), by path. */
  lastModified?: () => ReadonlyMap<string, string>;
}

const CACHE = 'public, max-age=3600';

export const crawlerRoutes: FastifyPluginAsync<CrawlerRoutesOptions> = async (app, options) => {
  const { lastModified = () => new Map<string, string>() } = options;
  let sitemap = { key: '', text: '' };
  const currentSitemap = () => {
    const edits = lastModified();
    const key = JSON.stringify([...edits]);
    if (sitemap.key !== key || sitemap.text === '') {
      sitemap = { key, text: renderSitemap(options.siteUrl, options.publicPaths, edits) };
    }
    return sitemap.text;
  };
  const robots = renderRobots(options.siteUrl, options.disallow);

  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(currentSitemap()),
  );
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robots),
  );
};
