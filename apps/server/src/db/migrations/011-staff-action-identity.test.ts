import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTargets } from '../../../tests/support/migration-targets.js';
import type { Database } from '../schema.js';
import { migrationProvider } from './index.js';

const targets = await migrationTargets<Database>('migration_011');

describe.each(targets)('migration 011 on $dialect', ({ open }) => {
  it('fills the e-mail of the staff who acted before it, from the accounts there now', async () => {
    const db = open();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('009-sent-mail-without-body')).error).toBeUndefined();
      const at = new Date().toISOString();
      await db
        .insertInto('accounts')
        .values({
          id: 'staff-1',
          email: 'silvia@example.org',
          password_hash: 'x',
          display_name: 'Sílvia',
          mail: 'silvia@example.org',
          privacy_accepted_at: at,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      const row = (id: string, actor: string) => ({
        id,
        at,
        actor_id: actor,
        actor_name: 'Sílvia',
        action: 'export.csv',
        course_slug: null,
        subject_id: null,
        details: '{}',
      });
      await db
        .insertInto('staff_actions')
        .values([row('a1', 'staff-1'), row('a2', 'gone')] as never)
        .execute();

      expect((await migrator.migrateTo('011-staff-action-identity')).error).toBeUndefined();
      const rows = () =>
        db
          .selectFrom('staff_actions')
          .select(['id', 'actor_email', 'view_count', 'last_at'])
          .orderBy('id')
          .execute();
      expect(await rows()).toEqual([
        { id: 'a1', actor_email: 'silvia@example.org', view_count: 1, last_at: null },
        { id: 'a2', actor_email: null, view_count: 1, last_at: null },
      ]);

      expect((await migrator.migrateTo('009-sent-mail-without-body')).error).toBeUndefined();
      expect((await migrator.migrateTo('011-staff-action-identity')).error).toBeUndefined();
      expect((await rows()).map((r) => r.actor_email)).toEqual(['silvia@example.org', null]);
    } finally {
      await db.destroy();
    }
  });
});
