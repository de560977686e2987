/**
 * The staff area's tables over Kysely (one code path for SQLite and PostgreSQL): roles, the action
 * record and the accounts it reads (a class's enrolments and attendance: classes/roster-store.ts).
 * No participant's personal data is stored here: names, e-mails and phones stay in the directory.
 */
import type { StaffRoleName } from '@centro/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createActionStore } from './action-store.js';

type Db = Kysely<Database>;

export function createStaffRepository(db: Db) {
  return {
    // The record of staff actions (action-store.ts).
    ...createActionStore(db),
    async grantedRoles(personId: string): Promise<StaffRoleName[]> {
      const rows = await db
        .selectFrom('staff_roles')
        .select('role')
        .where('person_id', '=', personId)
        .execute();
      return rows.map((r) => r.role);
    },

    /** Every granted role, by person. */
    async allGrantedRoles(): Promise<Map<string, StaffRoleName[]>> {
      const rows = await db.selectFrom('staff_roles').select(['person_id', 'role']).execute();
      const byPerson = new Map<string, StaffRoleName[]>();
      for (const r of rows)
        byPerson.set(r.person_id, [...(byPerson.get(r.person_id) ?? []), r.role]);
      return byPerson;
    },

    async grant(personId: string, role: StaffRoleName, by: string, at: Date): Promise<void> {
      await db
        .insertInto('staff_roles')
        .values({ person_id: personId, role, granted_by: by, granted_at: at.toISOString() })
        .onConflict((oc) => oc.columns(['person_id', 'role']).doNothing())
        .execute();
    },

    async revoke(personId: string, role: StaffRoleName): Promise<boolean> {
      const result = await db
        .deleteFrom('staff_roles')
        .where('person_id', '=', personId)
        .where('role', '=', role)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The built-in provider's account: its sign-in e-mail and name. */
    async account(
      personId: string,
    ): Promise<{ email: string; name: string; verified: boolean } | undefined> {
      const row = await db
        .selectFrom('accounts')
        .select(['email', 'display_name', 'email_verified_at'])
        .where('id', '=', personId)
        .executeTakeFirst();
      return (
        row && {
          email: row.email,
          name: row.display_name,
          verified: row.email_verified_at !== null,
        }
      );
    },

    async accountByEmail(email: string): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /** Confirmed accounts whose sign-in e-mail is one of these (ADMIN_EMAILS). */
    async accountsByEmails(
      emails: readonly string[],
    ): Promise<{ id: string; email: string; name: string }[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'email', 'display_name'])
        .where('email', 'in', [...emails])
        .where('email_verified_at', 'is not', null)
        .execute();
      return rows.map((r) => ({ id: r.id, email: r.email, name: r.display_name }));
    },

    async accountsByIds(
      ids: readonly string[],
    ): Promise<{ id: string; email: string; name: string }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'email', 'display_name'])
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((r) => ({ id: r.id, email: r.email, name: r.display_name }));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
