import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTargets } from '../../../tests/support/migration-targets.js';
import { migrationProvider } from './index.js';

/** The tables this test touches, as they were at migration 002 (before classes, decision 052). */
interface SchemaAt002 {
  courses: { slug: string; group_id: string; places: number; taken: number };
  enrolments: {
    course_slug: string;
    user_id: string;
    status: string;
    created_at: string;
    updated_at: string;
  };
}

const targets = await migrationTargets<SchemaAt002>('migration_002');

describe.each(targets)('migration 002 on $dialect', ({ open }) => {
  it('counts the enrolments made before it, then keeps counting', async () => {
    const db = open();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('001-initial')).error).toBeUndefined();
      const at = new Date().toISOString();
      await db
        .insertInto('courses')
        .values([
          { slug: 'a', group_id: 'g-a', places: 5 },
          { slug: 'b', group_id: 'g-b', places: 5 },
        ] as never)
        .execute();
      await db
        .insertInto('enrolments')
        .values(
          ['u1', 'u2'].map((user_id) => ({
            course_slug: 'a',
            user_id,
            status: 'confirmed' as const,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();

      expect((await migrator.migrateTo('002-course-places-taken')).error).toBeUndefined();
      const taken = () =>
        db.selectFrom('courses').select(['slug', 'taken']).orderBy('slug').execute();
      expect(await taken()).toEqual([
        { slug: 'a', taken: 2 },
        { slug: 'b', taken: 0 },
      ]);

      await db
        .insertInto('enrolments')
        .values({
          course_slug: 'b',
          user_id: 'u3',
          status: 'pending',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db.deleteFrom('enrolments').where('user_id', '=', 'u1').execute();
      expect(await taken()).toEqual([
        { slug: 'a', taken: 1 },
        { slug: 'b', taken: 1 },
      ]);

      expect((await migrator.migrateTo('001-initial')).error).toBeUndefined();
      expect((await migrator.migrateTo('002-course-places-taken')).error).toBeUndefined();
      expect(await taken()).toEqual([
        { slug: 'a', taken: 1 },
        { slug: 'b', taken: 1 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
