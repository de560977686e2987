/**
 * The staff area's tables over Kysely (one code path for SQLite and PostgreSQL): roles, the action
 * record and the accounts it reads (a class's enrolments and attendance: classes/roster-store.ts).
 * No participant's personal data is stored here: names, e-mails and phones stay in the directory.
 */
import type { StaffRoleName } from '@centro/contracts';
import type { Db } from '../db/schema.js';
import { createActionStore } from './action-store.js';

/** A role granted: for the whole centre (`classId` null), or Monitor(a) of one class. */
export interface RoleGrant {
  role: StaffRoleName;
  classId: string | null;
}

export function createStaffRepository(db: Db) {
  return {
    // The record of staff actions (action-store.ts).
    ...createActionStore(db),
    /** The person's grants: a role of the centre (class null), or Monitor(a) of a class. */
    async grants(personId: string): Promise<RoleGrant[]> {
      const rows = await db
        .selectFrom('staff_roles')
        .select(['role', 'class_id'])
        .where('person_id', '=', personId)
        .execute();
      return rows.map((r) => ({ role: r.role, classId: r.class_id }));
    },

    /** Every grant, by person. */
    async allGrants(): Promise<Map<string, RoleGrant[]>> {
      const rows = await db
        .selectFrom('staff_roles')
        .select(['person_id', 'role', 'class_id'])
        .execute();
      const byPerson = new Map<string, RoleGrant[]>();
      for (const r of rows) {
        const grant = { role: r.role, classId: r.class_id };
        byPerson.set(r.person_id, [...(byPerson.get(r.person_id) ?? []), grant]);
      }
      return byPerson;
    },

    /** Grants the role (of `classId`, a monitor's; null for the centre), unless held already. */
    async grant(
      personId: string,
      { role, classId }: RoleGrant,
      by: string,
      at: Date,
    ): Promise<void> {
      await db
        .insertInto('staff_roles')
        .values({
          person_id: personId,
          role,
          class_id: classId,
          granted_by: by,
          granted_at: at.toISOString(),
        })
        // Either unique index (the centre's roles, a monitor's classes: migration 037).
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Whether the person held the grant, now taken back. */
    async revoke(personId: string, { role, classId }: RoleGrant): Promise<boolean> {
      const result = await db
        .deleteFrom('staff_roles')
        .where('person_id', '=', personId)
        .where('role', '=', role)
        .where((eb) =>
          classId === null ? eb('class_id', 'is', null) : eb('class_id', '=', classId),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Whether the record holds `action` on the person with exactly these details (a monitor's class
     * taken back, decision 098: `grantDetails`).
     */
    async wasRecorded(
      action: string,
      subjectId: string,
      details: Record<string, unknown>,
    ): Promise<boolean> {
      const row = await db
        .selectFrom('staff_actions')
        .select('id')
        .where('action', '=', action)
        .where('subject_id', '=', subjectId)
        .where('details', '=', JSON.stringify(details))
        .executeTakeFirst();
      return row !== undefined;
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
