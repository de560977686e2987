/**
 * The site's texts in the staff area (decision 064), for Comunicação and Coordenação
 * (`content` permission): GET /api/staff/content/texts?document=…, a page's texts in effect with
 * their revision; PUT, a new revision from the one the edit started from (409 when someone saved
 * meanwhile), published at once; GET /api/staff/content/history?document=…, the page's latest
 * revisions; POST /api/staff/content/restore, one of them saved again as the newest; POST
 * /api/staff/content/preview, the page rendered with draft texts, published nowhere. A document is
 * `home`, `about` or a course's page path.
 */
import {
  apiPaths,
  staffContentHistorySchema,
  staffContentRestoreSchema,
  staffTextsPreviewResponseSchema,
  staffTextsPreviewSchemaFor,
  staffTextsQuerySchema,
  staffTextsResponseSchema,
  staffTextsSaveSchemaFor,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coursePaths } from '../../../content/texts-documents.js';
import { contentRoute, RESTORE_REFUSALS, SAVE_REFUSALS } from './content-route.js';

export const staffContentTextsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app;

  app.get(
    apiPaths.staffContentTexts,
    contentRoute({
      querystring: staffTextsQuerySchema,
      answer: staffTextsResponseSchema,
      refusals: ['invalidRequest', 'contentNotFound'],
    }),
    async (request) => content.texts(request.query.document),
  );

  app.put(
    apiPaths.staffContentTexts,
    contentRoute({
      body: staffTextsSaveSchemaFor(coursePaths),
      answer: staffTextsResponseSchema,
      refusals: SAVE_REFUSALS,
    }),
    async (request) => content.saveTexts(request.staffActor, request.body),
  );

  app.get(
    apiPaths.staffContentHistory,
    contentRoute({
      querystring: staffTextsQuerySchema,
      answer: staffContentHistorySchema,
      refusals: ['invalidRequest', 'contentNotFound'],
    }),
    async (request) => content.history(request.query.document),
  );

  app.post(
    apiPaths.staffContentRestore,
    contentRoute({
      body: staffContentRestoreSchema,
      answer: staffTextsResponseSchema,
      refusals: RESTORE_REFUSALS,
    }),
    async (request) => content.restore(request.staffActor, request.body),
  );

  app.post(
    apiPaths.staffContentPreview,
    contentRoute({
      body: staffTextsPreviewSchemaFor(coursePaths),
      answer: staffTextsPreviewResponseSchema,
      refusals: ['invalidRequest', 'previewUnavailable', 'tooManyPreviews'],
    }),
    async (request) => ({
      html: await content.preview(request.staffActor, request.body.document, request.body.texts),
    }),
  );
};
