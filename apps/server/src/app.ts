/**
 * Builds the server (no listen), in fastify/demo's order: the services (database, directory, API
 * tokens, mail, enrolment, staff, participant), each a plugin naming the services it needs and
 * decorating the instance (src/plugins/services, typed there in one place); the cross-cutting
 * plugins (src/plugins: error handler, OpenAPI, security headers, rate limits, the prerendered site
 * and the web build's files); then the routes (src/routes: health, and one folder per API area),
 * which take their services from those decorators. main.ts listens; tests inject.
 */
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { fastify, type FastifyInstance } from 'fastify';
import { ConfigError, type Config, type TrustProxy } from './config/index.js';
import { checkEntraTenant } from './auth/entra-startup-check.js';
import { ensureDataDir } from './data-dir.js';
import { useApiConventions, useZodSchemas } from './plugins/api-conventions.js';
import { apiErrorHandler, errorHandler } from './plugins/error-handler.js';
import { apiDocs, registerOpenApi } from './plugins/openapi.js';
import { bearerAuth } from './plugins/bearer-auth.js';
import {
  authService,
  backupService,
  contentService,
  coursesService,
  limitsService,
  databaseService,
  directoryService,
  deskService,
  enrolmentService,
  mailService,
  participantService,
  reportsService,
  certificatesService,
  staffService,
  classesService,
  type EmbeddedProviderSetup,
} from './plugins/services/index.js';
import { apiRateLimit, createRateLimitStore, idpRateLimit } from './plugins/rate-limit.js';
import { certificateCheckRoutes, certificatePageRoutes } from './routes/certificates/index.js';
import {
  helmetOptions,
  precomputedSecurityHeaders,
  useSecurityHeaders,
} from './plugins/security-headers.js';
import { notFoundHandler } from './plugins/site/not-found.js';
import { crawlerRoutes } from './plugins/site/crawler-routes.js';
import { staticFiles } from './plugins/site/static-files.js';
import { staticSite } from './plugins/site/static-site.js';
import { photoFiles } from './plugins/site/photo-files.js';
import { authRoutes } from './routes/api/auth/index.js';
import { courseRoutes } from './routes/api/courses/index.js';
import { groupRoutes } from './routes/api/group/index.js';
import { staffRoutes } from './routes/api/staff/index.js';
import { meRoutes } from './routes/api/me/index.js';
import { userRoutes } from './routes/api/user/index.js';
import { calendarRoutes } from './routes/calendar/index.js';
import { messageCentre } from './mail/compose.js';
import { healthRoutes } from './routes/health/index.js';
import { loggingOptions } from './logging.js';
import type { DirectoryAdapter } from './directory/create-directory.js';
import { RequestActivity } from './request-activity.js';
import { contentSite } from './site/content-site.js';
import { loadSitePages } from './site/load-pages.js';
import { editablePages, pagesOf } from './content/documents.js';
import { identityConnectOrigins } from './site/identity-origins.js';
import { readWebIdentity, webIdentityProblems } from './site/web-identity.js';

/** Fastify's trustProxy option (a hop count becomes the function Fastify expects). */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** The largest request body the server parses anywhere (routes may set a smaller limit). */
export const SERVER_BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  /** Wraps the configured directory adapter (tests: faults on demand around the real adapter). */
  wrapDirectory?: (directory: DirectoryAdapter) => DirectoryAdapter;
  /** Where the JSON log lines go (default stdout; tests capture them). */
  logStream?: { write(line: string): void };
  /** The clock of the notices' periods, and how often they are checked (tests: controlled). */
  notices?: { now: () => Date; checkMs: number };
  /** How long a publication waits for others to render with it (decision 083; tests: longer). */
  renderWindowMs?: number;
}

