/**
 * Photos in the staff area (decision 065), for Comunicação and Coordenação (`content`
 * permission): GET /api/staff/content/photos, every place a photo can go with the photo there;
 * PUT, one photo (base64 in the JSON body, at most PHOTO_LIMITS.bytes) with its alternative text
 * for one place, from the revision the edit started from (409 when someone saved meanwhile). The
 * photo is read as an image (415 otherwise), resized to the place's size and published at once.
 */
import {
  apiPaths,
  PHOTO_BASE64_MAX,
  staffPhotosResponseSchema,
  staffPhotoUploadSchema,
} from '@centro/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorHandler } from '../../../plugins/error-handler.js';
import { Refusal } from '../../../refusals/refusal.js';
import { contentRoute, SAVE_REFUSALS } from './content-route.js';

/** The largest upload's JSON: the file's base64 and a little for the other fields. */
export const PHOTO_BODY_LIMIT_BYTES = PHOTO_BASE64_MAX + 4096;

export const staffPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { photos } = app;

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
        refusals: [...SAVE_REFUSALS, 'photoTooLarge', 'notAnImage', 'photoPlaceNotFound'],
      }),
      bodyLimit: PHOTO_BODY_LIMIT_BYTES,
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
