/**
 * Kysely's SQLite dialect, tuned for the server's hot path (measured during an enrolment rush):
 *
 * - prepared statements are kept by SQL text (sqlite-statement-cache.ts) instead of being
 *   prepared on every execution;
 * - the single connection is handed out in arrival order by a FIFO queue. Kysely's own mutex wakes
 *   every waiter whenever the connection is released (all but one go back to sleep), which with
 *   the 200 requests of a rush in flight cost more than the queries themselves.
 *
 * Everything else (SQL compilation, transactions, savepoints, introspection) is Kysely's.
 */
import type SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { withStatementCache } from './sqlite-statement-cache.js';

/** A lock granted in request order; `unlock` hands it straight to the next waiter. */
export class FifoMutex {
  #locked = false;
  readonly #waiters: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/** Kysely's driver, with the connection handed out by a FIFO queue. */
class FifoSqliteDriver extends SqliteDriver {
  readonly #mutex = new FifoMutex();
  #connection: DatabaseConnection | undefined;

  override async init(): Promise<void> {
    await super.init();
    // Taken once and never given back to Kysely's mutex: our queue guards it from now on.
    this.#connection = await super.acquireConnection();
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection as DatabaseConnection;
  }

  override async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }
}

class FifoSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new FifoSqliteDriver(this.#config);
  }
}

/** The dialect for a better-sqlite3 database (closed when Kysely is destroyed). */
export function createSqliteDialect(database: SQLite.Database): SqliteDialect {
  return new FifoSqliteDialect({ database: withStatementCache(database) });
}
