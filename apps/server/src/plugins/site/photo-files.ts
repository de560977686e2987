/**
 * The photos uploaded in the staff area (decision 065): GET /fotos/<id>, the photo in the best
 * format the browser accepts (AVIF, WebP, else JPEG: `Vary: Accept`), cached for a year as
 * immutable (a new photo has a new id). Pages name it in their `<img>`, with its width and height.
 */
import { PHOTO_ID } from '@centro/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { formatFor } from '../../content/photos-images.js';
import { IMMUTABLE_CACHE } from './static-files.js';

export const photoFiles: FastifyPluginAsync = async (app) => {
  const { photos } = app;
  app.get<{ Params: { id: string } }>('/fotos/:id', async (request, reply) => {
    const { id } = request.params;
    const photo = PHOTO_ID.test(id) ? await photos.file(id) : undefined;
    if (!photo) return reply.callNotFound();
    const format = formatFor(request.headers.accept);
    const etag = `"${id}-${format}"`;
    reply.header('cache-control', IMMUTABLE_CACHE).header('vary', 'Accept').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(`image/${format}`).send(photo.files[format]);
  });
};
