/**
 * Builds the server (no listen): security headers, the prerendered site from memory, the web
 * build's files, and the dynamic routes (compressed on the fly). main.ts listens; tests inject.
 */
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { fastify, type FastifyInstance } from 'fastify';
import type { Config, TrustProxy } from './config.js';
import { ensureDataDir } from './data-dir.js';
import { errorHandler } from './http/errors.js';
import { health } from './http/health.js';
import { notFoundHandler } from './http/not-found.js';
import { helmetOptions, precomputedSecurityHeaders } from './http/security.js';
import { seo } from './http/seo.js';
import { staticFiles } from './http/static-files.js';
import { staticSite } from './http/static-site.js';
import { loggingOptions } from './logging.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { contentSite } from './site/content-site.js';
import { loadSitePages } from './site/load-pages.js';

/** Fastify's trustProxy option (a hop count becomes the function Fastify expects). */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (Kysely), opened and migrated by buildApp, closed with the app. */
    database: DatabaseHandle;
  }
}

export async function buildApp(config: Config): Promise<FastifyInstance> {
  await ensureDataDir(config.dataDir);
  const site = contentSite();
  const security = helmetOptions(config.https);
  const pages = await loadSitePages(config.webRoot, site, {
    frameSrc: site.frameSrc,
    https: config.https,
    headers: precomputedSecurityHeaders(security),
  });

  const app = fastify({
    ...loggingOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: 30_000,
  });
  app.setErrorHandler(errorHandler);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
  app.setNotFoundHandler(notFoundHandler(pages.notFound));

  await app.register(helmet, security);
  await app.register(staticSite, { pages });
  await app.register(staticFiles, { webRoot: config.webRoot });

  // Answers computed per request, compressed on the fly (pages and files are pre-compressed).
  // The API's routes belong in this context too.
  await app.register(async (dynamic) => {
    await dynamic.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
    await dynamic.register(health);
    await dynamic.register(seo, {
      siteUrl: config.siteUrl,
      publicPaths: site.publicPaths,
      disallow: site.crawlDisallow,
    });
  });

  return app;
}
