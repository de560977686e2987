/**
 * The site's texts in the staff area (issue 32, decision 064), for Comunicação and Coordenação
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
import { bearerRoute } from '../bearer-route.js';
import { CONTENT } from './common.js';

export const staffContentTextsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app;

  app.get(
    apiPaths.staffContentTexts,
    bearerRoute({
      permission: 'content',
      querystring: staffTextsQuerySchema,
      answer: staffTextsResponseSchema,
      refusals: [...CONTENT, 'invalidRequest', 'contentNotFound'],
    }),
    async (request) => content.texts(request.query.document),
  );

  app.put(
    apiPaths.staffContentTexts,
    bearerRoute({
      permission: 'content',
      body: staffTextsSaveSchemaFor(coursePaths),
      answer: staffTextsResponseSchema,
      refusals: [...CONTENT, 'invalidRequest', 'contentStale'],
    }),
    async (request) => content.saveTexts(request.staffActor, request.body),
  );

  app.get(
    apiPaths.staffContentHistory,
    bearerRoute({
      permission: 'content',
      querystring: staffTextsQuerySchema,
      answer: staffContentHistorySchema,
      refusals: [...CONTENT, 'invalidRequest', 'contentNotFound'],
    }),
    async (request) => content.history(request.query.document),
  );

  app.post(
    apiPaths.staffContentRestore,
    bearerRoute({
      permission: 'content',
      body: staffContentRestoreSchema,
      answer: staffTextsResponseSchema,
      refusals: [...CONTENT, 'invalidRequest', 'contentNotFound', 'contentStale'],
    }),
    async (request) => content.restore(request.staffActor, request.body),
  );

  app.post(
    apiPaths.staffContentPreview,
    bearerRoute({
      permission: 'content',
      body: staffTextsPreviewSchemaFor(coursePaths),
      answer: staffTextsPreviewResponseSchema,
      refusals: [...CONTENT, 'invalidRequest', 'previewUnavailable'],
    }),
    async (request) => ({ html: await content.preview(request.body.document, request.body.texts) }),
  );
};
