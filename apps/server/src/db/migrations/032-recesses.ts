/**
 * The centre's recesses (decision 092): `recesses`, one row each ('Recesso de fim de ano', from
 * 20/12 to 10/01, both days included) with what becomes of a class's meetings in it ('later': the
 * class ends a week later per meeting skipped; 'fewer': it has one meeting fewer), who entered it
 * and when. The skips themselves are written on each class (`classes.meeting_changes`, naming the
 * recess), so a class reads its meetings from its own row; this table is what `/horarios` shows
 * and what a class created later has applied.
 */
import { required, type AnyDb } from './table-builders.js';

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('recesses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(required('text', 'name', 'starts_on', 'ends_on', 'meetings_then', 'created_by'))
    .$call(required('text', 'created_at'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('recesses').execute();
}
