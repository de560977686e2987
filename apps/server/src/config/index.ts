/**
 * The server's configuration: the only module that reads the environment. One zod schema of the
 * environment, composed of one part per area, each a file beside this one keyed by the variables'
 * names and built from the shared parsers (parsers.ts). Every variable is validated at start-up; a
 * wrong start names every wrong variable at once.
 *
 * To add an area (as mail.ts did for SMTP_URL...): write `<area>.ts` exporting `<area>Env` (its
 * variables, with parsers.ts's parsers), spread it into `envSchema` below, and add its values to
 * `Config`.
 */
import { z } from 'zod';
import type { MailSettings } from '../mail/types.js';
import {
  backupEnv,
  resolveBackupSchedule,
  type BackupSchedule,
  type BackupSettings,
} from './backup.js';
import { databaseEnv } from './database.js';
import { readDirectoryConfig, type GraphDirectoryConfig } from './directory.js';
import { enrolmentEnv } from './enrolment.js';
import {
  identityEnv,
  requireEntraSettings,
  resolveAuthConfig,
  type EntraConfig,
  type IdentityProvider,
} from './identity.js';
import { idpEnv, resolveIdpConfig, type EmbeddedIdpConfig } from './idp.js';
import { mailEnv, requireMailFrom, resolveMailSettings } from './mail.js';
import { rateLimitEnv } from './rate-limits.js';
import { serverEnv, type LogLevel, type TrustProxy } from './server.js';
import { staffEnv } from './staff.js';

export { LOG_LEVELS, type LogLevel, type TrustProxy } from './server.js';
export type { BackupSchedule, BackupSettings } from './backup.js';

