/**
 * The staff area's tables over Kysely (one code path for SQLite and PostgreSQL): roles, the action
 * record and attendance, and the accounts and enrolments it reads (course settings: the courses
 * module's store). No participant's personal data is stored
 * here: names, e-mails and phones stay in the directory.
 */
import { randomUUID } from 'node:crypto';
import type { StaffRoleName } from '@centro/contracts';
import type { Kysely } from 'kysely';
import type { Database, EnrolmentStatus } from '../db/schema.js';

type Db = Kysely<Database>;

export interface StaffActionInput {
  actorId: string;
  actorName: string;
  actorEmail?: string | null | undefined;
  action: string;
  courseSlug?: string | undefined;
  subjectId?: string | undefined;
  /** Ids and counts only. */
  details?: Record<string, unknown>;
}

export interface StaffActionRow {
  id: string;
  at: string;
  lastAt: string;
  count: number;
  actorId: string;
  actorName: string;
  actorEmail: string | null;
  action: string;
  course: string | null;
  subjectId: string | null;
  details: Record<string, unknown>;
}

/** The record's filters; `before`: the page's start (older than this row). */
export interface StaffActionsFilter {
  action?: string | undefined;
  actor?: string | undefined;
  course?: string | undefined;
  person?: string | undefined;
  before?: { at: string; id: string } | undefined;
}

/** A participant's or the waiting list's doing to a place (see `placeEvents`). */
export interface PlaceEvent {
  at: string;
  kind: 'enrolled' | 'promoted' | 'waiting';
  personId: string;
}

export interface EnrolmentRow {
  personId: string;
  status: EnrolmentStatus;
  createdAt: string;
}