export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  await ensureDataDir(config.dataDir);
  // The web build must sign in where the server accepts tokens from (its CSP and verifier).
  const startupProblems = webIdentityProblems(config, await readWebIdentity(config.webRoot));
  const site = contentSite();
  const security = helmetOptions(config.https);
  const pageSecurity = {
    frameSrc: site.frameSrc,
    connectSrc: identityConnectOrigins(config),
    https: config.https,
    headers: precomputedSecurityHeaders(security),
  };
  // Pages edited content renders again (decision 054).
  const pages = await loadSitePages(config.webRoot, site, pageSecurity, editablePages);

  // Requests begun so far: the mail sender gives way to them during a rush (decision 033).
  const activity = new RequestActivity();
  const app = fastify({
    ...loggingOptions(config, options.logStream, activity),
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: 30_000,
    // No body the server reads is large (API JSON and the provider's forms stay under 16 KiB): a
    // request to any other path, even one without a route, is refused 413 before it is parsed.
    bodyLimit: SERVER_BODY_LIMIT_BYTES,
    // URLs Fastify cannot decode or route (bad %-escapes, over-long parameters) get our JSON too.
    frameworkErrors: errorHandler,
    // Starting renders every edited page and migrates the database: on a busy or small machine
    // that took longer than Fastify's 10 s default for one plugin, and the server did not start.
    // A plugin that really hangs is still stopped, later.
    pluginTimeout: 120_000,
  });
  app.setErrorHandler(errorHandler);
  // The OpenAPI document is generated from the routes: registered before any of them.
  await registerOpenApi(app, config.siteUrl);

  // What the built-in identity provider changes in the services, decided once (null: Entra).
  const embedded: EmbeddedProviderSetup | null =
    config.identityProvider === 'embedded'
      ? { verifiedEmailRequired: config.mail.emailVerification === 'required' }
      : null;

  await app.register(databaseService, { config });
  await app.register(directoryService, { config, wrap: options.wrapDirectory });

  // Start-up checks against the tenant itself (decision 031): a wrong setting stops the start with
  // what to change, before the first visitor meets it; an unreachable tenant is only logged.
  const [entraCheck, directoryProblems] = await Promise.all([
    config.entra ? checkEntraTenant(config.entra, app.log) : undefined,
    app.directory.check(),
  ]);
  startupProblems.push(...(entraCheck?.problems ?? []), ...directoryProblems);
  if (startupProblems.length > 0) {
    await app.close();
    throw new ConfigError(startupProblems);
  }

  await app.register(authService, { config, embedded, entraDiscovered: entraCheck?.metadata });
  await app.register(coursesService);
  await app.register(limitsService, { config });
  await app.register(mailService, { config, embedded, activity });
  await app.register(backupService, { config });
  await app.register(enrolmentService, { config, embedded });
  await app.register(staffService, { config, embedded });
  await app.register(classesService, { config });
  await app.register(participantService, { embedded, siteUrl: config.siteUrl });
  await app.register(deskService);
  await app.register(reportsService);
  await app.register(certificatesService, { siteUrl: config.siteUrl });
  // Edited content (decision 054): saved pages are rendered again and replace the built ones.
  await app.register(contentService, {
    pages,
    security: pageSecurity,
    webRoot: config.webRoot,
    ...(options.notices
      ? { now: options.notices.now, bannerCheckMs: options.notices.checkMs }
      : {}),
    ...(options.renderWindowMs === undefined ? {} : { renderWindowMs: options.renderWindowMs }),
  });

  app.setNotFoundHandler(notFoundHandler(() => pages.notFound));

  // The rate limits' counters: in Redis when REDIS_URL is set (shared by the instances), else in memory.
  const rateLimitStore = createRateLimitStore(config.redisUrl, app.log);
  app.addHook('onClose', () => rateLimitStore.close());

  useSecurityHeaders(app, security);
  await app.register(staticSite, { pages });
  // The photos uploaded in the staff area (decision 065).
  await app.register(photoFiles);
  await app.register(staticFiles, {
    webRoot: config.webRoot,
    servedElsewhere: [...pages.data.keys()],
  });
  // The built-in OpenID provider under /idp, its pages, and the Graph-shaped GET /v1.0/me.
  // Loaded only then: with IDENTITY_PROVIDER=entra, oidc-provider is never even imported.
  if (embedded) {
    const { embeddedIdentityProvider } = await import('./idp/index.js');
    // Limited per client address (RATE_LIMIT_IDP_PER_MINUTE, 0 for no limit).
    await app.register(async (idp) => {
      if (config.rateLimitIdpPerMinute > 0) {
        await idp.register(
          rateLimit,
          idpRateLimit(config.rateLimitIdpPerMinute, rateLimitStore.redis),
        );
      }
      await idp.register(embeddedIdentityProvider, { config });
    });
  }

  const certificateLimit = {
    perMinute: config.rateLimitCertificatesPerMinute,
    redis: rateLimitStore.redis,
  };
  // Answers computed per request, compressed on the fly (pages and files are pre-compressed).
  // The API's routes belong in this context too.
  await app.register(async (dynamic) => {
    // Route schemas are zod schemas (of @centro/contracts), through one type provider.
    useZodSchemas(dynamic);
    await dynamic.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
    await dynamic.register(healthRoutes);
    // The JSON API, limited per client address (RATE_LIMIT_API_PER_MINUTE, 0 for no limit).
    await dynamic.register(async (api) => {
      useApiConventions(api);
      api.setErrorHandler(apiErrorHandler);
      if (config.rateLimitApiPerMinute > 0) {
        await api.register(
          rateLimit,
          apiRateLimit(config.rateLimitApiPerMinute, rateLimitStore.redis),
        );
      }
      await api.register(authRoutes);
      await api.register(courseRoutes);
      await api.register(certificateCheckRoutes, certificateLimit);
      // A person's own data: the bearer token's person is set once for these groups.
      await api.register(async (personal) => {
        await personal.register(bearerAuth);
        await personal.register(userRoutes);
        await personal.register(groupRoutes);
        await personal.register(staffRoutes);
        await personal.register(meRoutes);
      });
    });
    // The check of a certificate's code as a page of the site (decision 094), in its frame.
    await dynamic.register(certificatePageRoutes, {
      ...certificateLimit,
      frame: () => pages.notFound.representations.identity.body,
      https: config.https,
      headers: pageSecurity.headers,
    });
    // GET /api/openapi.json (generated from the contracts' schemas) and Swagger UI at /api/docs.
    await dynamic.register(apiDocs);
    // GET /agenda.ics and each course's /<programme>/<course>/encontros.ics.
    await dynamic.register(calendarRoutes, {
      siteUrl: config.siteUrl,
      schedule: () => ({
        revision: app.content.revisionOf('schedule').revision,
        days: app.content.content().schedule,
      }),
      address: () => ({
        revision: app.content.revisionOf('contact').revision,
        address: messageCentre(app.content.content().contact).address,
      }),
    });
    await dynamic.register(crawlerRoutes, {
      siteUrl: config.siteUrl,
      publicPaths: site.publicPaths,
      disallow: site.crawlDisallow,
      lastModified: () => app.content.lastModified(pagesOf),
    });
  });

  return app;
}
