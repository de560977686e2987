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
  staffCheckInRequestSchema,
  staffCheckInResponseSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerRoute } from '../bearer-route.js';
import type { AskedClass, StaffPermission } from '../../../staff/roles.js';
import type { StaffActor } from '../../../staff/context.js';
import { staffClassRoutes } from './classes.js';
import { staffRecessRoutes } from './recesses.js';
import { AUTH, CLASS_STAFF, COORDINATION, okOnceDone, STAFF } from './common.js';
import { staffContentRoutes } from './content.js';
import { staffPrerequisiteRoutes } from './prerequisites.js';
import { staffContentTextsRoutes } from './content-texts.js';
import { staffExportRoutes } from './exports.js';
import { staffNextTermRoutes } from './next-term.js';
import { staffPhotoRoutes } from './photos.js';
import { staffReportRoutes } from './reports.js';
import { staffDeskRoutes } from './desk.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff permission a /api/staff route needs (403 without it); none: any signed-in person. */
    permission?: StaffPermission;
    /** The route addresses one class, which its monitors may use (decision 098). */
    classScope?: true;
  }
  interface FastifyRequest {
    /** The person of a /api/staff request with their roles, read at this request. */
    staffActor: StaffActor;
  }
}

/**
 * The class a request addresses, from its path and query before they are validated: a `turma`
 * sent twice (or not as text) names no class, which no monitor holds.
 */
function askedClass(params: unknown, query: unknown): AskedClass {
  const slug = (params as { slug?: unknown }).slug;
  const turma = (query as { turma?: unknown } | undefined)?.turma;
  return {
    slug: typeof slug === 'string' ? slug : '',
    turma: turma === undefined ? undefined : typeof turma === 'string' ? turma : '',
  };
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
    const { permission, classScope } = request.routeOptions.config;
    request.staffActor = await staff.actor(
      userId,
      roles,
      permission,
      classScope ? askedClass(request.params, request.query) : undefined,
    );
  });

  // The site's content (Comunicação and Coordenação), under the same hook.
  await app.register(staffContentRoutes);
  await app.register(staffContentTextsRoutes);
  await app.register(staffPhotoRoutes);
  // A course's classes: 'Nova turma' and 'Encerrar turma'.
  await app.register(staffClassRoutes);
  await app.register(staffRecessRoutes);
  // A class's participants as files (.csv, .xlsx).
  await app.register(staffExportRoutes);
  // Prerequisites, 'Liberar inscrição' and completions (decision 061).
  await app.register(staffPrerequisiteRoutes);
  // 'Relatórios': how a year's classes went, in counts.
  await app.register(staffReportRoutes);
  // 'Preparar próximo semestre': every course's next class at once (decision 093).
  await app.register(staffNextTermRoutes);
  // 'Inscrever no balcão' and walk-ins at the door (decisions 095 and 096).
  await app.register(staffDeskRoutes);

  app.get(
    apiPaths.staffMe,
    bearerRoute({ answer: staffMeResponseSchema, refusals: [...AUTH] }),
    async (request) => {
      const me = request.staffActor;
      const classes = await staff.myClasses(me);
      return { id: me.id, name: me.roles.length > 0 ? me.name : '', roles: me.roles, classes };
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
      classScope: true,
      params: staffCourseParamsSchema,
      querystring: staffParticipantsQuerySchema,
      answer: staffParticipantsResponseSchema,
      refusals: [...CLASS_STAFF, 'courseNotFound', 'classNotFound', 'directoryUnavailable'],
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
      classScope: true,
      params: staffMeetingParamsSchema,
      querystring: staffClassQuerySchema,
      answer: staffAttendanceResponseSchema,
      refusals: [...CLASS_STAFF, 'courseNotFound', 'classNotFound', 'directoryUnavailable'],
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
      classScope: true,
      params: staffMeetingParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffAttendanceRequestSchema,
      answer: staffOkResponseSchema,
      refusals: [
        ...CLASS_STAFF,
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

  // A QR code read at the door: whose it is (decision 097). A POST, so the token stays out of the
  // address and of every log that keeps one.
  app.post(
    '/api/staff/courses/:slug/check-in/:meeting',
    bearerRoute({
      permission: 'attendance',
      // A class's monitor takes its attendance at the door too (decision 098).
      classScope: true,
      params: staffMeetingParamsSchema,
      querystring: staffClassQuerySchema,
      body: staffCheckInRequestSchema,
      answer: staffCheckInResponseSchema,
      refusals: [...CLASS_STAFF, 'invalidRequest', 'courseNotFound', 'classNotFound'],
    }),
    async (request) =>
      rosters.checkIn(
        request.staffActor,
        request.params.slug,
        request.params.meeting,
        request.body.code,
        request.query.turma,
      ),
  );

  app.get(
    apiPaths.staffRoles,
    bearerRoute({
      permission: 'roles',
      answer: staffRolesResponseSchema,
      refusals: [...COORDINATION, 'rolesManagedByProvider'],
    }),
    async (request) => staff.roles(request.staffActor),
  );

  app.post(
    apiPaths.staffRolesGrant,
    bearerRoute({
      permission: 'roles',
      body: staffGrantRequestSchema,
      answer: staffOkResponseSchema,
      refusals: [
        ...COORDINATION,
        'invalidRequest',
        'accountNotFound',
        'classNotFound',
        'classReadOnly',
        'rolesManagedByProvider',
      ],
    }),
    async (request) => okOnceDone(staff.grant(request.staffActor, request.body)),
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
        'classNotFound',
        'lastCoordinator',
        'roleFromAdminEmails',
        'rolesManagedByProvider',
      ],
    }),
    async (request) => okOnceDone(staff.revoke(request.staffActor, request.body)),
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
