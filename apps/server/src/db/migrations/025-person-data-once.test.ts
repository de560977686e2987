import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTargets } from '../../../tests/support/migration-targets.js';
import { migrationProvider } from './index.js';
import type { AnySchema } from './table-builders.js';

const targets = await migrationTargets<AnySchema>('migration_025');

const BEFORE = '021-content-photos';
const AFTER = '025-person-data-once';

describe.each(targets)('migration 025 on $dialect', ({ open }) => {
  it('keeps one phone and one birth date per account: the one written last', async () => {
    const db = open();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const at = '2026-11-01T10:00:00.000Z';
      const account = (id: string, data: Record<string, string | null>) => ({
        id,
        email: `${id}@example.org`,
        password_hash: 'x',
        display_name: id,
        mail: `${id}@example.org`,
        privacy_accepted_at: at,
        created_at: at,
        updated_at: at,
        mobile_phone: null,
        birthday: null,
        extension_celular: null,
        extension_data_nascimento: null,
        data_nascimento: null,
        ...data,
      });
      await db
        .insertInto('accounts')
        .values([
          // Changed in Perfil after sign-up: Perfil's values win.
          account('changed', {
            extension_celular: '+55 11 91111-1111',
            extension_data_nascimento: '01/01/1980',
            mobile_phone: '+55 21 97777-2222',
            data_nascimento: '15/08/1985',
          }),
          // Only what sign-up collected.
          account('signed-up', {
            extension_celular: '+55 11 93333-3333',
            extension_data_nascimento: '02/02/1990',
          }),
          // A birthday in Graph's form only; an empty phone written over the sign-up's.
          account('iso', {
            birthday: '1975-12-25',
            mobile_phone: '',
            extension_celular: '+55 11 94444-4444',
          }),
          account('none', {}),
        ])
        .execute();

      expect((await migrator.migrateTo(AFTER)).error).toBeUndefined();
      const rows = await db.selectFrom('accounts').selectAll().orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.mobile_phone, r.data_nascimento])).toEqual([
        ['changed', '+55 21 97777-2222', '15/08/1985'],
        ['iso', '+55 11 94444-4444', '25/12/1975'],
        ['none', null, null],
        ['signed-up', '+55 11 93333-3333', '02/02/1990'],
      ]);
      for (const gone of ['extension_celular', 'extension_data_nascimento', 'birthday']) {
        expect(rows[0]).not.toHaveProperty(gone);
      }

      // Down and up again: the kept value survives the round trip.
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect((await migrator.migrateTo(AFTER)).error).toBeUndefined();
      const again = await db
        .selectFrom('accounts')
        .select(['id', 'mobile_phone', 'data_nascimento'])
        .where('id', '=', 'changed')
        .executeTakeFirstOrThrow();
      expect(again).toEqual({
        id: 'changed',
        mobile_phone: '+55 21 97777-2222',
        data_nascimento: '15/08/1985',
      });
    } finally {
      await db.destroy();
    }
  });
});
