/**
 * The per-client limit on /api (`RATE_LIMIT_API_PER_MINUTE` requests per minute and client
 * address; the address honours TRUST_PROXY). Counters are kept in memory, per instance: with
 * several instances behind a load balancer each one counts its own share. A shared store (Redis:
 * the plugin's `redis` option with an ioredis client) is the step for exact limits across instances.
 *
 * The default is generous on purpose: many people reach the site from one address (carrier-grade
 * NAT on mobile networks, the centre's own Wi-Fi), and everyone enrols at once when enrolment opens.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { HttpError } from './errors.js';

export function apiRateLimit(perMinute: number): RateLimitPluginOptions {
  return {
    max: perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        'too_many_requests',
        `Muitas requisições. Tente novamente em ${Math.max(1, Math.ceil(context.ttl / 1000))} segundos.`,
      ),
  };
}
