/**
 * Upgrades keep the data. For every fixture in `fixtures/` (a database as a release left
 * it, with rows in every table), on SQLite and PostgreSQL: migrate an empty database to the
 * fixture's point, load it, then run each later migration one at a time, checking after each that
 * nothing was lost (every table's rows, the accounts, the enrolments and their statuses, the
 * memberships, the provider's sessions, the waiting lists, the attendance marks, each course's
 * settings) and that every course's (from 012-classes: every class's) `taken` equals its enrolment
 * rows; finally open it the way the server does. A new migration is covered without editing this
 * file. From 012-classes on, each course of a release before classes is one class holding its
 * settings and every one of its enrolment, waiting and attendance rows; from 017-rows-per-class on,
 * the rows of concluded classes are inactive and every other row active (decision 059).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../tests/support/postgres.js';
import { openDatabase } from './database.js';
import { migrationProvider } from './migrations/index.js';
import { knownMigrations } from './schema-version.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

interface Fixture {
  file: string;
  migratedTo: string;
  statements: string[];
}

function loadFixtures(): Fixture[] {
  return readdirSync(FIXTURES)
    .filter((name) => /^release-.*\.sql$/.test(name))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(FIXTURES, file), 'utf8');
      const migratedTo = /^-- migrated-to: (\S+)$/m.exec(text)?.[1];
      if (!migratedTo) throw new Error(`${file} does not say which migration it was made at`);
      const statements = text
        .split('\n')
        .filter((line) => !line.startsWith('--') && line.trim() !== '')
        .join('\n')
        .split(/;\s*$/m)
        .map((statement) => statement.trim())
        .filter(Boolean);
      return { file, migratedTo, statements };
    });
}

const fixtures = loadFixtures();

/** The settings columns of a course (migration 005; a class's from 012-classes). */
const SETTINGS = [
  'places',
  'invite_code',
  'enrolment_opens_at',
  'enrolment_closes_at',
  'first_meeting',
  'meeting_weekday',
  'meeting_time',
  'meeting_count',
  'meeting_duration_minutes',
  'meeting_room',
];

