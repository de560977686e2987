/**
 * Migration 037 on SQLite and PostgreSQL (decision 098): the roles granted before it stay; a
 * monitor's row needs a class and no other role has one; a person holds a role of the centre once
 * and each class once, and may monitor several; a class deleted takes its monitors' grants.
 */
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../../tests/support/databases.js';
import { migrationProvider } from './index.js';

const targets = await testDatabaseTargets('migration-037');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

const AT = '2026-11-28T10:00:00.000Z';

describe.each(targets)('migration 037 on $dialect', (target) => {
  it('keeps the roles, and holds a monitor to one class per row', async () => {
    const { db } = await target.open();
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('030-waiting-list-history')).error).toBeUndefined();
    await db
      .insertInto('staff_roles' as never)
      .values({ person_id: 'ana', role: 'secretaria', granted_by: 'x', granted_at: AT } as never)
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(
      await db.selectFrom('staff_roles').select(['person_id', 'role', 'class_id']).execute(),
    ).toEqual([{ person_id: 'ana', role: 'secretaria', class_id: null }]);

    await db
      .insertInto('courses')
      .values({ slug: 'passe', group_id: 'g-passe', places: 10 } as never)
      .execute();
    const klass = (id: string) => ({
      id,
      course_slug: 'passe',
      name: id,
      places: 10,
      state: 'open' as const,
      created_at: AT,
      updated_at: AT,
    });
    await db
      .insertInto('classes')
      .values([klass('c1'), klass('c2')] as never)
      .execute();
    const row = (role: 'secretaria' | 'monitor', classId: string | null, person = 'bia') => ({
      person_id: person,
      role,
      class_id: classId,
      granted_by: 'x',
      granted_at: AT,
    });
    const insert = (values: ReturnType<typeof row>) =>
      db
        .insertInto('staff_roles')
        .values(values)
        .execute()
        .then(
          () => 'ok',
          () => 'refused',
        );

    expect(await insert(row('monitor', 'c1'))).toBe('ok');
    expect(await insert(row('monitor', 'c2'))).toBe('ok');
    expect(await insert(row('monitor', 'c1'))).toBe('refused');
    expect(await insert(row('monitor', null))).toBe('refused');
    expect(await insert(row('secretaria', 'c1'))).toBe('refused');
    expect(await insert(row('secretaria', null, 'ana'))).toBe('refused');
    expect(await insert(row('monitor', 'no-such-class'))).toBe('refused');

    await db.deleteFrom('classes').where('id', '=', 'c1').execute();
    const left = await db
      .selectFrom('staff_roles')
      .select(['person_id', 'class_id'])
      .orderBy('person_id')
      .execute();
    expect(left).toEqual([
      { person_id: 'ana', class_id: null },
      { person_id: 'bia', class_id: 'c2' },
    ]);

    // Down: the monitors go, the roles of the centre stay.
    expect((await migrator.migrateTo('030-waiting-list-history')).error).toBeUndefined();
    expect(await db.selectFrom('staff_roles').select(['person_id', 'role']).execute()).toEqual([
      { person_id: 'ana', role: 'secretaria' },
    ]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
