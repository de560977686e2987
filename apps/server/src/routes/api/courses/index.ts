/**
 * GET /api/courses/availability (public): places and places left of every course, keyed by slug.
 * Caches may keep it for a few seconds; the enrolment itself always decides under the lock.
 */
import { availabilityResponseSchema } from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@centro/contracts/paths';

/** Seconds a browser or CDN may reuse the availability. */
export const AVAILABILITY_MAX_AGE_SECONDS = 5;

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { enrolment } = app;

  app.get(
    apiPaths.availability,
    { schema: { response: { 200: availabilityResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}`);
      return { courses: await enrolment.availability() };
    },
  );
};