export interface Config {
  port: number;
  host: string;
  /** Absolute directory of the server's data (database file...). */
  dataDir: string;
  /** Absolute directory of the web build (apps/web/build/client). */
  webRoot: string;
  /** Public origin of the site, without trailing slash, e.g. `https://centro.org.br`. */
  siteUrl: string;
  /** Whether the public site is served over https (HSTS, upgrade-insecure-requests). */
  https: boolean;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** Descriptors of the listening socket that accept connections (1: the socket's own only). */
  acceptDescriptors: number;
  /** PostgreSQL connection string; undefined means the embedded SQLite file under dataDir. */
  databaseUrl: string | undefined;
  /** Microsoft Graph settings when DIRECTORY=graph; undefined means the local directory. */
  graph: GraphDirectoryConfig | undefined;
  /** Whose access tokens GET /api/auth/get-token accepts: the built-in provider or Entra ID. */
  identityProvider: IdentityProvider;
  /** Entra ID settings of the token verifier; set when identityProvider is 'entra'. */
  entra: EntraConfig | undefined;
  /** Key of the API tokens (32+ bytes); undefined means a secret kept under dataDir. */
  apiTokenSecret: string | undefined;
  /** Lifetime of the API tokens, in seconds. */
  apiTokenTtlSeconds: number;
  /** Requests per minute and client address on /api (0: no limit). */
  rateLimitApiPerMinute: number;
  /** Requests per minute and client address on /idp (0: no limit). */
  rateLimitIdpPerMinute: number;
  /** Certificate codes checked per minute and client address (0: no limit; decision 094). */
  rateLimitCertificatesPerMinute: number;
  /** Enrolment changes one person may make in one course in an hour (0: no limit; decision 080). */
  enrolmentChangesPerHour: number;
  /** People searches one staff member may make in an hour (0: no limit; decision 081). */
  staffPeopleSearchesPerHour: number;
  /** Redis shared by the instances for the rate-limit counters; undefined: counted in memory. */
  redisUrl: string | undefined;
  /** Age in seconds after which a 'pending' enrolment is settled with the directory. */
  enrolmentRepairAfterSeconds: number;
  /** How often, in seconds, the classes whose reminder is due are looked for. */
  classRemindersEverySeconds: number;
  /** Months after a course's last meeting when its enrolment data are anonymised. */
  retentionMonthsAfterCourse: number;
  /** The built-in OpenID provider (mounted under /idp when identityProvider is 'embedded'). */
  idp: EmbeddedIdpConfig;
  /** Built-in provider: accounts that are Coordenação (lower-cased e-mails). */
  adminEmails: string[];
  /** Mail: SMTP or `.eml` files under dataDir/outbox, From, Reply-To, e-mail verification. */
  mail: MailSettings;
  /** The daily backup (none without BACKUP_DIR). */
  backup: BackupSchedule;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type RawEnvironment = Record<string, string | undefined>;

/** The environment: every area's variables (DIRECTORY and GRAPH_* are read by directory.ts). */
const envSchema = z
  .object({
    ...serverEnv,
    ...databaseEnv,
    ...rateLimitEnv,
    ...enrolmentEnv,
    ...identityEnv,
    ...idpEnv,
    ...staffEnv,
    ...mailEnv,
    ...backupEnv,
  })
  // Run even when another variable is wrong, so every problem is reported at once.
  .superRefine(requireEntraSettings, { when: () => true })
  .superRefine(requireMailFrom, { when: () => true });

/**
 * Validate the environment (process.env by default; tests pass their own object).
 * Relative directories are resolved against the working directory.
 * @throws ConfigError listing every invalid variable.
 */
export function loadConfig(env: RawEnvironment = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const directoryConfig = readDirectoryConfig(env);
  if (!parsed.success || directoryConfig.problems.length > 0) {
    throw new ConfigError([
      ...(parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')} ${issue.message}`),
      ...directoryConfig.problems,
    ]);
  }
  const v = parsed.data;
  const site = v.SITE_URL ?? `http://localhost:${v.PORT}`;
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: v.DATA_DIR,
    webRoot: v.WEB_ROOT,
    siteUrl: site,
    https: site.startsWith('https:'),
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
    acceptDescriptors: v.ACCEPT_DESCRIPTORS,
    databaseUrl: v.DATABASE_URL,
    graph: directoryConfig.graph,
    rateLimitApiPerMinute: v.RATE_LIMIT_API_PER_MINUTE,
    rateLimitIdpPerMinute: v.RATE_LIMIT_IDP_PER_MINUTE,
    rateLimitCertificatesPerMinute: v.RATE_LIMIT_CERTIFICATES_PER_MINUTE,
    redisUrl: v.REDIS_URL,
    enrolmentChangesPerHour: v.ENROLMENT_CHANGES_PER_HOUR,
    staffPeopleSearchesPerHour: v.STAFF_PEOPLE_SEARCHES_PER_HOUR,
    enrolmentRepairAfterSeconds: v.ENROLMENT_REPAIR_AFTER_SECONDS,
    classRemindersEverySeconds: v.CLASS_REMINDERS_EVERY_SECONDS,
    retentionMonthsAfterCourse: v.RETENTION_MONTHS_AFTER_COURSE,
    ...resolveAuthConfig(v),
    idp: resolveIdpConfig(v, site),
    adminEmails: v.ADMIN_EMAILS,
    mail: resolveMailSettings(v, v.DATA_DIR),
    backup: resolveBackupSchedule(v),
  };
}

/** What the backup command-line tools read: the data's place and the backups' variables. */
const backupToolsSchema = z.object({
  DATA_DIR: serverEnv.DATA_DIR,
  ...databaseEnv,
  ...backupEnv,
});

/**
 * The settings of the backup, restore and copy tools, through the same parts as the server's.
 * @throws ConfigError listing every invalid variable.
 */
export function loadBackupSettings(env: RawEnvironment = process.env): BackupSettings {
  const parsed = backupToolsSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  const v = parsed.data;
  return { dataDir: v.DATA_DIR, databaseUrl: v.DATABASE_URL, ...resolveBackupSchedule(v) };
}
