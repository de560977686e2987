import { Kysely, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDialect } from '../db/sqlite-dialect.js';
import { createGroupCommit } from './group-commit.js';

interface Db {
  t: { n: number };
}

describe('createGroupCommit', () => {
  let db: Kysely<Db>;
  const transactions: string[] = [];

  beforeEach(async () => {
    transactions.length = 0;
    db = new Kysely<Db>({
      dialect: createSqliteDialect(new SQLite(':memory:')),
      log: (event) => {
        if (/^(begin|commit|rollback)/.test(event.query.sql)) transactions.push(event.query.sql);
      },
    });
    await sql`create table t (n integer primary key)`.execute(db);
  });
  afterEach(async () => {
    await db.destroy();
  });

  const count = async () =>
    Number(
      (
        await db
          .selectFrom('t')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );

  it('runs writes asked for together in one immediate transaction, in order', async () => {
    const write = createGroupCommit(db);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        write(async (tx) => {
          await tx.insertInto('t').values({ n }).execute();
          return n;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(transactions).toEqual(['begin immediate', 'commit']);
    expect(await count()).toBe(50);
  });

  it('lets each write see the rows of the writes before it', async () => {
    const write = createGroupCommit(db);
    const seen = await Promise.all(
      [1, 2, 3].map((n) =>
        write(async (tx) => {
          await tx.insertInto('t').values({ n }).execute();
          const row = await tx
            .selectFrom('t')
            .select((eb) => eb.fn.countAll().as('c'))
            .executeTakeFirstOrThrow();
          return Number(row.c);
        }),
      ),
    );
    expect(seen).toEqual([1, 2, 3]);
  });

  it('fails every write of a failed transaction and keeps none of them', async () => {
    const write = createGroupCommit(db);
    const outcomes = await Promise.allSettled([
      write((tx) => tx.insertInto('t').values({ n: 1 }).execute()),
      write((tx) => tx.insertInto('t').values({ n: 1 }).execute()), // duplicate key
      write((tx) => tx.insertInto('t').values({ n: 2 }).execute()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(transactions).toEqual(['begin immediate', 'rollback']);
    expect(await count()).toBe(0);

    // The next writes are not affected.
    await write((tx) => tx.insertInto('t').values({ n: 3 }).execute());
    expect(await count()).toBe(1);
  });
});
