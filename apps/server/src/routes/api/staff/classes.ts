/**
 * A course's classes in the staff area (issue 29, points 4 and 5): GET /api/staff/courses/:slug/
 * classes (Coordenação and Secretaria); POST the same path, 'Nova turma' (Coordenação); POST
 * .../classes/:classId/conclude, 'Encerrar turma' (Coordenação, with `{ confirm: true }`); POST
 * .../classes/:classId/messages, 'Enviar mensagem à turma' (Coordenação and Secretaria).
 * Registered inside the staff routes, whose hook reads the person's roles.
 */
import {
  staffClassesResponseSchema,
  staffClassMessageRequestSchema,
  staffClassMessageResponseSchema,
  staffClassParamsSchema,
  staffConcludeClassRequestSchema,
  staffConcludeClassResponseSchema,
  staffCourseParamsSchema,
  staffNewClassRequestSchema,
  staffNewClassResponseSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../../plugins/refusal-responses.js';
import type { RefusalName } from '../../../refusals/catalogue.js';

const STAFF: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken', 'staffForbidden'];
const COORDINATION: RefusalName[] = [...STAFF, 'coordinationOnly'];

const bearer = { security: [{ bearerAuth: [] }] };

export const staffClassRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app;

  app.get(
    '/api/staff/courses/:slug/classes',
    {
      config: { permission: 'view' },
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        response: {
          200: staffClassesResponseSchema,
          ...refusalResponses(...STAFF, 'courseNotFound'),
        },
      },
    },
    async (request) => ({ classes: await staff.classes(request.params.slug) }),
  );

  app.post(
    '/api/staff/courses/:slug/classes',
    {
      config: { permission: 'classes' },
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        body: staffNewClassRequestSchema,
        response: {
          200: staffNewClassResponseSchema,
          ...refusalResponses(...COORDINATION, 'courseNotFound'),
        },
      },
    },
    async (request) => ({
      class: await staff.createClass(request.staffActor, request.params.slug, request.body),
    }),
  );

  app.post(
    '/api/staff/courses/:slug/classes/:classId/conclude',
    {
      config: { permission: 'classes' },
      schema: {
        ...bearer,
        params: staffClassParamsSchema,
        body: staffConcludeClassRequestSchema,
        response: {
          200: staffConcludeClassResponseSchema,
          ...refusalResponses(...COORDINATION, 'courseNotFound', 'classNotFound', 'classConcluded'),
        },
      },
    },
    async (request) => ({
      completions: await staff.concludeClass(
        request.staffActor,
        request.params.slug,
        request.params.classId,
      ),
    }),
  );

  app.post(
    '/api/staff/courses/:slug/classes/:classId/messages',
    {
      config: { permission: 'message' },
      schema: {
        ...bearer,
        params: staffClassParamsSchema,
        body: staffClassMessageRequestSchema,
        response: {
          200: staffClassMessageResponseSchema,
          ...refusalResponses(
            ...STAFF,
            'courseNotFound',
            'classNotFound',
            'classWithoutRecipients',
            'classMessageLimit',
            'directoryUnavailable',
          ),
        },
      },
    },
    async (request) =>
      staff.sendClassMessage(
        request.staffActor,
        request.params.slug,
        request.params.classId,
        request.body,
      ),
  );
};
