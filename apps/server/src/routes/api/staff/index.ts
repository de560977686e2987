/**
 * The staff area's API, /api/staff/...: the bearerAuth hook (plugins/bearer-auth.ts)
 * reads the person from the API token in `Authorization: Bearer` (401 without one); the hook below
 * reads their roles at each request and checks the permission the route declares in
 * `config.permission` (403 otherwise). Answers hold personal data: never stored by a cache. Every list view and export
 * is recorded in the staff action record (StaffService).
 */
import {
  apiPaths,
  staffActionsQuerySchema,
  staffActionsResponseSchema,
  staffAttendanceRequestSchema,
  staffAttendanceResponseSchema,
  staffClassQuerySchema,
  staffCourseParamsSchema,
  staffCourseSettingsResponseSchema,
  staffCourseSettingsSchema,
  staffGrantRequestSchema,
  staffMeetingParamsSchema,
  staffMeResponseSchema,
  staffMoveRequestSchema,
  staffMoveResponseSchema,
  staffOkResponseSchema,
  staffOverviewResponseSchema,
  staffParticipantParamsSchema,
  staffParticipantsQuerySchema,
  staffParticipantsResponseSchema,
  staffRemoveRequestSchema,
  staffRemoveResponseSchema,
  staffRevokeRequestSchema,
  staffRolesResponseSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerRoute } from '../bearer-route.js';
