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
import { revisionedDocumentRoutes } from './content-route.js';

export const staffContentContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app;

  revisionedDocumentRoutes(app, {
    path: apiPaths.staffContentContact,
    response: staffContactResponseSchema,
    save: staffContactSaveSchema,
    read: () => content.contact(),
    write: (by, body) => content.saveContact(by, body),
    history: {
      path: apiPaths.staffContentContactHistory,
      restorePath: apiPaths.staffContentContactRestore,
      response: staffContactHistorySchema,
      restore: staffContactRestoreSchema,
      read: () => content.contactHistory(),
      write: (by, body) => content.restoreContact(by, body),
    },
  });
};
