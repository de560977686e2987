/**
 * The server's configuration: the only module that reads the environment. Every variable is
 * validated at start-up; a wrong value stops the server with a message naming the variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readDirectoryConfig, type GraphDirectoryConfig } from './directory.js';
import {
  authEnvShape,
  requireEntraSettings,
  resolveAuthConfig,
  type EntraConfig,
  type IdentityProvider,
} from './identity.js';
import { idpEnvShape, resolveIdpConfig, type EmbeddedIdpConfig } from './idp.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fastify's trustProxy: off, on, a number of hops, or the addresses/CIDRs of trusted proxies. */
export type TrustProxy = boolean | number | string[];

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
  /** Redis shared by the instances for the rate-limit counters; undefined: counted in memory. */
  redisUrl: string | undefined;
  /** Age in seconds after which a 'pending' enrolment is settled with the directory. */
  enrolmentRepairAfterSeconds: number;
  /** The built-in OpenID provider (mounted under /idp when identityProvider is 'embedded'). */
  idp: EmbeddedIdpConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The web build, relative to this package (same from src/ and dist/). */
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/build/client/', import.meta.url));

type Env = Record<string, string | undefined>;

/** A variable's text, or undefined when it is unset or blank. */
const text = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const port = text.transform((value, ctx) => {
  if (value === undefined) return 3000;
  const n = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 0 && n <= 65535)) {
    ctx.addIssue({
      code: 'custom',
      message: `must be an integer from 0 to 65535 (got "${value}")`,
    });
    return z.NEVER;
  }
  return n;
});

const directory = (fallback: string) => text.transform((value) => path.resolve(value ?? fallback));

const siteUrl = text.transform((value, ctx) => {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const isOrigin =
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!url || !isOrigin) {
    ctx.addIssue({
      code: 'custom',
      message: `must be an http(s) origin such as https://centro.org.br, without path, query or fragment (got "${value}")`,
    });
    return z.NEVER;
  }
  return url.origin;
});

const logLevel = text.transform((value, ctx) => {
  if (value === undefined) return 'info';
  const level = value.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    ctx.addIssue({
      code: 'custom',
      message: `must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`,
    });
    return z.NEVER;
  }
  return level as LogLevel;
});

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

const trustProxy = text.transform((value, ctx): TrustProxy => {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrCidr)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (got "${value}")`,
  });
  return z.NEVER;
});

/** A whole number from `min` to `max`, or `fallback` when unset. */
const wholeNumber = (fallback: number, min: number, max: number, what: string) =>
  text.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be ${what}, a whole number from ${min} to ${max} (got "${value}")`,
      });
      return z.NEVER;
    }
    return n;
  });

const envSchema = z
  .object({
    PORT: port,
    HOST: text.transform((value) => value ?? '127.0.0.1'),
    DATA_DIR: directory('data'),
    WEB_ROOT: directory(DEFAULT_WEB_ROOT),
    SITE_URL: siteUrl,
    LOG_LEVEL: logLevel,
    TRUST_PROXY: trustProxy,
    DATABASE_URL: text.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
      'must be a PostgreSQL connection string (postgres://user@host:5432/database)',
    ),
    RATE_LIMIT_API_PER_MINUTE: wholeNumber(
      10_000,
      0,
      1_000_000,
      'the requests per minute allowed to one client address on /api (0 for no limit)',
    ),
    RATE_LIMIT_IDP_PER_MINUTE: wholeNumber(
      300,
      0,
      1_000_000,
      'the requests per minute allowed to one client address on /idp (0 for no limit)',
    ),
    REDIS_URL: text.refine(
      (value) => value === undefined || /^rediss?:\/\//.test(value),
      'must be a Redis URL (redis://host:6379 or rediss://...)',
    ),
    // 0 settles every pending row at start-up: only for a single instance (and tests).
    ENROLMENT_REPAIR_AFTER_SECONDS: wholeNumber(
      60,
      0,
      86_400,
      'the age in seconds after which an unfinished enrolment is settled with the directory',
    ),
    ...authEnvShape,
    ...idpEnvShape,
  })
  // Runs even when another variable is wrong, so every problem is reported at once.
  .superRefine(requireEntraSettings, { when: () => true });

/**
 * Validate the environment (process.env by default; tests pass their own object).
 * Relative directories are resolved against the working directory.
 * @throws ConfigError listing every invalid variable.
 */
export function loadConfig(env: Env = process.env): Config {
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
    databaseUrl: v.DATABASE_URL,
    graph: directoryConfig.graph,
    rateLimitApiPerMinute: v.RATE_LIMIT_API_PER_MINUTE,
    rateLimitIdpPerMinute: v.RATE_LIMIT_IDP_PER_MINUTE,
    redisUrl: v.REDIS_URL,
    enrolmentRepairAfterSeconds: v.ENROLMENT_REPAIR_AFTER_SECONDS,
    ...resolveAuthConfig(v),
    idp: resolveIdpConfig(v, site),
  };
}
