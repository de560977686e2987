/**
 * A class's participants as files (decision 053), GET /api/staff/courses/:slug/
 * export.csv and export.xlsx, and its waiting list as its own CSV, lista-de-espera.csv; `?turma=`
 * (absent: the course's current class). Registered inside the staff routes, whose hook reads the
 * person's roles; every export is recorded.
 */
import { staffClassQuerySchema, staffCourseParamsSchema } from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../attachment.js';
import { bearerRoute } from '../bearer-route.js';
import {
  exportFileName,
  participantsCsv,
  participantsXlsx,
  waitingCsv,
} from '../../../classes/exports.js';
import { STAFF } from './common.js';

export const staffExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rosters } = app;

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
      const { row, turma, participants } = await rosters.exportRows(
        request.staffActor,
        request.params.slug,
        'csv',
        request.query.turma,
      );
      return sendAttachment(
        reply,
        'text/csv; charset=utf-8',
        exportFileName(request.params.slug, row.name, 'csv'),
        participantsCsv(participants, turma),
      );
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
      const { course, row, turma, participants, waiting, attendance } = await rosters.exportRows(
        request.staffActor,
        request.params.slug,
        'xlsx',
        request.query.turma,
      );
      return sendAttachment(
        reply,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        exportFileName(request.params.slug, row.name, 'xlsx'),
        await participantsXlsx(course.title, turma, participants, waiting, attendance),
      );
    },
  );

  app.get(
    '/api/staff/courses/:slug/lista-de-espera.csv',
    bearerRoute({
      permission: 'export',
      params: staffCourseParamsSchema,
      querystring: staffClassQuerySchema,
      answer: z.unknown().describe("CSV of the class's waiting list, in its order"),
      refusals: [...STAFF, 'courseNotFound', 'classNotFound', 'directoryUnavailable'],
    }),
    async (request, reply) => {
      const { row, waiting } = await rosters.exportWaiting(
        request.staffActor,
        request.params.slug,
        request.query.turma,
      );
      return sendAttachment(
        reply,
        'text/csv; charset=utf-8',
        exportFileName(request.params.slug, row.name, 'csv', 'espera'),
        waitingCsv(waiting),
      );
    },
  );
};
