/**
 * The per-client limits on /api (`RATE_LIMIT_API_PER_MINUTE`) and on /idp
 * (`RATE_LIMIT_IDP_PER_MINUTE`), per minute and client address (the address honours TRUST_PROXY).
 *
 * The counters are kept in memory, per instance, unless `REDIS_URL` is set: then both limits count
 * in Redis (the plugin's `redis` option with an ioredis client), so that several instances behind a
 * load balancer share them. A Redis outage never takes the site down: the client connects with a
 * short timeout, does not queue commands while disconnected, gives each command a short timeout,
 * and the plugin's `skipOnError` lets the request through when Redis does not answer.
 *
 * The defaults are generous on purpose: many people reach the site from one address (carrier-grade
 * NAT on mobile networks, the centre's own Wi-Fi), and everyone enrols at once when enrolment opens.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Refusal } from '../refusals/refusal.js';

/** Redis connection and command timeouts: a slow Redis must not slow every request down. */
export const REDIS_CONNECT_TIMEOUT_MS = 1000;
export const REDIS_COMMAND_TIMEOUT_MS = 250;

export interface RateLimitStore {
  /** The ioredis client, or undefined for in-memory counters. */
  redis: Redis | undefined;
  close(): Promise<void>;
}

/** The counters' store: Redis when `redisUrl` is set, else memory (per instance). */
export function createRateLimitStore(
  redisUrl: string | undefined,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): RateLimitStore {
  if (redisUrl === undefined) return { redis: undefined, close: async () => undefined };
  const redis = new Redis(redisUrl, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    // While disconnected, commands fail at once (and the request goes through: skipOnError).
    enableOfflineQueue: false,
    // Reconnect for ever, at most every 5 s.
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  // Logged once per outage (ioredis emits an error at every reconnection attempt); the URL may
  // hold a password, so only the error's code is logged.
  let down = false;
  redis.on('error', (error: NodeJS.ErrnoException) => {
    if (down) return;
    down = true;
    log.warn(
      { code: error.code ?? error.name },
      'rate-limit store (Redis) unavailable: requests are let through',
    );
  });
  redis.on('ready', () => {
    if (down) log.info('rate-limit store (Redis) available again');
    down = false;
  });
  return {
    redis,
    close: async () => {
      redis.disconnect();
    },
  };
}

export function clientRateLimit(
  perMinute: number,
  { redis, nameSpace }: { redis?: Redis | undefined; nameSpace: string },
): RateLimitPluginOptions {
  return {
    max: perMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace, skipOnError: true } : {}),
    // A client over its limit (429; no `ban` is configured, so never the plugin's 403).
    errorResponseBuilder: (_request, context) =>
      new Refusal('tooManyRequests', {
        details: { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        message: 'Rate limit reached.',
      }),
  };
}

/** The /api limit (in memory unless a Redis client is given). */
export function apiRateLimit(perMinute: number, redis?: Redis): RateLimitPluginOptions {
  return clientRateLimit(perMinute, { redis, nameSpace: 'centro:rate-limit:api:' });
}

/** The /idp limit (sign-in, sign-up, token...; in memory unless a Redis client is given). */
export function idpRateLimit(perMinute: number, redis?: Redis): RateLimitPluginOptions {
  return clientRateLimit(perMinute, { redis, nameSpace: 'centro:rate-limit:idp:' });
}

/** The certificate codes' checks (decision 094; in memory unless a Redis client is given). */
export function certificateRateLimit(perMinute: number, redis?: Redis): RateLimitPluginOptions {
  return clientRateLimit(perMinute, { redis, nameSpace: 'centro:rate-limit:certificates:' });
}
