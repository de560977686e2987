/**
 * Rows per class (decision 059): a person's enrolment, waiting position and attendance
 * marks belong to a class, so a person whose class was concluded can take a place in the course's
 * next class.
 *
 * - Keys: `enrolments` (class, person), `waiting_list` unique (class, person), `attendance`
 *   (class, meeting, person); `class_id` is NOT NULL on both databases (SQLite rebuilds the three
 *   tables, dropping migration 012's triggers that stood in for it).
 * - `active` on `enrolments` and `waiting_list`: 1 while the row's class is not concluded. A
 *   partial unique index on (course, person) where active = 1 keeps "one active class per course":
 *   a person holds a place in, or waits for, at most one class of a course that is not concluded,
 *   whatever the number of instances and classes taking enrolments at once. A trigger on `classes`
 *   sets `active` to 0 on the class's rows when the class is concluded (a concluded class never
 *   opens again); rows of classes concluded before this migration become inactive here.
 * - `cancellations`: the trace of a person's own cancellation (a place given back, or the waiting
 *   list left) for their history ('Cancelada'); one row per class and person, the latest. It holds
 *   no place and goes with the account and with the class's retention.
 */
import { sql, SqliteAdapter } from 'kysely';
import { type AnyDb, indexByPerson, required } from './table-builders.js';
import { createTakenCounter } from './taken-counter.js';

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * The tables' definitions from here on (SQLite rebuilds them; PostgreSQL alters them), their
 * columns in PostgreSQL's order (`class_id` was added by migration 012, `active` here), so both
 * databases answer `select *` alike.
 */
const ACTIVE = `"active" integer default 1 not null check (active in (0, 1))`;
const CLASS = `"class_id" text not null references "classes" ("id")`;
const TABLES: Record<string, { columns: string; copied: string }> = {
  enrolments: {
    columns: `"course_slug" text not null references "courses" ("slug"), "user_id" text not null,
      "status" text not null check (status in ('pending', 'confirmed')),
      "created_at" text not null, "updated_at" text not null, "promoted_at" text, ${CLASS},
      ${ACTIVE}, constraint "enrolments_pk" primary key ("class_id", "user_id")`,
    copied: 'course_slug, user_id, status, created_at, updated_at, promoted_at, class_id',
  },
  waiting_list: {
    columns: `"id" integer primary key autoincrement,
      "course_slug" text not null references "courses" ("slug"), "user_id" text not null,
      "joined_at" text not null, ${CLASS}, ${ACTIVE},
      constraint "waiting_list_class_user" unique ("class_id", "user_id")`,
    copied: 'id, course_slug, user_id, joined_at, class_id',
  },
  attendance: {
    columns: `"course_slug" text not null references "courses" ("slug"),
      "meeting" integer not null, "person_id" text not null,
      "present" integer not null check (present in (0, 1)),
      "marked_by" text not null, "marked_at" text not null, ${CLASS},
      constraint "attendance_pk" primary key ("class_id", "meeting", "person_id")`,
    copied: 'course_slug, meeting, person_id, present, marked_by, marked_at, class_id',
  },
};

/** Indexes kept as they were (SQLite drops them with the old tables and creates them again). */
const KEPT_INDEXES = [
  `create index "enrolments_status" on "enrolments" ("status")`,
  `create index "enrolments_user" on "enrolments" ("user_id")`,
  `create index "waiting_list_user" on "waiting_list" ("user_id")`,
];

/** Indexes whose work the new keys do (a key starting with `class_id`). */
const OBSOLETE_INDEXES = ['enrolments_class', 'waiting_list_class', 'attendance_class'];

/** The list's order per class, a person's marks, and one active class per course per table. */
const NEW_INDEXES = [
  `create index "waiting_list_class_order" on "waiting_list" ("class_id", "id")`,
  `create index "attendance_person" on "attendance" ("person_id")`,
  `create unique index "enrolments_active_person" on "enrolments" ("course_slug", "user_id")
    where active = 1`,
  `create unique index "waiting_list_active_person" on "waiting_list" ("course_slug", "user_id")
    where active = 1`,
];

const CONCLUDED_ROWS = `update enrolments set active = 0 where class_id = new.id;
  update waiting_list set active = 0 where class_id = new.id;`;

async function rebuildSqlite(db: AnyDb): Promise<void> {
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence
    where name = 'waiting_list'`.execute(db);
  for (const [table, { columns, copied }] of Object.entries(TABLES)) {
    await sql.raw(`create table "${table}_017" (${columns})`).execute(db);
    await sql
      .raw(`insert into "${table}_017" (${copied}) select ${copied} from "${table}"`)
      .execute(db);
    // Its triggers (the places counter, migration 012's class checks) and indexes go with it.
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${table}_017" rename to "${table}"`).execute(db);
  }
  const seq = sequence.rows[0]?.seq;
  if (seq !== undefined) {
    await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'waiting_list'`.execute(
      db,
    );
  }
  await createTakenCounter(db, {
    name: 'class_taken',
    parent: 'classes',
    parentKey: 'id',
    childKey: 'class_id',
  });
  await sql
    .raw(
      `create trigger classes_concluded_rows after update of state on classes
    when new.state = 'concluded' and old.state <> 'concluded'
    begin ${CONCLUDED_ROWS} end`,
    )
    .execute(db);
}

async function alterPostgres(db: AnyDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`alter table enrolments drop constraint enrolments_pk,
    add constraint enrolments_pk primary key (class_id, user_id),
    add column active integer default 1 not null check (active in (0, 1))`);
  await run(`alter table waiting_list drop constraint waiting_list_course_user,
    add constraint waiting_list_class_user unique (class_id, user_id),
    add column active integer default 1 not null check (active in (0, 1))`);
  await run(`alter table attendance drop constraint attendance_pk,
    add constraint attendance_pk primary key (class_id, meeting, person_id)`);
  for (const index of [...OBSOLETE_INDEXES, 'waiting_list_order']) await run(`drop index ${index}`);
  await run(`create function classes_concluded_rows() returns trigger language plpgsql as $$
    begin ${CONCLUDED_ROWS} return null; end $$`);
  await run(`create trigger classes_concluded_rows after update of state on classes
    for each row when (new.state = 'concluded' and old.state <> 'concluded')
    execute function classes_concluded_rows()`);
}

export async function up(db: AnyDb): Promise<void> {
  if (isSqlite(db)) {
    await rebuildSqlite(db);
    for (const index of KEPT_INDEXES) await sql.raw(index).execute(db);
  } else {
    await alterPostgres(db);
  }
  for (const index of NEW_INDEXES) await sql.raw(index).execute(db);
  // Rows of classes concluded before this migration.
  for (const table of ['enrolments', 'waiting_list']) {
    await sql
      .raw(
        `update ${table} set active = 0
      where class_id in (select id from classes where state = 'concluded')`,
      )
      .execute(db);
  }
  await db.schema
    .createTable('cancellations')
    .$call(required('text', 'class_id', 'person_id', 'course_slug', 'cancelled_at'))
    .addPrimaryKeyConstraint('cancellations_pk', ['class_id', 'person_id'])
    .execute();
  await indexByPerson(db, 'cancellations');
}

/**
 * Not reversible in place: rows of two classes of one course cannot go back under one key per
 * course. Going back means restoring the backup made before the upgrade (docs/deployment.md).
 */
export function down(): Promise<void> {
  return Promise.reject(
    new Error('Migration 017-rows-per-class cannot be undone: restore the backup made before it.'),
  );
}
