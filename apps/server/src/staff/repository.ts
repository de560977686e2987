/**
 * The staff area's tables over Kysely (one code path for SQLite and PostgreSQL): roles, the action
 * record and attendance, and the accounts and enrolments it reads (course settings: the courses
 * module's store). No participant's personal data is stored
 * here: names, e-mails and phones stay in the directory.
 */
import type { StaffRoleName } from '@centro/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database, EnrolmentStatus } from '../db/schema.js';
import { createActionStore } from './action-store.js';

type Db = Kysely<Database>;

export interface EnrolmentRow {
  personId: string;
  status: EnrolmentStatus;
  createdAt: string;
}

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

    async enrolments(slug: string): Promise<EnrolmentRow[]> {
      const rows = await db
        .selectFrom('enrolments')
        .select(['user_id', 'status', 'created_at'])
        .where('course_slug', '=', slug)
        // The course's classes not concluded (decision 059); a concluded class's rows stay.
        .where('active', '=', 1)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({ personId: r.user_id, status: r.status, createdAt: r.created_at }));
    },

    async enrolment(slug: string, personId: string): Promise<EnrolmentRow | undefined> {
      const r = await db
        .selectFrom('enrolments')
        .select(['user_id', 'status', 'created_at'])
        .where('course_slug', '=', slug)
        .where('user_id', '=', personId)
        .where('active', '=', 1)
        .executeTakeFirst();
      return r && { personId: r.user_id, status: r.status, createdAt: r.created_at };
    },

    async attendance(slug: string, meeting: number): Promise<Map<string, boolean>> {
      const rows = await db
        .selectFrom('attendance')
        .select(['person_id', 'present'])
        .where('course_slug', '=', slug)
        .where('meeting', '=', meeting)
        // The marks of the course's classes not concluded: a person is in one of them at most.
        .where((eb) =>
          eb(
            'class_id',
            'in',
            eb
              .selectFrom('classes')
              .select('id')
              .where('course_slug', '=', slug)
              .where('state', '<>', 'concluded'),
          ),
        )
        .execute();
      return new Map(rows.map((r) => [r.person_id, r.present === 1]));
    },

    async markAttendance(
      slug: string,
      meeting: number,
      marks: readonly { personId: string; present: boolean }[],
      by: string,
      at: Date,
    ): Promise<void> {
      if (marks.length === 0) return;
      await db
        .insertInto('attendance')
        .values(
          marks.map((m) => ({
            course_slug: slug,
            // The person's class (decision 052); without a place, the course's current class.
            class_id: sql<string>`coalesce(
              (select e.class_id from enrolments e
                where e.course_slug = ${slug} and e.user_id = ${m.personId} and e.active = 1),
              (select k.id from classes k where k.course_slug = ${slug}
                order by case when k.state = 'concluded' then 1 else 0 end,
                  k.created_at desc, k.id desc limit 1))`,
            meeting,
            person_id: m.personId,
            present: m.present ? 1 : 0,
            marked_by: by,
            marked_at: at.toISOString(),
          })),
        )
        .onConflict((oc) =>
          oc.columns(['class_id', 'meeting', 'person_id']).doUpdateSet({
            present: (eb) => eb.ref('excluded.present'),
            marked_by: (eb) => eb.ref('excluded.marked_by'),
            marked_at: (eb) => eb.ref('excluded.marked_at'),
          }),
        )
        .execute();
    },

    /**
     * People marked present, by course and meeting, in the course's classes not concluded (only
     * those still enrolled: a removal counts).
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
          'attendance.course_slug',
          'attendance.meeting',
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .where('attendance.present', '=', 1)
        .groupBy(['attendance.course_slug', 'attendance.meeting'])
        .execute();
      const counts = new Map<string, Map<number, number>>();
      for (const r of rows) {
        const course = counts.get(r.course_slug) ?? new Map<number, number>();
        course.set(r.meeting, Number(r.n));
        counts.set(r.course_slug, course);
      }
      return counts;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
