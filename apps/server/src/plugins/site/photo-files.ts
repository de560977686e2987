/**
 * The photos uploaded in the staff area (decision 065): GET /fotos/<id>, the photo in the best
 * format the browser accepts (AVIF, WebP, else JPEG: `Vary: Accept`), cached for a year as
 * immutable (a new photo has a new id). Pages name it in their `<img>`, with its width and height.
 * GET /fotos/<hash>.png: the link preview of a page showing a photo, drawn when it was rendered.
 */
import { PHOTO_ID } from '@centro/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { formatFor } from '../../content/photos-images.js';
import { IMMUTABLE_CACHE } from './static-files.js';

const PREVIEW = /^[0-9a-f]{20}\.png$/;

export const photoFiles: FastifyPluginAsync = async (app) => {
  const { photos } = app;
  app.get<{ Params: { id: string } }>('/fotos/:id', async (request, reply) => {
    const { id } = request.params;
    // A page's link preview drawn with its photo: PNG, as every link preview.
    const preview = PREVIEW.test(id) ? photos.preview(id) : undefined;
    if (preview) {
      reply.header('cache-control', IMMUTABLE_CACHE).header('etag', `"${id}"`);
      if (request.headers['if-none-match'] === `"${id}"`) return reply.code(304).send();
      return reply.type('image/png').send(preview);
    }
    const photo = PHOTO_ID.test(id) ? await photos.file(id) : undefined;
    if (!photo) return reply.callNotFound();
    const format = formatFor(request.headers.accept);
    const etag = `"${id}-${format}"`;
    reply.header('cache-control', IMMUTABLE_CACHE).header('vary', 'Accept').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(`image/${format}`).send(photo.files[format]);
  });
};
