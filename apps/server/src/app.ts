/**
 * Builds the server (no listen), in fastify/demo's order: the services (database, directory, API
 * tokens, enrolment) decorated on the instance, typed below in one place; the cross-cutting
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
import { createAuthServices } from './auth/auth-services.js';
import type { ApiTokens } from './auth/api-tokens.js';
import type { ProviderTokenVerifier } from './auth/provider-token-verifier.js';
import { startBackupScheduler } from './backup/backup-scheduler.js';
import { startEnrolment } from './enrolment/start.js';
import type { EnrolmentService } from './enrolment/service.js';
import { useApiConventions, useZodSchemas } from './plugins/api-conventions.js';
import { apiErrorHandler, errorHandler } from './plugins/error-handler.js';
import { apiDocs, registerOpenApi } from './plugins/openapi.js';
import { apiRateLimit, createRateLimitStore, idpRateLimit } from './plugins/rate-limit.js';
import {
  helmetOptions,
  precomputedSecurityHeaders,
  useSecurityHeaders,
} from './plugins/security-headers.js';
import { notFoundHandler } from './plugins/site/not-found.js';
import { seo } from './plugins/site/seo.js';
import { staticFiles } from './plugins/site/static-files.js';
import { staticSite } from './plugins/site/static-site.js';
import { authRoutes } from './routes/api/auth/index.js';
import { courseRoutes } from './routes/api/courses/index.js';
import { groupRoutes } from './routes/api/group/index.js';
import { staffRoutes } from './routes/api/staff/index.js';
import { meRoutes } from './routes/api/me/index.js';
import { userRoutes } from './routes/api/user/index.js';
import { createParticipantRepository } from './participant/repository.js';
import { ParticipantService } from './participant/service.js';
import { startStaff } from './staff/start.js';
import type { StaffService } from './staff/service.js';
import { calendarRoutes } from './routes/calendar/index.js';
import { healthRoutes } from './routes/health/index.js';
import { loggingOptions } from './logging.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { createDirectory, type DirectoryAdapter } from './directory/create-directory.js';
import type { Directory } from './directory/directory.js';
import { embeddedProviderSource } from './idp/source.js';
import { requireVerifiedAccount } from './enrolment/verified-email.js';
import { ContactEmailChanges } from './idp/store/contact-email-changes.js';
import {
  enrolmentConfirmationComposer,
  enrolmentConfirmationMail,
} from './mail/enrolment-confirmation.js';
import { RequestActivity } from './request-activity.js';
import { createCourseReader, type CourseReader } from './courses/effective-course.js';
import { createMail, type Mail } from './mail/mail.js';
import { contentSite } from './site/content-site.js';
import { loadSitePages } from './site/load-pages.js';
import { identityConnectOrigins } from './site/identity-origins.js';
import { readWebIdentity, webIdentityProblems } from './site/web-identity.js';

/** Fastify's trustProxy option (a hop count becomes the function Fastify expects). */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** The services every route reads from the instance: the one way dependencies reach routes. */
declare module 'fastify' {
  interface FastifyInstance {
    /** The database (Kysely), opened and migrated by buildApp, closed with the app. */
    database: DatabaseHandle;
    /** The directory (local tables or Microsoft Graph, per DIRECTORY), released with the app. */
    directory: Directory;
    /** Enrolment in the courses (places, reservations, repair). */
    enrolment: EnrolmentService;
    /** A course in effect by slug: the content with the staff's settings (invite code, meetings). */
    courseOf: CourseReader;
    /** The staff area (roles, lists, exports, settings, removals, attendance, action record). */
    staff: StaffService;
    /** The participant's own space: my enrolments, my data, deleting my account. */
    participant: ParticipantService;
    /** The server's API tokens (issued by get-token, checked by requirePerson). */
    apiTokens: ApiTokens;
    /** Checks the identity provider's access tokens (IDENTITY_PROVIDER) for get-token. */
    verifyProviderToken: ProviderTokenVerifier;
    /** Mail: the outbox (enqueue with the transaction of the event) and this instance's sender. */
    mail: Mail;
    /**
     * Changes of the profile's 'E-mail' that wait for the new address's confirmation (built-in
     * provider with EMAIL_VERIFICATION=required); null: changes apply at once.
     */
    contactEmail: ContactEmailChanges | null;
  }
}

