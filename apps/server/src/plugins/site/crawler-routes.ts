/** GET /sitemap.xml and /robots.txt, rendered once from the site's routes. */
import type { FastifyPluginAsync } from 'fastify';
import { renderRobots, renderSitemap } from '../../site/crawler-files.js';

export interface CrawlerRoutesOptions {
  siteUrl: string;
  publicPaths: readonly string[];
  /** Path prefixes crawlers should not visit. */
  disallow: readonly string[];
}

const CACHE = 'public, max-age=3600';

export const crawlerRoutes: FastifyPluginAsync<CrawlerRoutesOptions> = async (app, options) => {
  const sitemap = renderSitemap(options.siteUrl, options.publicPaths);
  const robots = renderRobots(options.siteUrl, options.disallow);

  app.get('/sitemap.xml', (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(sitemap),
  );
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robots),
  );
};
