/**
 * A PostgreSQL database of its own for a test file, on the server these machines run
 * (`TEST_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test). When the server is
 * unreachable the caller skips its PostgreSQL tests; the reason is printed, never swallowed.
 *
 * A database rather than a schema per file: nothing is shared between files running side by side
 * (Kysely's migrator, left without `migrationTableSchema`, finds its tables in any schema of the
 * database: "relation kysely_migration_lock does not exist"), and dropping it drops everything.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_TEST_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresTestDatabase {
  /** Connection string of the new database. */
  url: string;
  name: string;
  /** Drops the database (closing what is still connected to it). */
  drop(): Promise<void>;
}

async function run(query: string): Promise<void> {
  const client = new pg.Client({
    connectionString: POSTGRES_TEST_URL,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database named after `label`, or null (with a printed reason) when PostgreSQL is down. */
export async function createPostgresTestDatabase(
  label: string,
): Promise<PostgresTestDatabase | null> {
  const name = `t_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  try {
    await run(`create database "${name}"`);
  } catch (error) {
    console.warn(
      `PostgreSQL tests of ${label} skipped: cannot create a database on ${POSTGRES_TEST_URL} (${error instanceof Error ? error.message : String(error)}).`,
    );
    return null;
  }
  const url = new URL(POSTGRES_TEST_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => run(`drop database if exists "${name}" with (force)`),
  };
}
