/**
 * The databases an integration test runs on: SQLite (a file in a temporary directory) always, and
 * PostgreSQL in a database of the test file's own when the server is reachable (else skipped with a
 * printed reason).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../src/db/database.js';
import { createPostgresTestDatabase } from './postgres.js';

export interface TestDatabaseTarget {
  dialect: Dialect;
  /** DATABASE_URL for buildApp (undefined: SQLite under DATA_DIR). */
  databaseUrl: string | undefined;
  /** A new handle on the target's database (each one its own connection or pool). */
  open(options?: { poolSize?: number }): Promise<DatabaseHandle>;
  /** Deletes every row of the given tables, children first. */
  clear(tables: readonly string[]): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * The tables to empty, children first: a course's classes and the rows that name a class go before
 * the course (decision 052), whether the test named them or not.
 */
function withDependents(tables: readonly string[]): string[] {
  const at = tables.indexOf('courses');
  if (at < 0) return [...tables];
  const before = ['cancellations', 'waiting_list', 'attendance', 'enrolments', 'classes'].filter(
    (t) => !tables.slice(0, at).includes(t),
  );
  return [...tables.slice(0, at), ...before, ...tables.slice(at)];
}

/** Targets for `describe.each`: SQLite, then PostgreSQL when reachable. */
export async function testDatabaseTargets(label: string): Promise<TestDatabaseTarget[]> {
  const dir = await mkdtemp(path.join(tmpdir(), `centro-${label}-`));
  const handles: DatabaseHandle[] = [];
  const track = (handle: DatabaseHandle) => {
    handles.push(handle);
    return handle;
  };
  const closeAll = async () => {
    await Promise.all(handles.splice(0).map((h) => h.close().catch(() => undefined)));
  };

  const sqlite: TestDatabaseTarget = {
    dialect: 'sqlite',
    databaseUrl: undefined,
    open: async () => track(await openDatabase({ dataDir: dir })),
    async clear(tables) {
      const handle = await openDatabase({ dataDir: dir });
      try {
        for (const table of withDependents(tables)) {
          await handle.db.deleteFrom(table as never).execute();
        }
      } finally {
        await handle.close();
      }
    },
    async cleanup() {
      await closeAll();
      await rm(dir, { recursive: true, force: true });
    },
  };

  const database = await createPostgresTestDatabase(label);
  if (!database) return [sqlite];
  const postgres: TestDatabaseTarget = {
    dialect: 'postgres',
    databaseUrl: database.url,
    open: async (options) =>
      track(
        await openDatabase({
          databaseUrl: database.url,
          dataDir: dir,
          ...(options?.poolSize ? { poolSize: options.poolSize } : {}),
        }),
      ),
    async clear(tables) {
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: dir, poolSize: 1 });
      try {
        for (const table of withDependents(tables)) {
          await handle.db.deleteFrom(table as never).execute();
        }
      } finally {
        await handle.close();
      }
    },
    async cleanup() {
      await closeAll();
      await database.drop();
    },
  };
  return [sqlite, postgres];
}
