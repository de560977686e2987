/**
 * 'Preparar próximo semestre' (decision 093): `term_preparations`, one row per confirmation, keyed
 * by the key the screen made when it showed the proposal, so that the same confirmation sent twice
 * (a double tap, a retry after a lost answer) creates its classes once and answers what the first
 * one created. `created` is the JSON list of `{ slug, classId }` made; no personal data.
 */
import type { AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('term_preparations')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('term_preparations').execute();
}
