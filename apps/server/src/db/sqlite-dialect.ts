/**
 * Kysely's SQLite dialect, tuned for the server's hot path (measured during an enrolment rush):
 *
 * - prepared statements are kept by SQL text (sqlite-statement-cache.ts) instead of being
 *   prepared on every execution;
 * - the single connection is handed out in arrival order by a FIFO queue. Kysely's own mutex wakes
 *   every waiter whenever the connection is released (all but one go back to sleep), which with
 *   the 200 requests of a rush in flight cost more than the queries themselves;
 * - writes made outside a transaction are grouped (group commit, `WriteGroup`): instead of one
 *   transaction each, the writes asked for within one turn of the event loop share one
 *   `BEGIN IMMEDIATE … COMMIT`, and each answers once that transaction committed. A transaction
 *   costs its locks and its WAL frames once however many rows it changes; during a rush hundreds of
 *   single-row writes (places taken, memberships, confirmations) arrive within milliseconds.
 *
 * Everything else (SQL compilation, explicit transactions, savepoints, introspection) is Kysely's.
 */
import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { withStatementCache } from './sqlite-statement-cache.js';
import { TRANSACTION_CONTROL, WriteGroup } from './sqlite-write-group.js';

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

/** Runs compiled queries on the database, as Kysely's own SQLite connection does. */
function execute<R>(database: SqliteDatabase, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId:
      lastInsertRowid !== undefined && lastInsertRowid !== null
        ? BigInt(lastInsertRowid)
        : undefined,
    rows: [],
  };
}

/** The connection and what guards it, shared by every lease. */
interface Core {
  database: SqliteDatabase;
  mutex: FifoMutex;
  group: WriteGroup;
  /** Leases released by Kysely, reused: Kysely keeps every connection object it ever saw. */
  free: Lease[];
}

/**
 * One acquisition of the single connection (held from `acquireConnection` to `releaseConnection`).
 * A write that joins the group hands the connection over while it waits for the commit, so that
 * the writes of the requests queued behind it join the same transaction; if its holder runs
 * another query on the lease, the lease queues for the connection again first.
 */
class Lease implements DatabaseConnection {
  readonly #core: Core;
  #held = true;

  constructor(core: Core) {
    this.#core = core;
  }

  /** Taken again from the free list (the mutex is already locked for it). */
  reacquired(): this {
    this.#held = true;
    return this;
  }

  release(): void {
    if (!this.#held) return;
    this.#held = false;
    this.#core.mutex.unlock();
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#held) return this.#core.mutex.lock().then(() => this.#reheld(query));
    return this.#run(query);
  }

  #reheld<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.#held = true;
    return this.#run(query);
  }

