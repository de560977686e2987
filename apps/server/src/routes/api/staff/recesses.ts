/**
 * The centre's recesses (decision 092): GET /api/staff/recesses (Coordenação and Secretaria);
 * POST the same path, 'Cadastrar recesso' (Coordenação): applied to every class not concluded,
 * whose people are told once; POST /api/staff/recesses/:id/remove (Coordenação), its skips taken
 * back. Registered inside the staff routes, whose hook reads the person's roles.
 */
import {
  staffRecessesResponseSchema,
  staffRecessParamsSchema,
  staffRemoveRequestSchema,
  staffRecessRequestSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerRoute } from '../bearer-route.js';
import { COORDINATION, STAFF } from './common.js';

export const staffRecessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { classes } = app;

  app.get(
    '/api/staff/recesses',
    bearerRoute({
      permission: 'view',
      answer: staffRecessesResponseSchema,
      refusals: STAFF,
    }),
    async () => classes.recesses(),
  );

  app.post(
    '/api/staff/recesses',
    bearerRoute({
      permission: 'classes',
      body: staffRecessRequestSchema,
      answer: staffRecessesResponseSchema,
      refusals: [...COORDINATION, 'invalidRequest', 'recessPast'],
    }),
    async (request) => classes.addRecess(request.staffActor, request.body),
  );

  app.post(
    '/api/staff/recesses/:id/remove',
    bearerRoute({
      permission: 'classes',
      params: staffRecessParamsSchema,
      // Asked first in the staff area, as a participant's removal is.
      body: staffRemoveRequestSchema,
      answer: staffRecessesResponseSchema,
      refusals: [...COORDINATION, 'invalidRequest', 'recessNotFound'],
    }),
    async (request) => classes.removeRecess(request.staffActor, request.params.id),
  );
};
