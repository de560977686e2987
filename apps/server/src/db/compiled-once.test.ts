import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { compiledOnce } from './compiled-once.js';
import type { DatabaseHandle } from './database.js';

const targets = await testDatabaseTargets('compiled-once');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('compiledOnce on $dialect', (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    await target.clear(['directory_memberships', 'directory_groups']);
    handle = await target.open();
    await handle.db
      .insertInto('directory_groups')
      .values([
        { id: 'g-1', display_name: 'Primeiro' },
        { id: 'g-2', display_name: 'Segundo' },
      ])
      .execute();
  });

  it("runs each call with that call's values, and keeps the values written in the query", async () => {
    const { db } = handle;
    const named = compiledOnce(db, 2, (id: string, name: string) =>
      db
        .selectFrom('directory_groups')
        .select(['id', 'display_name as name'])
        .where('id', '=', id)
        .where('display_name', 'in', [name, 'Segundo']),
    );
    expect((await named('g-1', 'Primeiro')).rows).toEqual([{ id: 'g-1', name: 'Primeiro' }]);
    expect((await named('g-2', 'Outro')).rows).toEqual([{ id: 'g-2', name: 'Segundo' }]);
    expect((await named('g-1', 'Outro')).rows).toEqual([]);
  });

  it('answers the rows a write changed', async () => {
    const { db } = handle;
    const rename = compiledOnce(db, 2, (name: string, id: string) =>
      db.updateTable('directory_groups').set({ display_name: name }).where('id', '=', id),
    );
    expect(Number((await rename('Novo', 'g-1')).numAffectedRows)).toBe(1);
    expect(Number((await rename('Novo', 'g-9')).numAffectedRows)).toBe(0);
    const row = await db
      .selectFrom('directory_groups')
      .select('display_name as name')
      .where('id', '=', 'g-1');
    expect((await row.executeTakeFirst())?.name).toBe('Novo');
  });

  it('refuses a query that does not use every argument', async () => {
    const { db } = handle;
    const unused = compiledOnce(db, 1, (_id: string) =>
      db.selectFrom('directory_groups').select('id'),
    );
    await expect(async () => unused('g-1')).rejects.toThrow(/not a parameter/);
  });
});
