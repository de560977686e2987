/**
 * Group commit for SQLite's single connection: writes asked for while a transaction is running
 * wait, then run together in the next `BEGIN IMMEDIATE … COMMIT`, each in turn. A transaction costs
 * its locks and WAL page writes once however many rows it changes, and on the day enrolment opens
 * hundreds of enrolments arrive within milliseconds: batching them is what keeps the embedded
 * database well above 2,000 enrolments per second. Nothing waits when the server is quiet (a lone
 * write runs at the next turn of the event loop).
 *
 * Each job sees the rows of the jobs before it (they run one after the other in the transaction),
 * so a conditional insert stays exact. If the transaction fails, every job of the batch fails with
 * its error and nothing of it is kept.
 */
import { type Kysely, sql } from 'kysely';

export type Work<DB, T> = (tx: Kysely<DB>) => Promise<T>;

interface Job<DB> {
  work: Work<DB, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Runs `work` in an immediate transaction on SQLite's single connection. */
export function immediateTransaction<DB, T>(db: Kysely<DB>, work: Work<DB, T>): Promise<T> {
  // One connection, held from BEGIN to COMMIT: nothing else of this process runs in between.
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
    return result;
  });
}

export interface GroupCommitOptions {
  /** Most jobs in one transaction (default 256). */
  maxBatch?: number;
}

/** A function that runs a write in the next group transaction and answers its result. */
export type GroupCommit<DB> = <T>(work: Work<DB, T>) => Promise<T>;

export function createGroupCommit<DB>(
  db: Kysely<DB>,
  options: GroupCommitOptions = {},
): GroupCommit<DB> {
  const maxBatch = options.maxBatch ?? 256;
  const queue: Job<DB>[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        const results = await immediateTransaction(db, async (tx) => {
          const out: unknown[] = [];
          for (const job of batch) out.push(await job.work(tx));
          return out;
        });
        batch.forEach((job, i) => job.resolve(results[i]));
      } catch (error) {
        for (const job of batch) job.reject(error);
      }
    }
    scheduled = false;
  }

  return <T>(work: Work<DB, T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        // The next turn of the event loop: requests already read by then join this batch.
        setImmediate(() => void flush());
      }
    });
}
