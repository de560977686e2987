/**
 * A course's classes in the staff area: GET /api/staff/courses/:slug/
 * classes (Coordenação and Secretaria); POST the same path, 'Nova turma' (Coordenação); POST
 * .../classes/:classId/open, 'Abrir inscrições' (Coordenação); POST .../classes/:classId/conclude,
 * 'Encerrar turma' (Coordenação, with `{ confirm: true }`, and `meetingsRemaining` before the last
 * meeting); POST .../classes/:classId/reopen, 'Reabrir turma' (Coordenação); POST
 * .../classes/:classId/messages,
 * 'Enviar mensagem à turma' (Coordenação and Secretaria); POST .../classes/:classId/meetings, one
 * meeting skipped, cancelled, moved, added or restored (Coordenação, decision 091).
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
  staffMeetingChangeRequestSchema,
  staffMeetingChangeResponseSchema,
  staffNewClassRequestSchema,
  staffNewClassResponseSchema,
  staffOpenClassRequestSchema,
  staffReopenClassRequestSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerRoute } from '../bearer-route.js';
import { COORDINATION, STAFF } from './common.js';

export const staffClassRoutes: FastifyPluginAsyncZod = async (app) => {
  const { classes } = app;

  app.get(
    '/api/staff/courses/:slug/classes',
    bearerRoute({
      permission: 'view',
      params: staffCourseParamsSchema,
      answer: staffClassesResponseSchema,
      refusals: [...STAFF, 'courseNotFound'],
    }),
    async (request) => classes.classes(request.params.slug),
  );

  app.post(
    '/api/staff/courses/:slug/classes',
    bearerRoute({
      permission: 'classes',
      params: staffCourseParamsSchema,
      body: staffNewClassRequestSchema,
      answer: staffNewClassResponseSchema,
      refusals: [...COORDINATION, 'invalidRequest', 'invalidSettings', 'courseNotFound'],
    }),
    async (request) => ({
      class: await classes.createClass(request.staffActor, request.params.slug, request.body),
    }),
  );

  app.post(
    '/api/staff/courses/:slug/classes/:classId/open',
    bearerRoute({
      permission: 'classes',
      params: staffClassParamsSchema,
      body: staffOpenClassRequestSchema,
      answer: staffNewClassResponseSchema,
      refusals: [
        ...COORDINATION,
        'invalidRequest',
        'courseNotFound',
        'classNotFound',
        'classReadOnly',
      ],
    }),
    async (request) => ({
      class: await classes.openClass(
        request.staffActor,
        request.params.slug,
        request.params.classId,
      ),
    }),
  );

  app.post(
    '/api/staff/courses/:slug/classes/:classId/conclude',
    bearerRoute({
      permission: 'classes',
      params: staffClassParamsSchema,
      body: staffConcludeClassRequestSchema,
      answer: staffConcludeClassResponseSchema,
      refusals: [
        ...COORDINATION,
        'courseNotFound',
        'classNotFound',
        'classConcluded',
        'classNotStarted',
        'classMeetingsRemain',
      ],
    }),
    async (request) => ({
      completions: await classes.concludeClass(
        request.staffActor,
        request.params.slug,
        request.params.classId,
        request.body.meetingsRemaining,
      ),
    }),
  );

  app.post(
    '/api/staff/courses/:slug/classes/:classId/reopen',
    bearerRoute({
      permission: 'classes',
      params: staffClassParamsSchema,
      body: staffReopenClassRequestSchema,
      answer: staffNewClassResponseSchema,
      refusals: [
        ...COORDINATION,
        'invalidRequest',
        'courseNotFound',
        'classNotFound',
        'classNotConcluded',
        'classReopenConflict',
      ],
    }),
    async (request) => ({
      class: await classes.reopenClass(
        request.staffActor,
        request.params.slug,
        request.params.classId,
      ),
    }),
  );

  app.post(
    '/api/staff/courses/:slug/classes/:classId/messages',
    bearerRoute({
      permission: 'message',
      params: staffClassParamsSchema,
      body: staffClassMessageRequestSchema,
      answer: staffClassMessageResponseSchema,
      refusals: [
        ...STAFF,
        'courseNotFound',
        'classNotFound',
        'classWithoutRecipients',
        'classMessageLimit',
        'directoryUnavailable',
      ],
    }),
    async (request) =>
      classes.sendClassMessage(
        request.staffActor,
        request.params.slug,
        request.params.classId,
        request.body,
      ),
  );

  app.post(
    '/api/staff/courses/:slug/classes/:classId/meetings',
    bearerRoute({
      permission: 'classes',
      params: staffClassParamsSchema,
      body: staffMeetingChangeRequestSchema,
      answer: staffMeetingChangeResponseSchema,
      refusals: [
        ...COORDINATION,
        'invalidRequest',
        'courseNotFound',
        'classNotFound',
        'classReadOnly',
        'meetingNotFound',
        'meetingPast',
      ],
    }),
    async (request) =>
      classes.changeMeeting(
        request.staffActor,
        request.params.slug,
        request.params.classId,
        request.body,
      ),
  );
};
