/**
 * GET /api/staff/reports?ano=AAAA: 'Relatórios', how a year's classes went (Coordenação). Counts
 * only, read from the database at each request; nothing in it names a person, so it is not
 * recorded as a view of anyone's data.
 */
import { apiPaths, staffReportsQuerySchema, staffReportsResponseSchema } from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerRoute } from '../bearer-route.js';
import { COORDINATION } from './common.js';

export const staffReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app;
  app.get(
    apiPaths.staffReports,
    bearerRoute({
      permission: 'reports',
      querystring: staffReportsQuerySchema,
      answer: staffReportsResponseSchema,
      refusals: [...COORDINATION, 'invalidRequest'],
    }),
    async (request) => ({ data: await reports.ofYear(request.query.ano) }),
  );
};
