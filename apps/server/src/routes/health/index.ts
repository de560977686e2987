/**
 * The operations probes: GET /healthz (the process is up and serving) and GET /readyz (the
 * instance's dependencies answer; readiness.ts). Outside /api: no rate limit, not in the OpenAPI
 * document.
 */
import { healthSchema } from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readiness } from './readiness.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { logLevel: 'warn', schema: { response: { 200: healthSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  await app.register(readiness);
};
