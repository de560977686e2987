/**
 * A server killed during enrolments on PostgreSQL, then restarted on the same database: see
 * apps/server/tests/support/crash-restart.ts (crash-restart.test.ts does the same on SQLite). The database
 * is a throw-away one, `centro_crash_<random>`, on the shared server (TEST_DATABASE_URL's server,
 * postgres://postgres@127.0.0.1:5432 by default), dropped afterwards; the test is skipped with a
 * printed reason when that server is unreachable.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { describeCrashRestart } from '../support/crash-restart.js';
import { POSTGRES_TEST_URL } from '../support/postgres.js';
import { warnIfNotBuilt } from '../support/server-process.js';

/** SQL on the shared PostgreSQL server (its `postgres` database). */
async function onPostgresServer(query: string): Promise<void> {
  const url = new URL(POSTGRES_TEST_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A throw-away database on the shared server, or null (with the reason printed). */
async function createCrashDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `centro_crash_${randomBytes(4).toString('hex')}`;
  try {
    await onPostgresServer(`create database "${name}"`);
  } catch (error) {
    console.warn(
      `The crash test on PostgreSQL is skipped: cannot create a database on ${POSTGRES_TEST_URL} (${error instanceof Error ? error.message : String(error)}).`,
    );
    return null;
  }
  const url = new URL(POSTGRES_TEST_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onPostgresServer(`drop database if exists "${name}" with (force)`),
  };
}

const crashDatabase = warnIfNotBuilt('the crash test on PostgreSQL')
  ? await createCrashDatabase()
  : null;
// After the suite's own afterAll, which kills the servers still connected.
afterAll(async () => {
  await crashDatabase?.drop();
});

describeCrashRestart({ dialect: 'postgres', databaseUrl: crashDatabase?.url }, !crashDatabase);
