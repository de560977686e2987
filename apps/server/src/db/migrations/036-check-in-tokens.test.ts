import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTargets } from '../../../tests/support/migration-targets.js';
import { migrationProvider } from './index.js';
import type { AnyDb, AnySchema } from './table-builders.js';

const targets = await migrationTargets<AnySchema>('migration_036');

const AT = '2026-11-01T10:00:00.000Z';
const place = (user: string) => ({
  course_slug: 'passe',
  class_id: 'turma-1',
  user_id: user,
  status: 'confirmed',
  created_at: AT,
  updated_at: AT,
  promoted_at: null,
});
const tokens = async (db: AnyDb) =>
  (
    (await db
      .selectFrom('enrolments')
      .select(['user_id', 'check_in_token'])
      .orderBy('user_id')
      .execute()) as { user_id: string; check_in_token: string | null }[]
  ).map((r) => r.check_in_token);

describe.each(targets)('migration 036 on $dialect', ({ open }) => {
  it('gives every existing place and every new one its own random token', async () => {
    const db = open();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('030-waiting-list-history')).error).toBeUndefined();
      await db.insertInto('directory_groups').values({ id: 'g', display_name: 'Passe' }).execute();
      await db.insertInto('courses').values({ slug: 'passe', group_id: 'g', places: 30 }).execute();
      await db
        .insertInto('classes')
        .values({
          id: 'turma-1',
          course_slug: 'passe',
          name: 'Turma 1',
          places: 30,
          state: 'open',
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      await db
        .insertInto('enrolments')
        .values([place('a'), place('b')])
        .execute();

      expect((await migrator.migrateTo('036-check-in-tokens')).error).toBeUndefined();
      await db.insertInto('enrolments').values(place('c')).execute();
      const given = await tokens(db);
      expect(given).toHaveLength(3);
      for (const token of given) expect(token).toMatch(/^[0-9A-F]{32}$/);
      expect(new Set(given).size).toBe(3);

      // A token is one place's: a second place with it is refused.
      await expect(
        db
          .insertInto('enrolments')
          .values({ ...place('d'), check_in_token: given[0] })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await db.destroy();
    }
  });
});
