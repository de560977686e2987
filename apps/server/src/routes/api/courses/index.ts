/**
 * GET /api/courses/availability (public): places and places left of every course, keyed by slug.
 * Caches may keep it for a few seconds; the enrolment itself always decides under the lock.
 */
import { availabilityResponseSchema, type AvailabilityResponse } from '@centro/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { EnrolmentService } from '../../../enrolment/service.js';
import { useApiConventions } from '../../../plugins/api-conventions.js';

export interface CourseRoutesOptions {
  enrolment: EnrolmentService;
}

/** Seconds a browser or CDN may reuse the availability. */
export const AVAILABILITY_MAX_AGE_SECONDS = 5;

export const courseRoutes: FastifyPluginAsync<CourseRoutesOptions> = async (app, { enrolment }) => {
  useApiConventions(app);

  app.get(
    '/api/courses/availability',
    { schema: { response: { 200: availabilityResponseSchema } } },
    async (_request, reply): Promise<AvailabilityResponse> => {
      reply.header('cache-control', `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}`);
      return { courses: await enrolment.availability() };
    },
  );
};
