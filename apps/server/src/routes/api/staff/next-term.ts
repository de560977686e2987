/**
 * 'Preparar próximo semestre' (Coordenação, with the permission of 'Nova turma'; decision 093):
 * GET /api/staff/next-term, every course's proposed class for the next term and the key of its
 * confirmation; POST the same path, the classes as corrected, created together (planned).
 */
import {
  apiPaths,
  staffPrepareTermRequestSchema,
  staffPrepareTermResponseSchema,
  staffTermProposalResponseSchema,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerRoute } from '../bearer-route.js';
import { COORDINATION } from './common.js';

export const staffNextTermRoutes: FastifyPluginAsyncZod = async (app) => {
  const { classes } = app;

  app.get(
    apiPaths.staffNextTerm,
    bearerRoute({
      permission: 'classes',
      answer: staffTermProposalResponseSchema,
      refusals: COORDINATION,
    }),
    async () => classes.termProposal(),
  );

  app.post(
    apiPaths.staffNextTerm,
    bearerRoute({
      permission: 'classes',
      body: staffPrepareTermRequestSchema,
      answer: staffPrepareTermResponseSchema,
      refusals: [...COORDINATION, 'invalidRequest', 'invalidSettings', 'courseNotFound'],
    }),
    async (request) => classes.prepareTerm(request.staffActor, request.body),
  );
};