export function createStaffRepository(db: Db) {
  return {
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

    /**
     * Writes the action; a view (`countable`) of the same thing (action, course, subject and
     * details) by the same person within `withinMs` of their last row, when that row is such a
     * view, adds one to that row instead. One statement decides, so parallel views do not lose a
     * count.
     */
    async recordAction(
      input: StaffActionInput,
      at: Date,
      repeat?: { withinMs: number },
    ): Promise<void> {
      const details = JSON.stringify(input.details ?? {});
      const courseSlug = input.courseSlug ?? null;
      const subjectId = input.subjectId ?? null;
      if (repeat) {
        const since = new Date(at.getTime() - repeat.withinMs).toISOString();
        const result = await db
          .updateTable('staff_actions')
          .set((eb) => ({
            view_count: eb('view_count', '+', 1),
            last_at: at.toISOString(),
          }))
          .where(
            'id',
            '=',
            db
              .selectFrom('staff_actions')
              .select('id')
              .where('actor_id', '=', input.actorId)
              .orderBy('at', 'desc')
              .orderBy('id', 'desc')
              .limit(1),
          )
          .where('action', '=', input.action)
          .where((eb) =>
            courseSlug === null
              ? eb('course_slug', 'is', null)
              : eb('course_slug', '=', courseSlug),
          )
          .where((eb) =>
            subjectId === null ? eb('subject_id', 'is', null) : eb('subject_id', '=', subjectId),
          )
          .where('details', '=', details)
          .where((eb) => eb(eb.fn.coalesce('last_at', 'at'), '>=', since))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) return;
      }
      await db
        .insertInto('staff_actions')
        .values({
          id: randomUUID(),
          at: at.toISOString(),
          actor_id: input.actorId,
          actor_name: input.actorName,
          actor_email: input.actorEmail ?? null,
          action: input.action,
          course_slug: courseSlug,
          subject_id: subjectId,
          details,
        })
        .execute();
    },

    /** A page of the record, newest first, filtered; `before` the last row of the page before. */
    async actions(query: StaffActionsFilter & { limit: number }): Promise<StaffActionRow[]> {
      let select = db.selectFrom('staff_actions').selectAll();
      if (query.action !== undefined) select = select.where('action', '=', query.action);
      if (query.actor !== undefined) select = select.where('actor_id', '=', query.actor);
      if (query.course !== undefined) select = select.where('course_slug', '=', query.course);
      if (query.person !== undefined) select = select.where('subject_id', '=', query.person);
      const before = query.before;
      if (before !== undefined) {
        select = select.where((eb) =>
          eb.or([
            eb('at', '<', before.at),
            eb.and([eb('at', '=', before.at), eb('id', '<', before.id)]),
          ]),
        );
      }
      const rows = await select
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        at: r.at,
        lastAt: r.last_at ?? r.at,
        count: Number(r.view_count),
        actorId: r.actor_id,
        actorName: r.actor_name,
        actorEmail: r.actor_email,
        action: r.action,
        course: r.course_slug,
        subjectId: r.subject_id,
        details: JSON.parse(r.details) as Record<string, unknown>,
      }));
    },

    /** Everyone who acted, with the name and e-mail of their latest row. */
    async actors(): Promise<{ id: string; name: string; email: string | null }[]> {
      const latest = await db
        .selectFrom('staff_actions')
        .select(['actor_id', (eb) => eb.fn.max('at').as('at')])
        // A deleted participant's own `account.delete` names no staff member.
        .where('action', '<>', 'account.delete')
        .where('actor_id', 'not like', 'anonimo-%')
        .groupBy('actor_id')
        .execute();
      if (latest.length === 0) return [];
      const rows = await db
        .selectFrom('staff_actions')
        .select(['actor_id', 'actor_name', 'actor_email', 'at'])
        .where((eb) =>
          eb.or(latest.map((l) => eb.and([eb('actor_id', '=', l.actor_id), eb('at', '=', l.at)]))),
        )
        .execute();
      const byId = new Map(
        rows.map((r) => [r.actor_id, { id: r.actor_id, name: r.actor_name, email: r.actor_email }]),
      );
      return [...byId.values()];
    },

    /**
     * What participants and the waiting list did to a course's places, as the rows held now show
     * it, newest first: enrolments (taken by the person, or given from the waiting list) and
     * waiting positions. A cancelled place leaves no row, so cancellations are not here.
     */
    async placeEvents(slug: string, limit: number, personId?: string): Promise<PlaceEvent[]> {
      let enrolments = db
        .selectFrom('enrolments')
        .select(['user_id', 'created_at', 'promoted_at'])
        .where('course_slug', '=', slug);
      let waiting = db
        .selectFrom('waiting_list')
        .select(['user_id', 'joined_at'])
        .where('course_slug', '=', slug);
      if (personId !== undefined) {
        enrolments = enrolments.where('user_id', '=', personId);
        waiting = waiting.where('user_id', '=', personId);
      }
      const [placed, queued] = await Promise.all([
        enrolments.orderBy('created_at', 'desc').limit(limit).execute(),
        waiting.orderBy('joined_at', 'desc').limit(limit).execute(),
      ]);
      const events: PlaceEvent[] = [
        ...placed.map((r) => ({
          at: r.promoted_at ?? r.created_at,
          kind: r.promoted_at === null ? ('enrolled' as const) : ('promoted' as const),
          personId: r.user_id,
        })),
        ...queued.map((r) => ({ at: r.joined_at, kind: 'waiting' as const, personId: r.user_id })),
      ];
      return events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
    },

    async enrolments(slug: string): Promise<EnrolmentRow[]> {
      const rows = await db
        .selectFrom('enrolments')
        .select(['user_id', 'status', 'created_at'])
        .where('course_slug', '=', slug)
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
        .executeTakeFirst();
      return r && { personId: r.user_id, status: r.status, createdAt: r.created_at };
    },

    async attendance(slug: string, meeting: number): Promise<Map<string, boolean>> {
      const rows = await db
        .selectFrom('attendance')
        .select(['person_id', 'present'])
        .where('course_slug', '=', slug)
        .where('meeting', '=', meeting)
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
            meeting,
            person_id: m.personId,
            present: m.present ? 1 : 0,
            marked_by: by,
            marked_at: at.toISOString(),
          })),
        )
        .onConflict((oc) =>
          oc.columns(['course_slug', 'meeting', 'person_id']).doUpdateSet({
            present: (eb) => eb.ref('excluded.present'),
            marked_by: (eb) => eb.ref('excluded.marked_by'),
            marked_at: (eb) => eb.ref('excluded.marked_at'),
          }),
        )
        .execute();
    },

    /** People marked present, by course and meeting (only those still enrolled: a removal counts). */
    async presentCounts(): Promise<Map<string, Map<number, number>>> {
      const rows = await db
        .selectFrom('attendance')
        .innerJoin('enrolments', (join) =>
          join
            .onRef('enrolments.course_slug', '=', 'attendance.course_slug')
            .onRef('enrolments.user_id', '=', 'attendance.person_id'),
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
