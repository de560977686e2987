import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../tests/support/postgres.js';
import { migrationProvider } from './index.js';
import type { AnyDb } from './table-builders.js';

const pgDatabase = await createPostgresTestDatabase('migration_036');
afterAll(async () => {
  await pgDatabase?.drop();
});

const targets = [
  {
    dialect: 'sqlite',
    open: (): AnyDb =>
      new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }),
  },
  ...(pgDatabase
    ? [
        {
          dialect: 'postgres',
          open: (): AnyDb =>
            new Kysely({
              dialect: new PostgresDialect({
                pool: new pg.Pool({ connectionString: pgDatabase.url, max: 2 }),
              }),
            }),
        },
      ]
    : []),
];

const AT = '2026-11-01T10:00:00.000Z';
const place = (user: string) => ({
  course_slug: 'passe',
  class_id: 'turma-1',
  user_id: user,
  status: 'confirmed',
  created_at: AT,
  updated_at: AT,
  promoted_at: null,
});
const tokens = async (db: AnyDb) =>
  (
    (await db
      .selectFrom('enrolments')
      .select(['user_id', 'check_in_token'])
      .orderBy('user_id')
      .execute()) as { user_id: string; check_in_token: string | null }[]
  ).map((r) => r.check_in_token);

describe.each(targets)('migration 036 on $dialect', ({ open }) => {
  it('gives every existing place and every new one its own random token', async () => {
    const db = open();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('030-waiting-list-history')).error).toBeUndefined();
      await db.insertInto('directory_groups').values({ id: 'g', display_name: 'Passe' }).execute();
      await db.insertInto('courses').values({ slug: 'passe', group_id: 'g', places: 30 }).execute();
      await db
        .insertInto('classes')
        .values({
          id: 'turma-1',
          course_slug: 'passe',
          name: 'Turma 1',
          places: 30,
          state: 'open',
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      await db
        .insertInto('enrolments')
        .values([place('a'), place('b')])
        .execute();

      expect((await migrator.migrateTo('036-check-in-tokens')).error).toBeUndefined();
      await db.insertInto('enrolments').values(place('c')).execute();
      const given = await tokens(db);
      expect(given).toHaveLength(3);
      for (const token of given) expect(token).toMatch(/^[0-9A-F]{32}$/);
      expect(new Set(given).size).toBe(3);

      // A token is one place's: a second place with it is refused.
      await expect(
        db
          .insertInto('enrolments')
          .values({ ...place('d'), check_in_token: given[0] })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await db.destroy();
    }
  });
});