/** The largest request body the server parses anywhere (routes may set a smaller limit). */
export const SERVER_BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  /** Wraps the configured directory adapter (tests: faults on demand around the real adapter). */
  wrapDirectory?: (directory: DirectoryAdapter) => DirectoryAdapter;
  /** Where the JSON log lines go (default stdout; tests capture them). */
  logStream?: { write(line: string): void };
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
  const pages = await loadSitePages(config.webRoot, site, {
    frameSrc: site.frameSrc,
    connectSrc: identityConnectOrigins(config),
    https: config.https,
    headers: precomputedSecurityHeaders(security),
  });

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
  });
  app.setErrorHandler(errorHandler);
  // The OpenAPI document is generated from the routes: registered before any of them.
  await registerOpenApi(app, config.siteUrl);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: app.log,
  });
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
  // Local: course groups synchronised from the content now; Graph: files read, no call yet.
  const configuredDirectory = await createDirectory(config, database.db, {
    logger: app.log,
    ...(database.sqlite ? { statements: database.sqlite } : {}),
  });
  const directory = options.wrapDirectory?.(configuredDirectory) ?? configuredDirectory;
  app.decorate('directory', directory);
  app.addHook('onClose', () => directory.close());

  // Start-up checks against the tenant itself (decision 031): a wrong setting stops the start with
  // what to change, before the first visitor meets it; an unreachable tenant is only logged.
  const [entraCheck, directoryProblems] = await Promise.all([
    config.entra ? checkEntraTenant(config.entra, app.log) : undefined,
    directory.check(),
  ]);
  startupProblems.push(...(entraCheck?.problems ?? []), ...directoryProblems);
  if (startupProblems.length > 0) {
    await app.close();
    throw new ConfigError(startupProblems);
  }

  // API tokens and the identity provider's token verifier (IDENTITY_PROVIDER): the built-in
  // provider's issuer, API audience and public keys are local (src/idp).
  const auth = await createAuthServices(config, {
    embeddedProvider:
      config.identityProvider === 'embedded'
        ? {
            ...(await embeddedProviderSource(config)),
            // As for Entra: the API's delegated scope in `scp`, and issued to the website.
            scope: 'access_as_user',
            clientId: config.idp.clientId,
          }
        : undefined,
    entraDiscovered: entraCheck?.metadata,
  });
  app.decorate('apiTokens', auth.apiTokens);
  app.decorate('verifyProviderToken', auth.verifyProviderToken);

  // Mail: messages are written to the outbox with their cause; this instance's sender delivers
  // them (SMTP_URL, or .eml files under DATA_DIR/outbox) from when the server is ready, and stops
  // before the database closes (onClose hooks run in reverse order of registration).
  // A message kept as data (the enrolment's confirmation) is composed at delivery (decision 033).
  const courseOf = createCourseReader(database.db);
  app.decorate('courseOf', courseOf);
  const mail = createMail({
    database,
    settings: config.mail,
    log: app.log,
    activity,
    compose: enrolmentConfirmationComposer({
      directory,
      courseOf,
      siteUrl: config.siteUrl,
      log: app.log,
    }),
  });
  app.decorate('mail', mail);
  app.addHook('onReady', () => mail.start());
  app.decorate(
    'contactEmail',
    config.identityProvider === 'embedded' && config.mail.emailVerification === 'required'
      ? new ContactEmailChanges(database.db, mail, config.siteUrl)
      : null,
  );
  app.addHook('onClose', () => mail.stop());

  // The daily backup (BACKUP_DIR; none without it), stopped before the database closes.
  const backups = startBackupScheduler(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl, ...config.backup },
    app.log,
  );
  if (backups) app.addHook('onClose', () => backups.stop());

  // Enrolment: the content's courses synchronised into the database, interrupted enrolments
  // settled with the directory now and every ENROLMENT_REPAIR_AFTER_SECONDS. Each confirmation
  // writes its e-mail (as data) in the transaction that confirms it.
  const enrolment = await startEnrolment({
    database,
    directory,
    log: app.log,
    repairAfterMs: config.enrolmentRepairAfterSeconds * 1000,
    retentionMonths: config.retentionMonthsAfterCourse,
    confirmationMail: enrolmentConfirmationMail({ mail }),
    // The built-in provider's accounts confirm their e-mail before enrolling, when required.
    ...(config.identityProvider === 'embedded' && config.mail.emailVerification === 'required'
      ? { requireVerifiedEmail: requireVerifiedAccount(database.db) }
      : {}),
  });
  app.decorate('enrolment', enrolment.service);
  app.addHook('onClose', async () => enrolment.stop());

  // The staff area: roles from the database and ADMIN_EMAILS (built-in provider) or the token's
  // roles (Entra); removals and settings go through the enrolment (the waiting list moves).
  const staff = await startStaff({
    database,
    directory,
    log: app.log,
    identityProvider: config.identityProvider,
    adminEmails: config.adminEmails,
    // Only a proven address is Coordenação (issue 28, finding 6; decision 046), verification off too.
    adminEmailsVerified: true,
    enrolment: enrolment.service,
  });
  app.decorate('staff', staff.service);
  if (
    config.identityProvider === 'embedded' &&
    config.adminEmails.length > 0 &&
    config.mail.emailVerification === 'off'
  ) {
    app.log.warn(
      'ADMIN_EMAILS with EMAIL_VERIFICATION=off: an address there is Coordenação only once its owner proves it with "Esqueci minha senha" (without SMTP_URL the link is a .eml file in DATA_DIR/outbox)',
    );
  }

  // The participant's own space: places and waiting positions through the enrolment; the account
  // is deleted with the data only when it is the built-in provider's (Entra's stays in the tenant).
  app.decorate(
    'participant',
    new ParticipantService({
      repository: createParticipantRepository(database),
      enrolment: enrolment.service,
      directory,
      accounts:
        config.identityProvider === 'embedded' && directory.kind === 'local'
          ? 'embedded'
          : 'tenant',
    }),
  );

  app.setNotFoundHandler(notFoundHandler(pages.notFound));

  // The rate limits' counters: in Redis when REDIS_URL is set (shared by the instances), else in memory.
  const rateLimitStore = createRateLimitStore(config.redisUrl, app.log);
  app.addHook('onClose', () => rateLimitStore.close());

  useSecurityHeaders(app, security);
  await app.register(staticSite, { pages });
  await app.register(staticFiles, { webRoot: config.webRoot });
  // The built-in OpenID provider under /idp, its pages, and the Graph-shaped GET /v1.0/me.
  // Loaded only then: with IDENTITY_PROVIDER=entra, oidc-provider is never even imported.
  if (config.identityProvider === 'embedded') {
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
      await api.register(userRoutes);
      await api.register(groupRoutes);
      await api.register(courseRoutes);
      await api.register(staffRoutes);
      await api.register(meRoutes);
    });
    // GET /api/openapi.json (generated from the contracts' schemas) and Swagger UI at /api/docs.
    await dynamic.register(apiDocs);
    // GET /agenda.ics and each course's /<programme>/<course>/encontros.ics (issue 16).
    await dynamic.register(calendarRoutes, { siteUrl: config.siteUrl });
    await dynamic.register(seo, {
      siteUrl: config.siteUrl,
      publicPaths: site.publicPaths,
      disallow: site.crawlDisallow,
    });
  });

  return app;
}
