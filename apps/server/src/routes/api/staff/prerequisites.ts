/**
 * A course's prerequisites and completions in the staff area (decision
 * 061): GET /api/staff/courses/:slug/prerequisites (Coordenação and Secretaria), PUT the same
 * (Coordenação), POST .../exceptions ('Liberar inscrição': Coordenação and Secretaria), GET
 * /api/staff/people?q= (finding the person), GET .../completions (Coordenação and Secretaria) and
 * POST .../completions/:classId/:personId (Coordenação changes one, with a reason). Registered
 * inside the staff routes, whose hook reads the person's roles.
 */
import {
  apiPaths,
  staffCompletionChangeSchema,
  staffCompletionParamsSchema,
  staffCompletionsResponseSchema,
  staffCourseParamsSchema,
  staffExceptionRequestSchema,
  staffOkResponseSchema,
  staffPeopleQuerySchema,
  staffPeopleResponseSchema,
  staffPrerequisitesRequestSchema,
  staffPrerequisitesResponseSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerRoute } from '../bearer-route.js';
import { COORDINATION, okOnceDone, STAFF } from './common.js';
const COURSE = '/api/staff/courses/:slug';

export const staffPrerequisiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { prerequisites } = app;

  app.get(
    `${COURSE}/prerequisites`,
    bearerRoute({
      permission: 'view',
      params: staffCourseParamsSchema,
      answer: staffPrerequisitesResponseSchema,
      refusals: [...STAFF, 'courseNotFound'],
    }),
    async (request) => prerequisites.prerequisites(request.staffActor, request.params.slug),
  );

  app.put(
    `${COURSE}/prerequisites`,
    bearerRoute({
      permission: 'settings',
      params: staffCourseParamsSchema,
      body: staffPrerequisitesRequestSchema,
      answer: staffPrerequisitesResponseSchema,
      refusals: [...COORDINATION, 'courseNotFound', 'invalidSettings'],
    }),
    async (request) =>
      prerequisites.updatePrerequisites(
        request.staffActor,
        request.params.slug,
        request.body.required,
      ),
  );

  app.post(
    `${COURSE}/exceptions`,
    bearerRoute({
      permission: 'exceptions',
      params: staffCourseParamsSchema,
      body: staffExceptionRequestSchema,
      answer: staffOkResponseSchema,
      refusals: [...STAFF, 'courseNotFound', 'userNotFound', 'directoryUnavailable'],
    }),
    async (request) =>
      okOnceDone(
        prerequisites.grantException(
          request.staffActor,
          request.params.slug,
          request.body.personId,
        ),
      ),
  );

  app.get(
    apiPaths.staffPeople,
    bearerRoute({
      permission: 'exceptions',
      querystring: staffPeopleQuerySchema,
      answer: staffPeopleResponseSchema,
      refusals: [...STAFF, 'directoryUnavailable', 'tooManyPeopleSearches'],
    }),
    async (request, reply) => {
      // Before the directory is asked (decision 081).
      await app.limits.peopleSearch(reply, request.staffActor.id);
      return { people: await prerequisites.findPeople(request.staffActor, request.query.q) };
    },
  );

  app.get(
    `${COURSE}/completions`,
    bearerRoute({
      permission: 'view',
      params: staffCourseParamsSchema,
      answer: staffCompletionsResponseSchema,
      refusals: [...STAFF, 'courseNotFound'],
    }),
    async (request) => ({
      completions: await prerequisites.completions(request.staffActor, request.params.slug),
    }),
  );

  app.post(
    `${COURSE}/completions/:classId/:personId`,
    bearerRoute({
      permission: 'classes',
      params: staffCompletionParamsSchema,
      body: staffCompletionChangeSchema,
      answer: staffOkResponseSchema,
      refusals: [...COORDINATION, 'courseNotFound', 'completionNotFound'],
    }),
    async (request) => {
      const { slug, classId, personId } = request.params;
      return okOnceDone(
        prerequisites.changeCompletion(request.staffActor, slug, classId, personId, request.body),
      );
    },
  );
};
