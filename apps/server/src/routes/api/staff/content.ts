/**
 * The site's content in the staff area (issue 32, decision 054), for Comunicação and Coordenação
 * (`content` permission): GET /api/staff/content/schedule, the weekly schedule in effect with its
 * revision; PUT, a new revision from the one the edit started from (409 when someone saved
 * meanwhile: nothing overwritten), published at once. The same for the notices ('Avisos',
 * /api/staff/content/notices, decision 056). Registered inside the staff routes, whose
 * hook reads the person's roles.
 */
import { allCourses, coursePath } from '@centro/content';
import {
  apiPaths,
  staffNoticesResponseSchema,
  staffNoticesSaveSchemaFor,
  staffScheduleResponseSchema,
  staffScheduleSaveSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../../plugins/refusal-responses.js';
import type { RefusalName } from '../../../refusals/catalogue.js';

/** What every content route may answer before its own work. */
export const CONTENT_REFUSALS: RefusalName[] = [
  'signInRequired',
  'expiredToken',
  'invalidToken',
  'staffForbidden',
  'contentRolesOnly',
];

const CONTENT = CONTENT_REFUSALS;
const bearer = { security: [{ bearerAuth: [] }] };

export const staffContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app;

  app.get(
    apiPaths.staffContentSchedule,
    {
      config: { permission: 'content' },
      schema: {
        ...bearer,
        response: { 200: staffScheduleResponseSchema, ...refusalResponses(...CONTENT) },
      },
    },
    async () => content.schedule(),
  );

  app.put(
    apiPaths.staffContentSchedule,
    {
      config: { permission: 'content' },
      schema: {
        ...bearer,
        body: staffScheduleSaveSchema,
        response: {
          200: staffScheduleResponseSchema,
          ...refusalResponses(...CONTENT, 'invalidRequest', 'contentStale'),
        },
      },
    },
    async (request) => content.saveSchedule(request.staffActor, request.body),
  );

  app.get(
    apiPaths.staffContentNotices,
    {
      config: { permission: 'content' },
      schema: {
        ...bearer,
        response: { 200: staffNoticesResponseSchema, ...refusalResponses(...CONTENT) },
      },
    },
    async () => content.notices(),
  );

  app.put(
    apiPaths.staffContentNotices,
    {
      config: { permission: 'content' },
      schema: {
        ...bearer,
        body: staffNoticesSaveSchemaFor(allCourses().map(coursePath)),
        response: {
          200: staffNoticesResponseSchema,
          ...refusalResponses(...CONTENT, 'invalidRequest', 'contentStale'),
        },
      },
    },
    async (request) => content.saveNotices(request.staffActor, request.body),
  );
};
