/**
 * A class's participants as files (decision 053), GET /api/staff/courses/:slug/
 * export.csv and export.xlsx, `?turma=` (absent: the course's current class). Registered inside
 * the staff routes, whose hook reads the person's roles; every export is recorded.
 */
import { staffClassQuerySchema, staffCourseParamsSchema } from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerRoute } from '../bearer-route.js';
import { exportFileName, participantsCsv, participantsXlsx } from '../../../staff/exports.js';
import { STAFF } from './common.js';

export const staffExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app;

  app.get(
    '/api/staff/courses/:slug/export.csv',
    bearerRoute({
      permission: 'export',
      params: staffCourseParamsSchema,
      querystring: staffClassQuerySchema,
      answer: z.unknown().describe('CSV: `;`, UTF-8 with BOM, dates DD/MM/AAAA'),
      refusals: [...STAFF, 'courseNotFound', 'classNotFound', 'directoryUnavailable'],
    }),
    async (request, reply) => {
      const { row, participants } = await staff.exportRows(
        request.staffActor,
        request.params.slug,
        'csv',
        request.query.turma,
      );
      const body = participantsCsv(participants);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(request.params.slug, row.name, 'csv')}"`,
        )
        .send(body);
    },
  );

  app.get(
    '/api/staff/courses/:slug/export.xlsx',
    bearerRoute({
      permission: 'export',
      params: staffCourseParamsSchema,
      querystring: staffClassQuerySchema,
      answer: z
        .unknown()
        .describe('The .xlsx workbook: participants, waiting list, attendance per meeting'),
      refusals: [...STAFF, 'courseNotFound', 'classNotFound', 'directoryUnavailable'],
    }),
    async (request, reply) => {
      const { course, row, participants, waiting } = await staff.exportRows(
        request.staffActor,
        request.params.slug,
        'xlsx',
        request.query.turma,
      );
      const marks = await staff.classAttendance(request.params.slug, row.id);
      const body = await participantsXlsx(course.title, participants, waiting, marks);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(request.params.slug, row.name, 'xlsx')}"`,
        )
        .send(body);
    },
  );
};
