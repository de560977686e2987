/**
 * The centre's contact details in the staff area (issue 32, decision 068), for Comunicação and
 * Coordenação (`content` permission): GET /api/staff/content/contact, the details in effect with
 * their revision; PUT, a new revision from the one the edit started from (409 when someone saved
 * meanwhile), published at once on every public page (footer, JSON-LD, /contato); GET
 * …/contact/history, the latest revisions; POST …/contact/restore, one of them saved again.
 */
import { apiPaths } from '@centro/contracts';
import {
  staffContactHistorySchema,
  staffContactResponseSchema,
  staffContactRestoreSchema,
  staffContactSaveSchema,
} from '@centro/contracts/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerRoute } from '../bearer-route.js';
import { CONTENT } from './common.js';

export const staffContentContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app;

  app.get(
    apiPaths.staffContentContact,
    bearerRoute({
      permission: 'content',
      answer: staffContactResponseSchema,
      refusals: CONTENT,
    }),
    async () => content.contact(),
  );

  app.put(
    apiPaths.staffContentContact,
    bearerRoute({
      permission: 'content',
      body: staffContactSaveSchema,
      answer: staffContactResponseSchema,
      refusals: [...CONTENT, 'invalidRequest', 'contentStale'],
    }),
    async (request) => content.saveContact(request.staffActor, request.body),
  );

  app.get(
    apiPaths.staffContentContactHistory,
    bearerRoute({
      permission: 'content',
      answer: staffContactHistorySchema,
      refusals: CONTENT,
    }),
    async () => content.contactHistory(),
  );

  app.post(
    apiPaths.staffContentContactRestore,
    bearerRoute({
      permission: 'content',
      body: staffContactRestoreSchema,
      answer: staffContactResponseSchema,
      refusals: [...CONTENT, 'invalidRequest', 'contentNotFound', 'contentStale'],
    }),
    async (request) => content.restoreContact(request.staffActor, request.body),
  );
};
