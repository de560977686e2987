/**
 * The waiting list and the participant's own space:
 *
 * - `waiting_list`: one row per person waiting for a place in a course, first come first served:
 *   in the order of `id`, given at the insert, which runs under the course's lock, so it is the
 *   order in which the joins committed (any number of instances); `joined_at` is the server's time
 *   of joining, read under that lock. A person waits at most once per course (unique course and
 *   person); a row goes when the person leaves, is promoted (the row becomes a 'pending'
 *   enrolment in the same transaction) or deletes their account.
 * - `enrolments.promoted_at`: when the row came from the waiting list. A promoted 'pending' row
 *   holds its place whatever the directory does: it is never given back on a directory failure
 *   (the repair adds the person again), so a failure never hands the place to the clicker behind.
 *
 * The consent time already lives in `accounts.privacy_accepted_at` (migration 001).
 */
import { SqliteAdapter } from 'kysely';
import type { AnyDb } from './table-builders.js';

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('waiting_list')
    .addColumn('id', isSqlite(db) ? 'integer' : 'bigserial', (c) =>
      isSqlite(db) ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('waiting_list_course_user', ['course_slug', 'user_id'])
    .execute();
  await db.schema
    .createIndex('waiting_list_order')
    .on('waiting_list')
    .columns(['course_slug', 'id'])
    .execute();
  await db.schema.createIndex('waiting_list_user').on('waiting_list').column('user_id').execute();
  await db.schema.alterTable('enrolments').addColumn('promoted_at', 'text').execute();
  // "My enrolments" and account deletion read a person's rows across courses.
  await db.schema.createIndex('enrolments_user').on('enrolments').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('enrolments_user').execute();
  await db.schema.alterTable('enrolments').dropColumn('promoted_at').execute();
  await db.schema.dropTable('waiting_list').execute();
}
