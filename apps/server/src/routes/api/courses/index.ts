/**
 * GET /api/courses/availability (public): places and places left of every course, keyed by slug:
 * a view of each course's current class (decision 074), which the course pages read.
 * GET /api/courses/classes (public): every course's classes open or opening soon.
 * Caches may keep them for a few seconds; the enrolment itself always decides under the lock.
 */
import { allCourses } from '@centro/content';
import { availabilityResponseSchema, courseClassesResponseSchema } from '@centro/contracts';
import { classAvailability } from '../../../classes/class-rules.js';
import { publicClass } from '../../../classes/public-classes.js';
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
      const now = new Date().toISOString();
      const courses: Record<string, ReturnType<typeof classAvailability>> = {};
      for (const [slug, current] of await enrolment.currentClasses()) {
        courses[slug] = classAvailability(current, now);
      }
      reply.header('cache-control', `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}`);
      return { courses };
    },
  );

  const bySlug = new Map(allCourses().map((c) => [c.slug, c]));
  app.get(
    apiPaths.courseClasses,
    { schema: { response: { 200: courseClassesResponseSchema } } },
    async (_request, reply) => {
      const now = new Date().toISOString();
      const courses: Record<string, ReturnType<typeof publicClass>[]> = {};
      for (const row of await enrolment.listedClasses()) {
        const course = bySlug.get(row.course_slug);
        // A course no longer in the content has no page.
        if (course) (courses[row.course_slug] ??= []).push(publicClass(row, course, now));
      }
      reply.header('cache-control', `public, max-age=${AVAILABILITY_MAX_AGE_SECONDS}`);
      return { courses };
    },
  );
};
