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
import { bearerRoute } from '../bearer-route.js';
import { CONTENT } from './common.js';

export const staffContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app;

  app.get(
    apiPaths.staffContentSchedule,
    bearerRoute({
      permission: 'content',
      answer: staffScheduleResponseSchema,
      refusals: CONTENT,
    }),
    async () => content.schedule(),
  );

  app.put(
    apiPaths.staffContentSchedule,
    bearerRoute({
      permission: 'content',
      body: staffScheduleSaveSchema,
      answer: staffScheduleResponseSchema,
      refusals: [...CONTENT, 'invalidRequest', 'contentStale'],
    }),
    async (request) => content.saveSchedule(request.staffActor, request.body),
  );

  app.get(
    apiPaths.staffContentNotices,
    bearerRoute({
      permission: 'content',
      answer: staffNoticesResponseSchema,
      refusals: CONTENT,
    }),
    async () => content.notices(),
  );

  app.put(
    apiPaths.staffContentNotices,
    bearerRoute({
      permission: 'content',
      body: staffNoticesSaveSchemaFor(allCourses().map(coursePath)),
      answer: staffNoticesResponseSchema,
      refusals: [...CONTENT, 'invalidRequest', 'contentStale'],
    }),
    async (request) => content.saveNotices(request.staffActor, request.body),
  );
};
