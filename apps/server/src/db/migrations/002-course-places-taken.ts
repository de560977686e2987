/**
 * `courses.taken`: the number of enrolments (pending and confirmed) of each course, kept by the
 * database itself (triggers on `enrolments`), so taking a place reads one row instead of counting
 * every enrolment of the course (the count grew with the enrolments: O(n) per request during the
 * rush). Any writer, even a manual DELETE, keeps it right.
 */
import { sql, SqliteAdapter } from 'kysely';
import type { AnyDb } from './table-builders.js';
import { createTakenCounter } from './taken-counter.js';

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await createTakenCounter(db, {
    name: 'taken',
    parent: 'courses',
    parentKey: 'slug',
    childKey: 'course_slug',
  });

  await sql`update courses set taken =
    (select count(*) from enrolments e where e.course_slug = courses.slug)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop trigger if exists enrolments_taken_insert`.execute(db);
    await sql`drop trigger if exists enrolments_taken_delete`.execute(db);
    await sql`drop trigger if exists enrolments_taken_move`.execute(db);
  } else {
    await sql`drop trigger if exists enrolments_taken on enrolments`.execute(db);
    await sql`drop trigger if exists enrolments_taken_move on enrolments`.execute(db);
    await sql`drop function if exists enrolments_count_taken()`.execute(db);
  }
  await db.schema.alterTable('courses').dropColumn('taken').execute();
}
