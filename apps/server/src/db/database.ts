/**
 * The query layer: Kysely over embedded SQLite (better-sqlite3, a file under DATA_DIR) or PostgreSQL
 * (when DATABASE_URL is set). Migrations run when the database is opened.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { keepPrivate } from '../data-dir.js';
import { migrationProvider } from './migrations/index.js';
import { assertDatabaseNotNewer } from './schema-version.js';
import { createSqliteDialect, type SqliteStatements } from './sqlite-dialect.js';
import { SAFETY_NET_PAGES, startCheckpointer } from './sqlite-checkpointer.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** SQLite: prepared statements on Kysely's connection, for the hot path (sqlite-dialect.ts). */
  sqlite?: SqliteStatements;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, SQLite under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name under dataDir (default centro.sqlite); ':memory:' for a throw-away database. */
  sqliteFile?: string;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** Where a SQLite file found readable by others (and made 0600) is reported. */
  log?: { warn(details: object, message: string): void };
}

// PostgreSQL returns bigint (int8) and count(*) as strings; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const file = options.sqliteFile ?? 'centro.sqlite';
  if (!options.databaseUrl && file !== ':memory:') {
    // The database is 0600, as the keys are.
    const tightened = await keepPrivate(path.join(options.dataDir, file));
    if (tightened.length > 0) {
      options.log?.warn(
        { files: tightened },
        'database files were readable by other users of this machine: made 0600',
      );
    }
  }
  const handle = options.databaseUrl ? openPostgres(options) : openSqlite(options);
  try {
    await assertDatabaseNotNewer(handle.db);
    await migrate(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openSqlite(options: DatabaseOptions): DatabaseHandle {
  const file = options.sqliteFile ?? 'centro.sqlite';
  const sqlite = new SQLite(file === ':memory:' ? file : path.join(options.dataDir, file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Cleared or deleted content is overwritten, not left in free space for a backup (decision 051).
  sqlite.pragma('secure_delete = ON');
  const dialect = createSqliteDialect(sqlite);
  const db = new Kysely<Database>({ dialect });
  const statements = dialect.statements;
  if (file === ':memory:') {
    return { db, dialect: 'sqlite', sqlite: statements, close: () => db.destroy() };
  }
  // Checkpoints in a worker thread, off the event loop (sqlite-checkpointer.ts).
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const checkpointer = startCheckpointer(sqlite.name);
  return {
    db,
    dialect: 'sqlite',
    sqlite: statements,
    close: async () => {
      await checkpointer.close();
      await db.destroy();
    },
  };
}

function openPostgres(options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client's error (e.g. the server restarted) must not crash the process.
  pool.on('error', () => undefined);
  // Nor a checked-out client's: when its connection ends (PostgreSQL crashed or restarted), pg emits
  // 'error' on the client, which the pool listens to only while the client is idle. Its queries
  // are rejected anyway (answered as 503s), and the pool discards the dead client on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

async function migrate({ db, dialect }: DatabaseHandle): Promise<void> {
  // On PostgreSQL, keep Kysely's bookkeeping tables in the connection's own schema: without a
  // schema, Kysely finds them in any schema of the database and skips creating them here.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
