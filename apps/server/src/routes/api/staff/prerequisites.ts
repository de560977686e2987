/**
 * A course's prerequisites and completions in the staff area (issue 29, points 5 and 6; decision
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
import { refusalResponses } from '../../../plugins/refusal-responses.js';
import type { RefusalName } from '../../../refusals/catalogue.js';

const STAFF: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken', 'staffForbidden'];
const COORDINATION: RefusalName[] = [...STAFF, 'coordinationOnly'];

const bearer = { security: [{ bearerAuth: [] }] };
const COURSE = '/api/staff/courses/:slug';

export const staffPrerequisiteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app;

  app.get(
    `${COURSE}/prerequisites`,
    {
      config: { permission: 'view' },
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        response: {
          200: staffPrerequisitesResponseSchema,
          ...refusalResponses(...STAFF, 'courseNotFound'),
        },
      },
    },
    async (request) => staff.prerequisites(request.staffActor, request.params.slug),
  );

  app.put(
    `${COURSE}/prerequisites`,
    {
      config: { permission: 'settings' },
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        body: staffPrerequisitesRequestSchema,
        response: {
          200: staffPrerequisitesResponseSchema,
          ...refusalResponses(...COORDINATION, 'courseNotFound', 'invalidSettings'),
        },
      },
    },
    async (request) =>
      staff.updatePrerequisites(request.staffActor, request.params.slug, request.body.required),
  );

  app.post(
    `${COURSE}/exceptions`,
    {
      config: { permission: 'exceptions' },
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        body: staffExceptionRequestSchema,
        response: {
          200: staffOkResponseSchema,
          ...refusalResponses(...STAFF, 'courseNotFound', 'userNotFound', 'directoryUnavailable'),
        },
      },
    },
    async (request) => {
      await staff.grantException(request.staffActor, request.params.slug, request.body.personId);
      return { ok: true as const };
    },
  );

  app.get(
    apiPaths.staffPeople,
    {
      config: { permission: 'exceptions' },
      schema: {
        ...bearer,
        querystring: staffPeopleQuerySchema,
        response: {
          200: staffPeopleResponseSchema,
          ...refusalResponses(...STAFF, 'directoryUnavailable'),
        },
      },
    },
    async (request) => ({ people: await staff.findPeople(request.staffActor, request.query.q) }),
  );

  app.get(
    `${COURSE}/completions`,
    {
      config: { permission: 'view' },
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        response: {
          200: staffCompletionsResponseSchema,
          ...refusalResponses(...STAFF, 'courseNotFound'),
        },
      },
    },
    async (request) => ({
      completions: await staff.completions(request.staffActor, request.params.slug),
    }),
  );

  app.post(
    `${COURSE}/completions/:classId/:personId`,
    {
      config: { permission: 'classes' },
      schema: {
        ...bearer,
        params: staffCompletionParamsSchema,
        body: staffCompletionChangeSchema,
        response: {
          200: staffOkResponseSchema,
          ...refusalResponses(...COORDINATION, 'courseNotFound', 'completionNotFound'),
        },
      },
    },
    async (request) => {
      const { slug, classId, personId } = request.params;
      await staff.changeCompletion(request.staffActor, slug, classId, personId, request.body);
      return { ok: true as const };
    },
  );
};
