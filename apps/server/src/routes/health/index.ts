/** GET /healthz: the process is up and serving. (Readiness of dependencies belongs to /readyz.) */
import type { FastifyPluginAsync } from 'fastify';

export const health: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', const: 'ok' } },
            required: ['status'],
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
};
