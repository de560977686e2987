/**
 * Photos uploaded in the staff area (decision 065): `content_photos`, one row per photo,
 * by id (the start of the SHA-256 of its JPEG), already resized to its place's size, in the three
 * formats served (AVIF, WebP, JPEG), each as base64 text: the same column type on SQLite and
 * PostgreSQL, copied by the backups and by the SQLite-to-PostgreSQL copy like any other table.
 * Which photo is where is the `photos` document of `content_revisions`.
 */
import { type AnyDb, required } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('content_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required('integer', 'width', 'height'))
    .$call(required('text', 'avif', 'webp', 'jpeg', 'created_at'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('content_photos').execute();
}