  #run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { database, group } = this.#core;
    try {
      if (TRANSACTION_CONTROL.test(query.sql)) group.commit();
      if (!group.joins(query.sql)) return Promise.resolve(execute<R>(database, query));
      const { result, committed } = group.run(() => execute<R>(database, query));
      this.release();
      return committed.then(() => result);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!this.#held) {
      await this.#core.mutex.lock();
      this.#held = true;
    }
    if (!SelectQueryNode.is(query.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    for (const row of this.#core.database.prepare(query.sql).iterate(query.parameters)) {
      yield { rows: [row as R] };
    }
  }
}

/**
 * Prepared SQL run on the dialect's connection without Kysely's query building, for the few
 * statements of the hot path (the enrolment's three). In turn with Kysely's queries (the same
 * FIFO queue), and with the same group commit of writes.
 */
export interface SqliteStatements {
  /** The first row of a query (undefined when there is none). */
  get<R>(sql: string, parameters: readonly unknown[]): Promise<R | undefined>;
  /** Runs a write; answers the rows it changed (once its group committed). */
  run(sql: string, parameters: readonly unknown[]): Promise<number>;
  /**
   * Runs `work`'s writes together in the write group, inside a savepoint: all of them are kept
   * or none (a throw undoes them). `work` is synchronous. Answers its result once the group
   * committed. For a write that must go with another (an enrolment confirmed and its e-mail).
   */
  atomically<T>(
    work: (run: (sql: string, parameters: readonly unknown[]) => number) => T,
  ): Promise<T>;
}

function statementsOf(raw: SQLite.Database, core: Core): SqliteStatements {
  const prepared = new Map<string, SQLite.Statement>();
  const prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = raw.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
  const { mutex, group } = core;
  return {
    get<R>(sql: string, parameters: readonly unknown[]): Promise<R | undefined> {
      return mutex.lock().then(() => {
        try {
          return prepare(sql).get(parameters) as R | undefined;
        } finally {
          mutex.unlock();
        }
      });
    },
    run(sql: string, parameters: readonly unknown[]): Promise<number> {
      return mutex.lock().then(() => {
        const statement = prepare(sql);
        let joined: { result: number; committed: Promise<void> };
        try {
          if (!group.joins(sql)) return statement.run(parameters).changes;
          joined = group.run(() => statement.run(parameters).changes);
        } finally {
          mutex.unlock();
        }
        return joined.committed.then(() => joined.result);
      });
    },
    atomically<T>(
      work: (run: (sql: string, parameters: readonly unknown[]) => number) => T,
    ): Promise<T> {
      const runNow = (sql: string, parameters: readonly unknown[]) =>
        prepare(sql).run(parameters).changes;
      return mutex.lock().then(() => {
        let joined: { result: T; committed: Promise<void> };
        try {
          // The connection is ours (mutex): no explicit transaction is open, so this joins the group.
          joined = group.run(() => {
            prepare('savepoint atomically').run();
            let result: T;
            try {
              result = work(runNow);
            } catch (error) {
              if (raw.inTransaction) {
                prepare('rollback to atomically').run();
                prepare('release atomically').run();
              }
              throw error;
            }
            prepare('release atomically').run();
            return result;
          });
        } finally {
          mutex.unlock();
        }
        return joined.committed.then(() => joined.result);
      });
    },
  };
}

/** Kysely's driver, with the connection handed out by a FIFO queue and writes grouped. */
class GroupingSqliteDriver extends SqliteDriver {
  readonly #core: Core;
  readonly #raw: SQLite.Database;

  constructor(raw: SQLite.Database, core: Core) {
    super({ database: core.database });
    this.#raw = raw;
    this.#core = core;
  }

  override async init(): Promise<void> {
    // The database is open already; the connection is the core's.
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#core.mutex.lock();
    return this.#core.free.pop()?.reacquired() ?? new Lease(this.#core);
  }

  // Kysely passes the connection it acquired (SqliteDriver's signature omits it).
  override async releaseConnection(connection?: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.release();
    this.#core.free.push(lease);
  }

  override async destroy(): Promise<void> {
    this.#core.group.commit();
    this.#raw.close();
  }
}

export class GroupingSqliteDialect extends SqliteDialect {
  readonly #raw: SQLite.Database;
  readonly #core: Core;
  /** Prepared statements on this dialect's connection (the hot path's few queries). */
  readonly statements: SqliteStatements;

  constructor(raw: SQLite.Database, core: Core) {
    super({ database: core.database } satisfies SqliteDialectConfig);
    this.#raw = raw;
    this.#core = core;
    this.statements = statementsOf(raw, core);
  }

  override createDriver(): Driver {
    return new GroupingSqliteDriver(this.#raw, this.#core);
  }
}

export interface SqliteDialectOptions {
  /** Most writes in one group transaction (default 256). */
  maxGroup?: number;
}

/** The dialect for a better-sqlite3 database (closed when Kysely is destroyed). */
export function createSqliteDialect(
  database: SQLite.Database,
  options: SqliteDialectOptions = {},
): GroupingSqliteDialect {
  const core: Core = {
    database: withStatementCache(database),
    mutex: new FifoMutex(),
    group: new WriteGroup(database, options.maxGroup),
    free: [],
  };
  return new GroupingSqliteDialect(database, core);
}
