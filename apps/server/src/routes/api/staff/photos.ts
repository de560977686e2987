/**
 * Photos in the staff area (decision 065), for Comunicação and Coordenação (`content`
 * permission): GET /api/staff/content/photos, every place a photo can go with the photo there;
 * PUT, one photo (base64 in the JSON body, at most PHOTO_LIMITS.bytes) with its alternative text
 * for one place, from the revision the edit started from (409 when someone saved meanwhile). The
 * photo is read as an image (415 otherwise), resized to the place's size and published at once;
 * one at a time per instance (409 'photoUploadInProgress' meanwhile, decision 082).
 * GET …/history and POST …/restore: the latest revisions and one of them saved again; POST
 * …/remove: a place back to its original illustration; POST …/preview: a place's page with the
 * photos of a revision, published nowhere.
 */
import {
  apiPaths,
  PHOTO_BASE64_MAX,
  staffPhotoRemoveSchema,
  staffPhotosHistorySchema,
  staffPhotosPreviewSchema,
  staffPhotosResponseSchema,
  staffPhotoUploadSchema,
  staffPreviewResponseSchema,
  staffRevisionRestoreSchema,
} from '@centro/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerPerson } from '../../../auth/bearer-person.js';
import { apiErrorHandler } from '../../../plugins/error-handler.js';
import { Refusal } from '../../../refusals/refusal.js';
import { contentRoute, RESTORE_REFUSALS, SAVE_REFUSALS } from './content-route.js';

/** The largest upload's JSON: the file's base64 and a little for the other fields. */
export const PHOTO_BODY_LIMIT_BYTES = PHOTO_BASE64_MAX + 4096;

export const staffPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { photos, content, staff } = app;
  // The requests holding the instance's claim, released with their answer.
  const claims = new WeakSet<object>();
  const release = (request: object) => {
    if (claims.delete(request)) photos.release();
  };

  app.get(
    apiPaths.staffContentPhotosHistory,
    contentRoute({ answer: staffPhotosHistorySchema }),
    async () => ({
      revisions: (await content.documentHistory('photos')).map(({ body, ...info }) => ({
        ...info,
        photos: body,
      })),
    }),
  );

  app.post(
    apiPaths.staffContentPhotosRestore,
    contentRoute({
      body: staffRevisionRestoreSchema,
      answer: staffPhotosResponseSchema,
      refusals: RESTORE_REFUSALS,
    }),
    async (request) => photos.restore(request.staffActor, request.body),
  );

  app.post(
    apiPaths.staffContentPhotosRemove,
    contentRoute({
      body: staffPhotoRemoveSchema,
      answer: staffPhotosResponseSchema,
      refusals: [...SAVE_REFUSALS, 'photoPlaceNotFound'],
    }),
    async (request) => photos.remove(request.staffActor, request.body),
  );

  app.post(
    apiPaths.staffContentPhotosPreview,
    contentRoute({
      body: staffPhotosPreviewSchema,
      answer: staffPreviewResponseSchema,
      refusals: ['invalidRequest', 'previewUnavailable'],
    }),
    async (request) => ({
      html: await content.previewDocument('photos', request.body.photos, request.body.slot),
    }),
  );

  app.get(
    apiPaths.staffContentPhotos,
    contentRoute({ answer: staffPhotosResponseSchema }),
    async () => photos.places(),
  );

  app.put(
    apiPaths.staffContentPhotos,
    {
      ...contentRoute({
        body: staffPhotoUploadSchema,
        answer: staffPhotosResponseSchema,
        refusals: [
          ...SAVE_REFUSALS,
          'photoUploadInProgress',
          'photoTooLarge',
          'notAnImage',
          'photoPlaceNotFound',
        ],
      }),
      bodyLimit: PHOTO_BODY_LIMIT_BYTES,
      // One photo at a time per instance (decision 082), claimed before this one's body (up to
      // 14 MB of JSON) is read and parsed on the loop that serves the site: another sent
      // meanwhile is refused at once. Its sender is checked first: nobody else learns that an
      // upload is under way, nor holds the claim.
      onRequest: async (request) => {
        const { userId, roles } = bearerPerson(request);
        await staff.actor(userId, roles, 'content');
        if (!photos.claim()) throw new Refusal('photoUploadInProgress');
        claims.add(request);
      },
      onResponse: async (request) => release(request),
      onRequestAbort: async (request) => release(request),
      // A body over the limit is a photo too large, said as such beside the file's field.
      errorHandler: (error, request, reply) =>
        apiErrorHandler(
          (error as Partial<FastifyError>).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? new Refusal('photoTooLarge', { field: 'image', cause: error })
            : error,
          request,
          reply,
        ),
    },
    async (request) => photos.upload(request.staffActor, request.body),
  );
};
