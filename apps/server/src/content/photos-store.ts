/**
 * The `content_photos` table (migration 021, decision 065), owned here alone: each uploaded photo,
 * by id, in the formats served. A photo is never changed (its id is its content's hash), so an
 * upload of the same photo again writes nothing.
 */
import type { DatabaseHandle } from '../db/database.js';
import { PHOTO_FORMATS, type PreparedPhoto } from './photos-images.js';

export interface PhotoStore {
  insert(photo: PreparedPhoto, createdAt: string): Promise<void>;
  /** The photo's files, or undefined when there is no photo of that id. */
  get(id: string): Promise<PreparedPhoto | undefined>;
  /** Deletes the photos created before `before` whose id is not in `kept`; their ids. */
  deleteUnused(kept: ReadonlySet<string>, before: string): Promise<string[]>;
}

export function photoStore({ db }: Pick<DatabaseHandle, 'db'>): PhotoStore {
  return {
    async insert(photo, createdAt) {
      const { avif, webp, jpeg } = photo.files;
      await db
        .insertInto('content_photos')
        .values({
          id: photo.id,
          width: photo.width,
          height: photo.height,
          avif: avif.toString('base64'),
          webp: webp.toString('base64'),
          jpeg: jpeg.toString('base64'),
          created_at: createdAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    async get(id) {
      const row = await db
        .selectFrom('content_photos')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const files = Object.fromEntries(
        PHOTO_FORMATS.map((format) => [format, Buffer.from(row[format], 'base64')]),
      ) as PreparedPhoto['files'];
      return { id: row.id, width: Number(row.width), height: Number(row.height), files };
    },

    async deleteUnused(kept, before) {
      const old = await db
        .selectFrom('content_photos')
        .select('id')
        .where('created_at', '<', before)
        .execute();
      const unused = old.map((row) => row.id).filter((id) => !kept.has(id));
      if (unused.length > 0) {
        await db.deleteFrom('content_photos').where('id', 'in', unused).execute();
      }
      return unused;
    },
  };
}
