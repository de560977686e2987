import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createSqliteDialect, FifoMutex } from './sqlite-dialect.js';

describe('FifoMutex', () => {
  it('grants the lock in request order', async () => {
    const mutex = new FifoMutex();
    const order: number[] = [];
    await mutex.lock();
    const waiters = [1, 2, 3].map((n) =>
      mutex.lock().then(() => {
        order.push(n);
        mutex.unlock();
      }),
    );
    mutex.unlock();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    await mutex.lock();
    mutex.unlock();
  });
});

describe('createSqliteDialect', () => {
  interface Db {
    t: { n: number };
  }

  it('runs queries and keeps a transaction to itself while others wait', async () => {
    const db = new Kysely<Db>({ dialect: createSqliteDialect(new SQLite(':memory:')) });
    try {
      await sql`create table t (n integer)`.execute(db);
      const inTransaction = db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n: 1 }).execute();
        await new Promise((resolve) => setTimeout(resolve, 10));
        await trx.insertInto('t').values({ n: 2 }).execute();
        throw new Error('rolled back');
      });
      // Queued behind the transaction, so it never sees its rows.
      const outside = db.selectFrom('t').selectAll().execute();
      await expect(inTransaction).rejects.toThrow('rolled back');
      expect(await outside).toEqual([]);
      const many = await Promise.all(
        Array.from({ length: 50 }, (_, n) => db.insertInto('t').values({ n }).execute()),
      );
      expect(many).toHaveLength(50);
      expect((await db.selectFrom('t').select('n').execute()).length).toBe(50);
    } finally {
      await db.destroy();
    }
  });
});
