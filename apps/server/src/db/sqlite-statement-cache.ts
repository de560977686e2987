/**
 * Kysely's SQLite driver prepares every query anew (`db.prepare(sql)` per execution). Parsing and
 * planning the same few statements again and again was a tenth of the server's CPU during an
 * enrolment rush, so the database handed to Kysely keeps its prepared statements, by SQL text, in a
 * small LRU. A statement still being iterated (a streamed query) is never handed out twice.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements kept (the server's distinct queries are a few dozen). */
const DEFAULT_CAPACITY = 500;

export function withStatementCache(
  database: SQLite.Database,
  capacity = DEFAULT_CAPACITY,
): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