/** Each course's settings, from the course or (012-classes on) its class; null before 005. */
async function settingsOf(db: AnyDb, tables: readonly string[]) {
  const read = async (table: string, slug: string) =>
    (
      await db
        .selectFrom(table)
        .select([`${slug} as course`, ...SETTINGS])
        .orderBy(slug)
        .execute()
    ).map((r: Record<string, unknown>) => ({ ...r, meeting_count: numberOrNull(r.meeting_count) }));
  if (tables.includes('classes')) return read('classes', 'course_slug');
  const columns = (await db.introspection.getTables())
    .find((t) => t.name === 'courses')
    ?.columns.map((c) => c.name);
  return columns?.includes('invite_code') ? read('courses', 'slug') : null;
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Everything that must survive an upgrade, read in a stable order. */
async function snapshot(db: AnyDb) {
  const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return {
    counts,
    accounts: await db.selectFrom('accounts').select(['id', 'email']).orderBy('id').execute(),
    enrolments: await db
      .selectFrom('enrolments')
      .select(['course_slug', 'user_id', 'status', 'created_at'])
      .orderBy('course_slug')
      .orderBy('user_id')
      .execute(),
    memberships: await db
      .selectFrom('directory_memberships')
      .select(['group_id', 'user_id'])
      .orderBy('group_id')
      .orderBy('user_id')
      .execute(),
    oidc: await db
      .selectFrom('oidc_payloads')
      .select(['model', 'id', 'payload'])
      .orderBy('model')
      .orderBy('id')
      .execute(),
    waiting: tables.includes('waiting_list')
      ? await db
          .selectFrom('waiting_list')
          .select(['id', 'course_slug', 'user_id', 'joined_at'])
          .orderBy('id')
          .execute()
      : null,
    attendance: tables.includes('attendance')
      ? await db
          .selectFrom('attendance')
          .select(['course_slug', 'meeting', 'person_id', 'present', 'marked_at'])
          .orderBy('course_slug')
          .orderBy('meeting')
          .orderBy('person_id')
          .execute()
      : null,
    settings: await settingsOf(db, tables),
  };
}

/**
 * After 012-classes: each course is one open class named for a term, and every enrolment, waiting
 * and attendance row names its course's class.
 */
async function classProblems(db: AnyDb): Promise<string[]> {
  const classes = await db
    .selectFrom('classes')
    .select(['id', 'course_slug', 'name', 'state'])
    .execute();
  const courses = await db.selectFrom('courses').select('slug').execute();
  const problems: string[] = [];
  const classOf = new Map<string, string>();
  for (const c of classes) {
    if (classOf.has(c.course_slug)) problems.push(`${c.course_slug}: more than one class`);
    classOf.set(c.course_slug, c.id);
    if (c.state !== 'open') problems.push(`${c.course_slug}: class ${c.state}`);
    if (!/^Turma \d{4}\/[12]$/.test(c.name)) problems.push(`${c.course_slug}: named ${c.name}`);
  }
  for (const { slug } of courses) if (!classOf.has(slug)) problems.push(`${slug}: no class`);
  for (const table of ['enrolments', 'waiting_list', 'attendance']) {
    for (const row of await db.selectFrom(table).select(['course_slug', 'class_id']).execute()) {
      if (row.class_id !== classOf.get(row.course_slug)) {
        problems.push(`${table} of ${row.course_slug}: class ${row.class_id}`);
      }
    }
  }
  return problems;
}

/**
 * From 017-rows-per-class (decision 059): every enrolment and waiting row is active exactly when
 * its class is not concluded, and attendance names a class.
 */
async function activeProblems(db: AnyDb): Promise<string[]> {
  const problems: string[] = [];
  for (const table of ['enrolments', 'waiting_list']) {
    const rows = await db
      .selectFrom(`${table} as r`)
      .innerJoin('classes as k', 'k.id', 'r.class_id')
      .select(['r.user_id', 'r.active', 'k.state'])
      .execute();
    for (const row of rows) {
      if (Number(row.active) !== (row.state === 'concluded' ? 0 : 1)) {
        problems.push(`${table} of ${row.user_id}: active ${row.active} in a ${row.state} class`);
      }
    }
    const orphans = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('classes')
              .select('id')
              .whereRef('classes.id', '=', `${table}.class_id` as never),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    if (Number(orphans.n) > 0) problems.push(`${table}: ${orphans.n} rows without a class`);
  }
  return problems;
}

/** Courses (from 012-classes: classes) whose `taken` is not the number of their enrolment rows. */
async function counterMismatches(db: AnyDb): Promise<string[]> {
  const tables = (await db.introspection.getTables()).map((t) => t.name);
  if (tables.includes('classes')) {
    const classes = await db
      .selectFrom('classes')
      .select([
        'id',
        'taken',
        sql<number>`(select count(*) from enrolments e where e.class_id = classes.id)`.as('n'),
      ])
      .execute();
    return classes
      .filter((c: { taken: number; n: number }) => Number(c.taken) !== Number(c.n))
      .map((c: { id: string; taken: number; n: number }) => `${c.id}: ${c.taken} vs ${c.n}`);
  }
  const courses = await db
    .selectFrom('courses')
    .select([
      'slug',
      'taken',
      sql<number>`(select count(*) from enrolments e where e.course_slug = courses.slug)`.as('n'),
    ])
    .execute();
  return courses
    .filter((c: { taken: number; n: number }) => Number(c.taken) !== Number(c.n))
    .map((c: { slug: string; taken: number; n: number }) => `${c.slug}: ${c.taken} vs ${c.n}`);
}

const pgDatabases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const database of pgDatabases) await database.drop();
});

interface Target {
  dialect: 'sqlite' | 'postgres';
  /** A raw Kysely on a new, empty database, and how to open it the server's way. */
  create(): Promise<{
    db: AnyDb;
    open(): ReturnType<typeof openDatabase>;
    cleanup(): Promise<void>;
  } | null>;
}

