/**
 * The SQLite → PostgreSQL copy: every table and row arrives (the fixture of a release, upgraded,
 * has rows in every table), each class's `taken` is copied, not counted twice by the triggers, and
 * still follows the enrolments afterwards; a non-empty target is refused untouched.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createClassStore } from '../classes/class-store.js';
import { openDatabase } from '../db/database.js';
import { migrationProvider } from '../db/migrations/index.js';
import { firstClassOf } from '../../tests/support/classes.js';
import { createPostgresTestDatabase } from '../../tests/support/postgres.js';
import { seedPeople } from '../../tests/support/server-process.js';
import { copySqliteToPostgres, dependencyOrder } from './copy-sqlite-to-postgres.js';

describe('dependency order', () => {
  it('puts parents before children, alphabetically among equals', () => {
    expect(
      dependencyOrder(
        ['enrolments', 'courses', 'accounts', 'directory_memberships', 'directory_groups'],
        [
          { child: 'enrolments', parent: 'courses' },
          { child: 'directory_memberships', parent: 'directory_groups' },
          { child: 'enrolments', parent: 'enrolments' },
        ],
      ),
    ).toEqual(['accounts', 'courses', 'directory_groups', 'directory_memberships', 'enrolments']);
  });

  it('refuses a cycle', () => {
    expect(() =>
      dependencyOrder(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle/);
  });
});

const FIXTURE = fileURLToPath(new URL('../db/fixtures/release-2026-11-21.sql', import.meta.url));
const fixture = readFileSync(FIXTURE, 'utf8');
const migratedTo = /^-- migrated-to: (\S+)$/m.exec(fixture)?.[1] as string;
const statements = fixture
  .split('\n')
  .filter((line) => !line.startsWith('--') && line.trim() !== '')
  .join('\n')
  .split(/;\s*$/m)
  .map((s) => s.trim())
  .filter(Boolean);

const empty = await createPostgresTestDatabase('copy_empty');
const busy = await createPostgresTestDatabase('copy_busy');
const dirs: string[] = [];
afterAll(async () => {
  await empty?.drop();
  await busy?.drop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function everyRow(db: any, tables: string[]) {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    rows[table] = (await sql.raw(`select * from ${table}`).execute(db)).rows
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return rows;
}

describe.skipIf(!empty || !busy)('copying SQLite into PostgreSQL', () => {
  it('copies every table and keeps the place counters equal to the enrolments', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'centro-copy-'));
    dirs.push(dataDir);
    // The release's data at its schema, then upgraded as the server opens it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const raw = new Kysely<any>({
      dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, 'centro.sqlite')) }),
    });
    expect(
      (await new Migrator({ db: raw, provider: migrationProvider }).migrateTo(migratedTo)).error,
    ).toBeUndefined();
    for (const statement of statements) await sql.raw(statement).execute(raw);
    await raw.destroy();
    const sqlite = await openDatabase({ dataDir });
    // Many rows too, more than one insert statement's worth for accounts.
    const people = await seedPeople(sqlite.db, 3000);
    await sqlite.db
      .insertInto('courses')
      .values({ slug: 'grande', group_id: 'grupo-grande', places: 5000 })
      .execute();
    await createClassStore(sqlite.db).syncWithCourses(new Date());
    const grande = await firstClassOf(sqlite.db, 'grande');
    const now = new Date().toISOString();
    for (let i = 0; i < people.length; i += 500) {
      await sqlite.db
        .insertInto('enrolments')
        .values(
          people.slice(i, i + 500).map((user_id) => ({
            course_slug: 'grande',
            class_id: grande,
            user_id,
            status: 'confirmed' as const,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const tables = (await sqlite.db.introspection.getTables()).map((t) => t.name).sort();
    const before = await everyRow(sqlite.db, tables);
    await sqlite.close();

    const report = await copySqliteToPostgres({ dataDir, databaseUrl: empty?.url as string });
    expect(report.tables.map((t) => t.name).sort()).toEqual(tables);
    expect(report.tables.find((t) => t.name === 'enrolments')?.rows).toBe(3004);
    // Parents first.
    const order = report.tables.map((t) => t.name);
    expect(order.indexOf('courses')).toBeLessThan(order.indexOf('enrolments'));

    const postgres = await openDatabase({
      databaseUrl: empty?.url as string,
      dataDir,
      poolSize: 1,
    });
    try {
      expect(await everyRow(postgres.db, tables)).toEqual(before);
      const classes = await postgres.db
        .selectFrom('classes')
        .select(['course_slug', 'taken'])
        .execute();
      expect(Object.fromEntries(classes.map((c) => [c.course_slug, c.taken]))).toEqual({
        'curso-um': 2,
        'curso-dois': 2,
        grande: 3000,
      });
      // The triggers are back on: the counter still follows the enrolments.
      await postgres.db
        .deleteFrom('enrolments')
        .where('course_slug', '=', 'curso-dois')
        .where('status', '=', 'pending')
        .execute();
      const after = await postgres.db
        .selectFrom('classes')
        .select('taken')
        .where('course_slug', '=', 'curso-dois')
        .executeTakeFirstOrThrow();
      expect(after.taken).toBe(1);
    } finally {
      await postgres.close();
    }
  }, 120_000);

  it('refuses a database that is not empty, changing nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'centro-copy-'));
    dirs.push(dataDir);
    await (await openDatabase({ dataDir })).close();
    const existing = await openDatabase({ databaseUrl: busy?.url as string, dataDir, poolSize: 1 });
    await seedPeople(existing.db, 2);
    await existing.close();
    await expect(
      copySqliteToPostgres({ dataDir, databaseUrl: busy?.url as string }),
    ).rejects.toThrow(/not empty .*nothing was changed/s);
    const check = await openDatabase({ databaseUrl: busy?.url as string, dataDir, poolSize: 1 });
    expect(await check.db.selectFrom('accounts').select('id').execute()).toHaveLength(2);
    await check.close();
  });
});
