/**
 * Classes ('turmas', decision 052): a course has classes, each with its own places,
 * enrolment window, meetings, room, WhatsApp invite code and state (planned, open, running,
 * concluded). Today's course settings become each course's first class:
 *
 * - `classes`: one row per class; `taken` (its enrolments, pending and confirmed) is kept by the
 *   database's triggers on `enrolments`, as `courses.taken` was (migration 002); `places_by_staff`
 *   keeps a staff change from the content's synchronisation, as it did on `courses` (migration 005).
 * - Each course gets its first class, named after the term of the migration ('Turma AAAA/S'),
 *   state 'open' (it takes enrolments within its window, as the course did), with the course's
 *   places and settings copied.
 * - `enrolments`, `waiting_list` and `attendance` get `class_id`, set to their course's first class.
 *   The keys stay per course (one row per person and course): a person holds a place in, or waits
 *   for, at most one class of a course at a time.
 * - The course's own settings columns, `taken` and its triggers go: `courses` keeps the content's
 *   synchronisation (slug, group, default places).
 *
 * SQLite adds `class_id` without NOT NULL (ALTER TABLE cannot add it to rows that exist): triggers
 * refuse a row without one instead. PostgreSQL declares it NOT NULL.
 */
import { randomUUID } from 'node:crypto';
import { sql, SqliteAdapter } from 'kysely';
import type { AnyDb } from './table-builders.js';
import { createTakenCounter } from './taken-counter.js';

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The settings moved from `courses` to `classes`, with their types. */
const SETTINGS: [string, 'text' | 'integer'][] = [
  ['invite_code', 'text'],
  ['enrolment_opens_at', 'text'],
  ['enrolment_closes_at', 'text'],
  ['first_meeting', 'text'],
  ['meeting_weekday', 'text'],
  ['meeting_time', 'text'],
  ['meeting_count', 'integer'],
  ['meeting_duration_minutes', 'integer'],
  ['meeting_room', 'text'],
];

const CLASS_ROWS = ['enrolments', 'waiting_list', 'attendance'] as const;

/** 'Turma 2026/2' for a day of the second half of 2026 (UTC). */
function termName(at: Date): string {
  return `Turma ${at.getUTCFullYear()}/${at.getUTCMonth() < 6 ? 1 : 2}`;
}

async function dropCourseTriggers(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop trigger if exists enrolments_taken_insert`.execute(db);
    await sql`drop trigger if exists enrolments_taken_delete`.execute(db);
    await sql`drop trigger if exists enrolments_taken_move`.execute(db);
  } else {
    await sql`drop trigger if exists enrolments_taken on enrolments`.execute(db);
    await sql`drop trigger if exists enrolments_taken_move on enrolments`.execute(db);
    await sql`drop function if exists enrolments_count_taken()`.execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  let create = db.schema
    .createTable('classes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_slug', 'text', (c) => c.notNull().references('courses.slug'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('places', 'integer', (c) => c.notNull())
    .addColumn('places_by_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('planned', 'open', 'running', 'concluded')`),
    );
  for (const [name, type] of SETTINGS) create = create.addColumn(name, type);
  await create
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classes_course').on('classes').column('course_slug').execute();

  // Each course's first class: the course's places and settings.
  const now = new Date();
  const at = now.toISOString();
  const courses = await db.selectFrom('courses').selectAll().orderBy('slug').execute();
  for (const course of courses) {
    const id = randomUUID();
    await db
      .insertInto('classes')
      .values({
        id,
        course_slug: course.slug,
        name: termName(now),
        places: course.places,
        places_by_staff: course.places_by_staff,
        state: 'open',
        ...Object.fromEntries(SETTINGS.map(([name]) => [name, course[name] ?? null])),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  for (const table of CLASS_ROWS) {
    await db.schema
      .alterTable(table)
      .addColumn('class_id', 'text', (c) => c.references('classes.id'))
      .execute();
    await sql`update ${sql.table(table)} set class_id =
      (select k.id from classes k where k.course_slug = ${sql.table(table)}.course_slug)`.execute(
      db,
    );
    if (isSqlite(db)) {
      // ALTER TABLE cannot add NOT NULL to rows that exist: triggers refuse a row without a class.
      for (const event of ['insert', 'update']) {
        await sql
          .raw(
            `create trigger ${table}_class_required_${event} before ${event} on ${table}
              when new.class_id is null
              begin select raise(abort, 'NOT NULL constraint failed: ${table}.class_id'); end`,
          )
          .execute(db);
      }
    } else {
      await sql`alter table ${sql.table(table)} alter column class_id set not null`.execute(db);
    }
    await db.schema.createIndex(`${table}_class`).on(table).column('class_id').execute();
  }

  // The places counter moves from the course to the class.
  await dropCourseTriggers(db);
  await createTakenCounter(db, {
    name: 'class_taken',
    parent: 'classes',
    parentKey: 'id',
    childKey: 'class_id',
  });
  await sql`update classes set taken =
    (select count(*) from enrolments e where e.class_id = classes.id)`.execute(db);

  await db.schema.alterTable('courses').dropColumn('taken').execute();
  await db.schema.alterTable('courses').dropColumn('places_by_staff').execute();
  for (const [name] of SETTINGS) {
    await db.schema.alterTable('courses').dropColumn(name).execute();
  }
}

/**
 * Not reversible in place: the classes' settings cannot go back into one row per course once a
 * course has several classes, and SQLite cannot drop a column that references another table.
 * Going back means restoring the backup made before the upgrade (docs/deployment.md).
 */
export function down(): Promise<void> {
  return Promise.reject(
    new Error('Migration 012-classes cannot be undone: restore the backup made before it.'),
  );
}