const targets: Target[] = [
  {
    dialect: 'sqlite',
    async create() {
      const dir = await mkdtemp(path.join(tmpdir(), 'centro-upgrade-'));
      const db: AnyDb = new Kysely({
        dialect: new SqliteDialect({ database: new SQLite(path.join(dir, 'centro.sqlite')) }),
      });
      return {
        db,
        open: () => openDatabase({ dataDir: dir }),
        cleanup: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    dialect: 'postgres',
    async create() {
      const database = await createPostgresTestDatabase('upgrade');
      if (!database) return null;
      pgDatabases.push(database);
      const db: AnyDb = new Kysely({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: database.url, max: 1 }),
        }),
      });
      return {
        db,
        open: () => openDatabase({ databaseUrl: database.url, dataDir: tmpdir(), poolSize: 1 }),
        cleanup: async () => undefined,
      };
    },
  },
];

describe.each(targets)('upgrades on $dialect', (target) => {
  it.each(fixtures)(
    'keep the data of $file through every later migration',
    async (fixture) => {
      const created = await target.create();
      if (!created) {
        console.warn('PostgreSQL unreachable: upgrade test skipped on PostgreSQL');
        return;
      }
      const { db } = created;
      try {
        const migrator = new Migrator({
          db,
          provider: migrationProvider,
          ...(target.dialect === 'postgres' ? { migrationTableSchema: 'public' } : {}),
        });
        const known = await knownMigrations();
        expect(known).toContain(fixture.migratedTo);
        const toPoint = await migrator.migrateTo(fixture.migratedTo);
        expect(toPoint.error).toBeUndefined();

        for (const statement of fixture.statements) await sql.raw(statement).execute(db);
        const before = await snapshot(db);
        // The fixture has rows in every table of its schema.
        expect(Object.entries(before.counts).filter(([, n]) => n === 0)).toEqual([]);
        expect(await counterMismatches(db)).toEqual([]);

        const later = known.slice(known.indexOf(fixture.migratedTo) + 1);
        for (const name of later) {
          const step = await migrator.migrateTo(name);
          expect(step.error, `migration ${name}`).toBeUndefined();
          const after = await snapshot(db);
          for (const [table, n] of Object.entries(before.counts)) {
            expect(after.counts[table], `${table} after ${name}`).toBe(n);
          }
          expect(after.accounts).toEqual(before.accounts);
          expect(after.enrolments).toEqual(before.enrolments);
          expect(after.memberships).toEqual(before.memberships);
          expect(after.oidc).toEqual(before.oidc);
          if (before.waiting)
            expect(after.waiting, `waiting after ${name}`).toEqual(before.waiting);
          if (before.attendance) {
            expect(after.attendance, `attendance after ${name}`).toEqual(before.attendance);
          }
          if (before.settings) {
            expect(after.settings, `settings after ${name}`).toEqual(before.settings);
          }
          expect(await counterMismatches(db), `taken after ${name}`).toEqual([]);
          if (name >= '012-classes' && fixture.migratedTo < '012-classes') {
            expect(await classProblems(db), `classes after ${name}`).toEqual([]);
          }
          if (name >= '017-rows-per-class') {
            expect(await activeProblems(db), `active rows after ${name}`).toEqual([]);
          }
        }
        await db.destroy();

        // Opened as the server opens it: nothing left to migrate, nothing lost.
        const handle = await created.open();
        try {
          const opened = await snapshot(handle.db as AnyDb);
          expect(opened.enrolments).toEqual(before.enrolments);
          expect(opened.accounts).toEqual(before.accounts);
          if (before.settings) expect(opened.settings).toEqual(before.settings);
          expect(await counterMismatches(handle.db as AnyDb)).toEqual([]);
        } finally {
          await handle.close();
        }
      } finally {
        await db.destroy().catch(() => undefined);
        await created.cleanup();
      }
    },
    60_000,
  );
});
