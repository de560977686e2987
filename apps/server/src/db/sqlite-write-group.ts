/**
 * Group commit of the SQLite dialect (sqlite-dialect.ts): writes made outside a transaction share
 * one `BEGIN IMMEDIATE … COMMIT` per turn of the event loop.
 */
import type SQLite from 'better-sqlite3';

/** Statements that change rows: outside a transaction, they join the write group. */
const WRITE = /^\s*(insert|update|delete|replace)\b/i;
/** Statements that start or end a transaction: the write group commits before them. */
export const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i;

/** Most writes in one group transaction (it then commits at once). */
const DEFAULT_MAX_GROUP = 256;

interface Waiting {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit of the writes made outside a transaction on the single connection.
 *
 * A write joins the open group transaction (or opens one with `BEGIN IMMEDIATE`, which takes the
 * database's write lock, so another process on the same file waits as it would for any write) and
 * runs at once: its result (rows changed) is known, and later statements of this process see its
 * rows. It answers once the group committed: at the end of the current turn of the event loop,
 * when a transaction is about to begin, when the group is full, or when the database closes. If
 * the commit fails, every write of the group fails and none is kept; if a write fails, only that
 * write is undone (SQLite's statement rollback), unless SQLite rolled the whole transaction back,
 * in which case every write of the group fails.
 */
export class WriteGroup {
  readonly #database: SQLite.Database;
  readonly #maxSize: number;
  readonly #begin: SQLite.Statement;
  readonly #commit: SQLite.Statement;
  readonly #rollback: SQLite.Statement;
  #open = false;
  #scheduled = false;
  #waiting: Waiting[] = [];

  constructor(database: SQLite.Database, maxSize = DEFAULT_MAX_GROUP) {
    this.#database = database;
    this.#maxSize = maxSize;
    this.#begin = database.prepare('begin immediate');
    this.#commit = database.prepare('commit');
    this.#rollback = database.prepare('rollback');
  }

  /** Whether `sql`, run now, would be a write outside any transaction (so joins the group). */
  joins(sql: string): boolean {
    return (this.#open || !this.#database.inTransaction) && WRITE.test(sql);
  }

  /**
   * Runs `statement` (synchronously) in the group transaction; answers its result and a promise
   * settled when the group commits (rejected when it fails).
   */
  run<T>(statement: () => T): { result: T; committed: Promise<void> } {
    if (!this.#open) {
      this.#begin.run(); // SQLITE_BUSY after busy_timeout: this write fails, nothing else.
      this.#open = true;
      this.#schedule();
    }
    let result: T;
    try {
      result = statement();
    } catch (error) {
      if (!this.#database.inTransaction) this.#fail(error);
      throw error;
    }
    const committed = new Promise<void>((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
    });
    if (this.#waiting.length >= this.#maxSize) this.commit();
    return { result, committed };
  }

  /** Commits the open group, if any. */
  commit(): void {
    if (!this.#open) return;
    this.#open = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    try {
      this.#commit.run();
    } catch (error) {
      if (this.#database.inTransaction) {
        try {
          this.#rollback.run();
        } catch {
          // Nothing more to undo.
        }
      }
      for (const w of waiting) w.reject(error);
      return;
    }
    for (const w of waiting) w.resolve();
  }

  /** SQLite rolled the group's transaction back: every write of it fails. */
  #fail(error: unknown): void {
    this.#open = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const w of waiting) w.reject(error);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // The next turn of the event loop: writes asked for by requests already read join this group.
    setImmediate(() => {
      this.#scheduled = false;
      this.commit();
    });
  }
}
