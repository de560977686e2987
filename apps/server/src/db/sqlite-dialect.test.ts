import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

describe('the group commit of writes made outside a transaction', () => {
  interface Db {
    t: { n: number };
  }
  let dir: string;
  let raw: SQLite.Database;
  let db: Kysely<Db>;
  /** Another connection to the file: sees only what is committed. */
  let other: SQLite.Database;
  const transactions: string[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'centro-group-commit-'));
    raw = new SQLite(path.join(dir, 'db.sqlite'));
    raw.pragma('journal_mode = WAL');
    // What the connection's transactions do, in order (begin immediate, commit, rollback...).
    const prepare = raw.prepare.bind(raw);
    raw.prepare = ((source: string) => {
      const statement = prepare(source);
      if (!/^(begin|commit|rollback)/.test(source)) return statement;
      const run = statement.run.bind(statement);
      statement.run = ((...args: never[]) => {
        transactions.push(source);
        return run(...args);
      }) as typeof statement.run;
      return statement;
    }) as typeof raw.prepare;
    db = new Kysely<Db>({ dialect: createSqliteDialect(raw, { maxGroup: 100 }) });
    await sql`create table t (n integer primary key)`.execute(db);
    other = new SQLite(path.join(dir, 'db.sqlite'), { readonly: true });
    transactions.length = 0;
  });
  afterEach(async () => {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = () => (other.prepare('select count(*) as c from t').get() as { c: number }).c;
  const insert = (n: number) => db.insertInto('t').values({ n }).execute();

  it('runs the writes asked for together in one immediate transaction, answering after the commit', async () => {
    let seenBeforeAnswer = -1;
    const writes = Array.from({ length: 50 }, (_, n) =>
      insert(n).then(() => {
        if (seenBeforeAnswer < 0) seenBeforeAnswer = committed();
      }),
    );
    await Promise.all(writes);
    expect(seenBeforeAnswer).toBe(50);
    expect(transactions).toEqual(['begin immediate', 'commit']);
    expect(committed()).toBe(50);
  });

  it('lets each write see the rows of the writes before it, and tells what it changed', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const result =
          await sql`insert into t (n) select ${n} where (select count(*) from t) < 2`.execute(db);
        return Number(result.numAffectedRows);
      }),
    );
    expect(results).toEqual([1, 1, 0]);
    expect(transactions).toEqual(['begin immediate', 'commit']);
  });

  it('undoes only the write that failed', async () => {
    const outcomes = await Promise.allSettled([insert(1), insert(1), insert(2)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(transactions).toEqual(['begin immediate', 'commit']);
    expect(committed()).toBe(2);
  });

  it('fails every write of a group that SQLite rolled back, and keeps none of them', async () => {
    const outcomes = await Promise.allSettled([
      insert(1),
      sql`insert or rollback into t (n) values (1)`.execute(db),
      insert(2),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(transactions).toEqual(['begin immediate', 'begin immediate', 'commit']);
    expect(committed()).toBe(1);
  });

  it('commits at most maxGroup writes together', async () => {
    await Promise.all(Array.from({ length: 250 }, (_, n) => insert(n)));
    expect(transactions.filter((t) => t === 'commit')).toHaveLength(3);
    expect(committed()).toBe(250);
  });

  it('commits the group before a transaction begins, and keeps transactions out of it', async () => {
    const before = insert(1);
    const inTransaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ n: 2 }).execute();
      throw new Error('rolled back');
    });
    const after = insert(3);
    await before;
    await expect(inTransaction).rejects.toThrow('rolled back');
    await after;
    expect(transactions).toEqual([
      'begin immediate',
      'commit',
      'begin',
      'rollback',
      'begin immediate',
      'commit',
    ]);
    expect((await db.selectFrom('t').select('n').orderBy('n').execute()).map((r) => r.n)).toEqual([
      1, 3,
    ]);
  });

  it('commits a group still open when the database is destroyed', async () => {
    const write = insert(7);
    // The insert has run (its group is open) and waits for the end of the turn to commit.
    for (let i = 0; i < 1000 && !raw.inTransaction; i++) await Promise.resolve();
    expect(raw.inTransaction).toBe(true);
    await db.destroy();
    await write;
    expect(committed()).toBe(1);
    db = new Kysely<Db>({ dialect: createSqliteDialect(new SQLite(':memory:')) });
  });
});
