/**
 * A transaction that writes, on either database, taking the write lock before it reads:
 *
 * - SQLite: `BEGIN IMMEDIATE` on the single connection (Kysely's `transaction()` only issues a
 *   deferred `BEGIN`, which would read first and could fail to upgrade to writing when another
 *   process on the same file wrote meanwhile). The write group of the hot path commits before it
 *   (db/sqlite-dialect.ts), and the connection is this transaction's until it ends.
 * - PostgreSQL: Kysely's transaction (READ COMMITTED); the work takes the row locks it needs
 *   (`select … for update` of a course row serialises it with the enrolments' conditional insert).
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './database.js';
import type { Database } from './schema.js';

export async function writeTransaction<T>(
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (handle.dialect === 'postgres') return handle.db.transaction().execute(work);
  return handle.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
