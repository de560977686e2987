/**
 * The site's content in the staff area (decision 054), for Comunicação and Coordenação
 * (`content` permission): GET /api/staff/content/schedule, the weekly schedule in effect with its
 * revision; PUT, a new revision from the one the edit started from (409 when someone saved
 * meanwhile: nothing overwritten), published at once. The same for the notices ('Avisos',
 * /api/staff/content/notices, decision 056), and the centre's contact details (/api/staff/content/
 * contact, decision 068), published at once on every public page (footer, JSON-LD, /contato),
 * with their history (GET …/contact/history, the latest revisions; POST …/contact/restore, one of
 * them saved again). Registered inside the staff routes, whose hook reads the person's roles.
 */
import { allCourses, coursePath } from '@centro/content';
import {
  apiPaths,
  staffNoticesResponseSchema,
  staffNoticesSaveSchemaFor,
  staffScheduleResponseSchema,
  staffScheduleSaveSchema,
} from '@centro/contracts';
import {
  staffContactHistorySchema,
  staffContactResponseSchema,
  staffContactRestoreSchema,
  staffContactSaveSchema,
} from '@centro/contracts/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revisionedDocumentRoutes } from './content-route.js';

export const staffContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app;

  revisionedDocumentRoutes(app, {
    path: apiPaths.staffContentSchedule,
    response: staffScheduleResponseSchema,
    save: staffScheduleSaveSchema,
    read: () => content.schedule(),
    write: (by, body) => content.saveSchedule(by, body),
  });

  revisionedDocumentRoutes(app, {
    path: apiPaths.staffContentNotices,
    response: staffNoticesResponseSchema,
    save: staffNoticesSaveSchemaFor(allCourses().map(coursePath)),
    read: () => content.notices(),
    write: (by, body) => content.saveNotices(by, body),
  });

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
