/**
 * The databases a migration's test runs on: an in-memory SQLite database, and a PostgreSQL
 * database of its own when the server is reachable (dropped after the file; without it the
 * PostgreSQL half is skipped with the reason printed, as `createPostgresTestDatabase` does).
 * Each `open()` is a fresh, unmigrated database typed as the test's schema at that migration.
 */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll } from 'vitest';
import { createPostgresTestDatabase } from './postgres.js';

export interface MigrationTarget<DB> {
  dialect: 'sqlite' | 'postgres';
  open: () => Kysely<DB>;
}

export async function migrationTargets<DB>(label: string): Promise<MigrationTarget<DB>[]> {
  const pgDatabase = await createPostgresTestDatabase(label);
  afterAll(async () => {
    await pgDatabase?.drop();
  });
  const sqlite: MigrationTarget<DB> = {
    dialect: 'sqlite',
    open: () =>
      new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }),
  };
  if (!pgDatabase) return [sqlite];
  return [
    sqlite,
    {
      dialect: 'postgres',
      open: () =>
        new Kysely<DB>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({ connectionString: pgDatabase.url, max: 2 }),
          }),
        }),
    },
  ];
}
