/**
 * The staff area's tables over Kysely (one code path for SQLite and PostgreSQL): roles, the action
 * record and attendance, and the accounts and enrolments it reads (course settings: the courses
 * module's store). No participant's personal data is stored
 * here: names, e-mails and phones stay in the directory.
 */
import type { StaffRoleName } from '@centro/contracts';
import type { Kysely } from 'kysely';
import type { Database, EnrolmentStatus } from '../db/schema.js';
import { createActionStore } from './action-store.js';

type Db = Kysely<Database>;

/** A role granted: for the whole centre (`classId` null), or Monitor(a) of one class. */
export interface RoleGrant {
  role: StaffRoleName;
  classId: string | null;
}

export interface EnrolmentRow {
  personId: string;
  status: EnrolmentStatus;
  createdAt: string;
}

export function createStaffRepository(db: Db) {
  /**
   * Whether the class is concluded, read in `trx` (under the class's lock, a conclusion is before
   * or after the caller's change).
   */
  async function concludedIn(classId: string, trx: Db = db): Promise<boolean> {
    const row = await trx
      .selectFrom('classes')
      .select('state')
      .where('id', '=', classId)
      .executeTakeFirst();
    return row?.state === 'concluded';
  }

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

    /** The class's enrolments (places held and in flight), oldest first. */
    async enrolments(classId: string): Promise<EnrolmentRow[]> {
      const rows = await db
        .selectFrom('enrolments')
        .select(['user_id', 'status', 'created_at'])
        // Whatever the class's state: a concluded class's rows stay, inactive (decision 059).
        .where('class_id', '=', classId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({ personId: r.user_id, status: r.status, createdAt: r.created_at }));
    },

    async enrolment(classId: string, personId: string): Promise<EnrolmentRow | undefined> {
      const r = await db
        .selectFrom('enrolments')
        .select(['user_id', 'status', 'created_at'])
        .where('class_id', '=', classId)
        .where('user_id', '=', personId)
        .where('active', '=', 1)
        .executeTakeFirst();
      return r && { personId: r.user_id, status: r.status, createdAt: r.created_at };
    },

    /** The class's waiting list in order (first come, first served). */
    async waiting(classId: string): Promise<{ userId: string; joinedAt: string }[]> {
      const rows = await db
        .selectFrom('waiting_list')
        .select(['user_id', 'joined_at'])
        .where('class_id', '=', classId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ userId: r.user_id, joinedAt: r.joined_at }));
    },

    /** The marks of one meeting of the class, by person. */
    async attendance(classId: string, meeting: number): Promise<Map<string, boolean>> {
      const rows = await db
        .selectFrom('attendance')
        .select(['person_id', 'present'])
        .where('class_id', '=', classId)
        .where('meeting', '=', meeting)
        .execute();
      return new Map(rows.map((r) => [r.person_id, r.present === 1]));
    },

    concludedIn,

    /**
     * Upserts marks of a meeting of the class, each made at its `at`: a stored mark made later is
     * kept (the last mark wins, whichever device sends first, decision 089); false (nothing written)
     * when the class is concluded: its completions were computed from the marks. `trx`: under the
     * class's lock.
     */
    async markAttendance(
      slug: string,
      classId: string,
      meeting: number,
      marks: readonly { personId: string; present: boolean; at: Date }[],
      by: string,
      trx: Db = db,
    ): Promise<boolean> {
      if (await concludedIn(classId, trx)) return false;
      if (marks.length === 0) return true;
      await trx
        .insertInto('attendance')
        .values(
          marks.map((m) => ({
            course_slug: slug,
            class_id: classId,
            meeting,
            person_id: m.personId,
            present: m.present ? 1 : 0,
            marked_by: by,
            marked_at: m.at.toISOString(),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['class_id', 'meeting', 'person_id'])
            .doUpdateSet({
              present: (eb) => eb.ref('excluded.present'),
              marked_by: (eb) => eb.ref('excluded.marked_by'),
              marked_at: (eb) => eb.ref('excluded.marked_at'),
            })
            // ISO instants of one format (toISOString) compare as text on both databases.
            .whereRef('excluded.marked_at', '>=', 'attendance.marked_at'),
        )
        .execute();
      return true;
    },

    /**
     * People marked present, by class and meeting (only those still enrolled: a removal counts).
     */
    async presentCounts(): Promise<Map<string, Map<number, number>>> {
      const rows = await db
        .selectFrom('attendance')
        .innerJoin('enrolments', (join) =>
          join
            .onRef('enrolments.class_id', '=', 'attendance.class_id')
            .onRef('enrolments.user_id', '=', 'attendance.person_id')
            .on('enrolments.active', '=', 1),
        )
        .select([
          'attendance.class_id',
          'attendance.meeting',
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .where('attendance.present', '=', 1)
        .groupBy(['attendance.class_id', 'attendance.meeting'])
        .execute();
      const counts = new Map<string, Map<number, number>>();
      for (const r of rows) {
        const own = counts.get(r.class_id) ?? new Map<number, number>();
        own.set(r.meeting, Number(r.n));
        counts.set(r.class_id, own);
      }
      return counts;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
