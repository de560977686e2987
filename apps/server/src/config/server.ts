/**
 * The server's part of the environment: where it listens, its data and web build, its public
 * origin, its logs, the proxies it trusts and how many connections it accepts at once.
 */
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { directory, httpOrigin, integerRange, port, text, textOr } from './parsers.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fastify's trustProxy: off, on, a number of hops, or the addresses/CIDRs of trusted proxies. */
export type TrustProxy = boolean | number | string[];

/** The web build, relative to this package (same from src/ and dist/). */
const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/build/client/', import.meta.url));

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

export const serverEnv = {
  PORT: port,
  HOST: textOr('127.0.0.1'),
  DATA_DIR: directory('data'),
  WEB_ROOT: directory(DEFAULT_WEB_ROOT),
  /** Resolved with PORT in index.ts (`http://localhost:<PORT>` when unset). */
  SITE_URL: httpOrigin,
  LOG_LEVEL: logLevel,
  TRUST_PROXY: trustProxy,
  /** Descriptors of the listening socket, each accepting one connection per turn (decision 037). */
  ACCEPT_DESCRIPTORS: integerRange(16, 1, 64, 'a number of descriptors'),
};
