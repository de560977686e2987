/**
 * The site's content in the staff area (decision 054), for Comunicação and Coordenação
 * (`content` permission): GET /api/staff/content/schedule, the weekly schedule in effect with its
 * revision; PUT, a new revision from the one the edit started from (409 when someone saved
 * meanwhile: nothing overwritten), published at once. The same for the notices ('Avisos',
 * /api/staff/content/notices, decision 056), and the centre's contact details (/api/staff/content/
 * contact, decision 068), published at once on every public page (footer, JSON-LD, /contato).
 * Each has its history (GET …/history, the latest revisions; POST …/restore, one of them saved
 * again) and its preview (POST …/preview, the page with a draft or an earlier revision).
 * Registered inside the staff routes, whose hook reads the person's roles.
 */
import { allCourses, coursePath } from '@centro/content';
import {
  apiPaths,
  staffBannersHistorySchema,
  staffBannersPreviewSchemaFor,
  staffBannersResponseSchema,
  staffBannersSaveSchemaFor,
  staffRevisionRestoreSchema,
  staffScheduleHistorySchema,
  staffSchedulePreviewSchema,
  staffScheduleResponseSchema,
  staffScheduleSaveSchema,
} from '@centro/contracts';
import {
  staffContactHistorySchema,
  staffContactPreviewSchema,
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
    history: {
      path: apiPaths.staffContentScheduleHistory,
      restorePath: apiPaths.staffContentScheduleRestore,
      response: staffScheduleHistorySchema,
      restore: staffRevisionRestoreSchema,
      read: async () => ({
        revisions: (await content.documentHistory('schedule')).map(({ body, ...info }) => ({
          ...info,
          schedule: body,
        })),
      }),
      write: async (by, body) => {
        await content.restoreDocument(by, 'schedule', body);
        return content.schedule();
      },
    },
    preview: {
      path: apiPaths.staffContentSchedulePreview,
      body: staffSchedulePreviewSchema,
      render: (body) => content.previewDocument('schedule', body.schedule),
    },
  });

  revisionedDocumentRoutes(app, {
    path: apiPaths.staffContentNotices,
    response: staffBannersResponseSchema,
    save: staffBannersSaveSchemaFor(allCourses().map(coursePath)),
    read: () => content.banners(),
    write: (by, body) => content.saveBanners(by, body),
    history: {
      path: apiPaths.staffContentNoticesHistory,
      restorePath: apiPaths.staffContentNoticesRestore,
      response: staffBannersHistorySchema,
      restore: staffRevisionRestoreSchema,
      read: async () => ({
        revisions: (await content.documentHistory('notices')).map(({ body, ...info }) => ({
          ...info,
          notices: body,
        })),
      }),
      write: async (by, body) => {
        await content.restoreDocument(by, 'notices', body);
        return content.banners();
      },
    },
    preview: {
      path: apiPaths.staffContentNoticesPreview,
      body: staffBannersPreviewSchemaFor(allCourses().map(coursePath)),
      render: (body) => content.previewDocument('notices', body.notices),
    },
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
    preview: {
      path: apiPaths.staffContentContactPreview,
      body: staffContactPreviewSchema,
      render: (body) => content.previewDocument('contact', body.contact),
    },
  });
};