import type { StaffPermission } from '../../../staff/roles.js';
import type { StaffActor } from '../../../staff/context.js';
import { staffClassRoutes } from './classes.js';
import { AUTH, COORDINATION, okOnceDone, STAFF } from './common.js';
import { staffContentRoutes } from './content.js';
import { staffPrerequisiteRoutes } from './prerequisites.js';
import { staffContentTextsRoutes } from './content-texts.js';
import { staffExportRoutes } from './exports.js';
import { staffPhotoRoutes } from './photos.js';
import { staffReportRoutes } from './reports.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff permission a /api/staff route needs (403 without it); none: any signed-in person. */
    permission?: StaffPermission;
  }
  interface FastifyRequest {
    /** The person of a /api/staff request with their roles, read at this request. */
    staffActor: StaffActor;
  }
}

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff, classes, rosters } = app;

  // The person (set by the bearerAuth hook) with their roles, read now; a route's
  // `config.permission` is checked here (403 without it), before the request's body and query
  // are validated: a role without the permission gets 403 whatever it sent, never a 400 that
  // describes the route.
  app.decorateRequest('staffActor', null as unknown as StaffActor);
  app.addHook('preValidation', async (request) => {
    const { userId, roles } = request.person;
    request.staffActor = await staff.actor(userId, roles, request.routeOptions.config.permission);
  });

  // The site's content (Comunicação and Coordenação), under the same hook.
  await app.register(staffContentRoutes);
  await app.register(staffContentTextsRoutes);
  await app.register(staffPhotoRoutes);
  // A course's classes: 'Nova turma' and 'Encerrar turma'.
  await app.register(staffClassRoutes);
  // A class's participants as files (.csv, .xlsx).
  await app.register(staffExportRoutes);
  // Prerequisites, 'Liberar inscrição' and completions (decision 061).
  await app.register(staffPrerequisiteRoutes);
  // 'Relatórios': how a year's classes went, in counts.
  await app.register(staffReportRoutes);

  app.get(
    apiPaths.staffMe,
    bearerRoute({ answer: staffMeResponseSchema, refusals: [...AUTH] }),
    async (request) => {
      const me = request.staffActor;
      return { id: me.id, name: me.roles.length > 0 ? me.name : '', roles: me.roles };
    },
  );

  app.get(
    apiPaths.staffCourses,
    bearerRoute({ permission: 'view', answer: staffOverviewResponseSchema, refusals: [...STAFF] }),
    async (request) => ({
      courses: await classes.overview(request.staffActor),
    }),
  );

  app.get(
    '/api/staff/courses/:slug/participants',
    bearerRoute({
      permission: 'view',
      params: staffCourseParamsSchema,
      querystring: staffParticipantsQuerySchema,
      answer: staffParticipantsResponseSchema,
      refusals: [...STAFF, 'courseNotFound', 'classNotFound', 'directoryUnavailable'],
    }),
    async (request) => {
      const { course, participants, waiting } = await rosters.participants(
        request.staffActor,
        request.params.slug,
        request.query,
      );
      return { course: { slug: course.slug, title: course.title }, participants, waiting };
    },
  );

  app.get(
    '/api/staff/courses/:slug/settings',
    bearerRoute({
      permission: 'settings',
      params: staffCourseParamsSchema,
      querystring: staffClassQuerySchema,
      answer: staffCourseSettingsResponseSchema,
      refusals: [...COORDINATION, 'courseNotFound', 'classNotFound'],
    }),
    async (request) =>
      classes.settings(request.staffActor, request.params.slug, request.query.turma),
  );

  app.post(
    '/api/staff/courses/:slug/settings',
    bearerRoute({
      permission: 'settings',
      params: staffCourseParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffCourseSettingsSchema,
      answer: staffCourseSettingsResponseSchema,
      refusals: [
        ...COORDINATION,
        'invalidRequest',
        'invalidSettings',
        'courseNotFound',
        'classNotFound',
        'classReadOnly',
        'placesBelowTaken',
      ],
    }),
    async (request) =>
      classes.updateSettings(
        request.staffActor,
        request.params.slug,
        request.body,
        request.query.turma,
      ),
  );

  app.post(
    '/api/staff/courses/:slug/participants/:personId/remove',
    bearerRoute({
      permission: 'remove',
      params: staffParticipantParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffRemoveRequestSchema,
      answer: staffRemoveResponseSchema,
      refusals: [
        ...COORDINATION,
        'invalidRequest',
        'courseNotFound',
        'classNotFound',
        'classReadOnly',
        'notEnrolled',
        'removalIncomplete',
      ],
    }),
    async (request) => {
      await rosters.remove(
        request.staffActor,
        request.params.slug,
        request.params.personId,
        request.query.turma,
      );
      return { removed: true };
    },
  );

  app.post(
    '/api/staff/courses/:slug/participants/:personId/move',
    bearerRoute({
      permission: 'move',
      params: staffParticipantParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffMoveRequestSchema,
      answer: staffMoveResponseSchema,
      refusals: [
        ...STAFF,
        'invalidRequest',
        'courseNotFound',
        'classNotFound',
        'classReadOnly',
        'notEnrolled',
        'moveSameClass',
        'moveTargetClosed',
        'moveTargetFull',
      ],
    }),
    async (request) => {
      await rosters.move(
        request.staffActor,
        request.params.slug,
        request.params.personId,
        request.body.to,
        request.query.turma,
      );
      return { moved: true };
    },
  );

  app.get(
    '/api/staff/courses/:slug/attendance/:meeting',
    bearerRoute({
      permission: 'attendance',
      params: staffMeetingParamsSchema,
      querystring: staffClassQuerySchema,
      answer: staffAttendanceResponseSchema,
      refusals: [...STAFF, 'courseNotFound', 'classNotFound', 'directoryUnavailable'],
    }),
    async (request) =>
      rosters.attendance(
        request.staffActor,
        request.params.slug,
        request.params.meeting,
        request.query.turma,
      ),
  );

  app.post(
    '/api/staff/courses/:slug/attendance/:meeting',
    bearerRoute({
      permission: 'attendance',
      params: staffMeetingParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffAttendanceRequestSchema,
      answer: staffOkResponseSchema,
      refusals: [
        ...STAFF,
        'invalidRequest',
        'courseNotFound',
        'classNotFound',
        'classReadOnly',
        'meetingNotYet',
      ],
    }),
    async (request) =>
      okOnceDone(
        rosters.markAttendance(
          request.staffActor,
          request.params.slug,
          request.params.meeting,
          request.body.marks,
          request.query.turma,
        ),
      ),
  );

  app.get(
    apiPaths.staffRoles,
    bearerRoute({
      permission: 'roles',
      answer: staffRolesResponseSchema,
      refusals: [...COORDINATION, 'rolesManagedByProvider'],
    }),
    async (request) => ({ people: await staff.roles(request.staffActor) }),
  );

  app.post(
    apiPaths.staffRolesGrant,
    bearerRoute({
      permission: 'roles',
      body: staffGrantRequestSchema,
      answer: staffOkResponseSchema,
      refusals: [...COORDINATION, 'invalidRequest', 'accountNotFound', 'rolesManagedByProvider'],
    }),
    async (request) =>
      okOnceDone(staff.grant(request.staffActor, request.body.email, request.body.role)),
  );

  app.post(
    apiPaths.staffRolesRevoke,
    bearerRoute({
      permission: 'roles',
      body: staffRevokeRequestSchema,
      answer: staffOkResponseSchema,
      refusals: [
        ...COORDINATION,
        'invalidRequest',
        'lastCoordinator',
        'roleFromAdminEmails',
        'rolesManagedByProvider',
      ],
    }),
    async (request) =>
      okOnceDone(staff.revoke(request.staffActor, request.body.personId, request.body.role)),
  );

  app.get(
    apiPaths.staffActions,
    bearerRoute({
      permission: 'actions',
      querystring: staffActionsQuerySchema,
      answer: staffActionsResponseSchema,
      refusals: [...COORDINATION, 'invalidRequest'],
    }),
    async (request) => staff.actions(request.staffActor, request.query),
  );
};
