/**
 * The staff area's API (issue 12), /api/staff/...: every route reads the person from the API token
 * in `Authorization: Bearer` (401 without one) and checks their role on the server at each request
 * (403 otherwise). Answers hold personal data: never stored by a cache. Every list view and export
 * is recorded in the staff action record (StaffService).
 */
import {
  apiPaths,
  staffActionsResponseSchema,
  staffAttendanceRequestSchema,
  staffAttendanceResponseSchema,
  staffCourseParamsSchema,
  staffCourseSettingsResponseSchema,
  staffCourseSettingsSchema,
  staffGrantRequestSchema,
  staffMeetingParamsSchema,
  staffMeResponseSchema,
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusalResponses, type RefusalName } from '../../../plugins/error-handler.js';
import { bearerPerson } from '../../../auth/bearer-person.js';
import { exportFileName, participantsCsv, participantsXlsx } from '../../../staff/exports.js';
import type { StaffPermission } from '../../../staff/roles.js';

const AUTH: RefusalName[] = ['signInRequired', 'expiredToken', 'invalidToken'];
const STAFF: RefusalName[] = [...AUTH, 'staffForbidden'];
const COORDINATION: RefusalName[] = [...STAFF, 'coordinationOnly'];

const bearer = {
  security: [{ bearerAuth: [] }],
};

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app;

  const actor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    permission?: StaffPermission,
  ) => {
    reply.header('cache-control', 'no-store');
    const person = bearerPerson(request);
    return staff.actor(person.userId, person.roles, permission);
  };

  app.get(
    apiPaths.staffMe,
    {
      schema: {
        ...bearer,
        response: { 200: staffMeResponseSchema, ...refusalResponses(...AUTH) },
      },
    },
    async (request, reply) => {
      const me = await actor(request, reply);
      return { id: me.id, name: me.roles.length > 0 ? me.name : '', roles: me.roles };
    },
  );

  app.get(
    apiPaths.staffCourses,
    {
      schema: {
        ...bearer,
        response: { 200: staffOverviewResponseSchema, ...refusalResponses(...STAFF) },
      },
    },
    async (request, reply) => ({
      courses: await staff.overview(await actor(request, reply, 'view')),
    }),
  );

  app.get(
    '/api/staff/courses/:slug/participants',
    {
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        querystring: staffParticipantsQuerySchema,
        response: {
          200: staffParticipantsResponseSchema,
          ...refusalResponses(...STAFF, 'courseNotFound', 'directoryUnavailable'),
        },
      },
    },
    async (request, reply) => {
      const { course, participants, waiting } = await staff.participants(
        await actor(request, reply, 'view'),
        request.params.slug,
        request.query,
      );
      return { course: { slug: course.slug, title: course.title }, participants, waiting };
    },
  );

  app.get(
    '/api/staff/courses/:slug/export.csv',
    {
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        response: {
          200: z.unknown().describe('CSV: `;`, UTF-8 with BOM, dates DD/MM/AAAA'),
          ...refusalResponses(...STAFF, 'courseNotFound', 'directoryUnavailable'),
        },
      },
    },
    async (request, reply) => {
      const { participants } = await staff.exportRows(
        await actor(request, reply, 'export'),
        request.params.slug,
        'csv',
      );
      const body = participantsCsv(participants);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(request.params.slug, 'csv')}"`,
        )
        .send(body);
    },
  );

  app.get(
    '/api/staff/courses/:slug/export.xlsx',
    {
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        response: {
          200: z.unknown().describe('The .xlsx workbook'),
          ...refusalResponses(...STAFF, 'courseNotFound', 'directoryUnavailable'),
        },
      },
    },
    async (request, reply) => {
      const { course, participants } = await staff.exportRows(
        await actor(request, reply, 'export'),
        request.params.slug,
        'xlsx',
      );
      const body = await participantsXlsx(course.title, participants);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(request.params.slug, 'xlsx')}"`,
        )
        .send(body);
    },
  );

  app.get(
    '/api/staff/courses/:slug/settings',
    {
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        response: {
          200: staffCourseSettingsResponseSchema,
          ...refusalResponses(...COORDINATION, 'courseNotFound'),
        },
      },
    },
    async (request, reply) =>
      staff.settings(await actor(request, reply, 'settings'), request.params.slug),
  );

  app.post(
    '/api/staff/courses/:slug/settings',
    {
      schema: {
        ...bearer,
        params: staffCourseParamsSchema,
        body: staffCourseSettingsSchema,
        response: {
          200: staffCourseSettingsResponseSchema,
          ...refusalResponses(
            ...COORDINATION,
            'invalidRequest',
            'invalidSettings',
            'courseNotFound',
            'placesBelowTaken',
          ),
        },
      },
    },
    async (request, reply) =>
      staff.updateSettings(
        await actor(request, reply, 'settings'),
        request.params.slug,
        request.body,
      ),
  );

  app.post(
    '/api/staff/courses/:slug/participants/:personId/remove',
    {
      schema: {
        ...bearer,
        params: staffParticipantParamsSchema,
        body: staffRemoveRequestSchema,
        response: {
          200: staffRemoveResponseSchema,
          ...refusalResponses(
            ...COORDINATION,
            'invalidRequest',
            'courseNotFound',
            'notEnrolled',
            'removalIncomplete',
          ),
        },
      },
    },
    async (request, reply) => {
      await staff.remove(
        await actor(request, reply, 'remove'),
        request.params.slug,
        request.params.personId,
      );
      return { removed: true };
    },
  );

  app.get(
    '/api/staff/courses/:slug/attendance/:meeting',
    {
      schema: {
        ...bearer,
        params: staffMeetingParamsSchema,
        response: {
          200: staffAttendanceResponseSchema,
          ...refusalResponses(...STAFF, 'courseNotFound', 'directoryUnavailable'),
        },
      },
    },
    async (request, reply) =>
      staff.attendance(
        await actor(request, reply, 'attendance'),
        request.params.slug,
        request.params.meeting,
      ),
  );

  app.post(
    '/api/staff/courses/:slug/attendance/:meeting',
    {
      schema: {
        ...bearer,
        params: staffMeetingParamsSchema,
        body: staffAttendanceRequestSchema,
        response: {
          200: staffOkResponseSchema,
          ...refusalResponses(...STAFF, 'invalidRequest', 'courseNotFound'),
        },
      },
    },
    async (request, reply) => {
      await staff.markAttendance(
        await actor(request, reply, 'attendance'),
        request.params.slug,
        request.params.meeting,
        request.body.marks,
      );
      return { ok: true as const };
    },
  );

  app.get(
    apiPaths.staffRoles,
    {
      schema: {
        ...bearer,
        response: {
          200: staffRolesResponseSchema,
          ...refusalResponses(...COORDINATION, 'rolesManagedByProvider'),
        },
      },
    },
    async (request, reply) => ({ people: await staff.roles(await actor(request, reply, 'roles')) }),
  );

  app.post(
    apiPaths.staffRolesGrant,
    {
      schema: {
        ...bearer,
        body: staffGrantRequestSchema,
        response: {
          200: staffOkResponseSchema,
          ...refusalResponses(
            ...COORDINATION,
            'invalidRequest',
            'accountNotFound',
            'rolesManagedByProvider',
          ),
        },
      },
    },
    async (request, reply) => {
      await staff.grant(
        await actor(request, reply, 'roles'),
        request.body.email,
        request.body.role,
      );
      return { ok: true as const };
    },
  );

  app.post(
    apiPaths.staffRolesRevoke,
    {
      schema: {
        ...bearer,
        body: staffRevokeRequestSchema,
        response: {
          200: staffOkResponseSchema,
          ...refusalResponses(
            ...COORDINATION,
            'invalidRequest',
            'lastCoordinator',
            'rolesManagedByProvider',
          ),
        },
      },
    },
    async (request, reply) => {
      await staff.revoke(
        await actor(request, reply, 'roles'),
        request.body.personId,
        request.body.role,
      );
      return { ok: true as const };
    },
  );

  app.get(
    apiPaths.staffActions,
    {
      schema: {
        ...bearer,
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(1000).optional() }),
        response: { 200: staffActionsResponseSchema, ...refusalResponses(...COORDINATION) },
      },
    },
    async (request, reply) => ({
      actions: await staff.actions(
        await actor(request, reply, 'actions'),
        request.query.limit ?? 200,
      ),
    }),
  );
};
