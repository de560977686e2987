/**
 * The record of staff actions over Kysely (one code path for SQLite and PostgreSQL): writing an
 * action (a repeated view counted on the last row), reading it a page at a time with its filters,
 * the staff members who acted, and what participants and the waiting list did to a course's places.
 * Ids, counts and settings only: no participant's name, e-mail or phone is stored here.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/schema.js';

export interface StaffActionInput {
  actorId: string;
  actorName: string;
  actorEmail?: string | null | undefined;
  /** The role the staff member acted in. */
  actorRole?: string | null | undefined;
  action: string;
  courseSlug?: string | undefined;
  subjectId?: string | undefined;
  /**
   * The accounts the action concerned besides `subjectId` (decisions 078 and 081): the people of
   * a list viewed or exported, of an attendance, of a search; kept one row each in
   * `staff_action_subjects`, so that filtering by a person, and their own data, find the action.
   */
  subjects?: readonly string[] | undefined;
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

export function createActionStore(db: Db) {
  return {
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
      const subjects = [...new Set(input.subjects ?? [])];
      // A view that showed people is its own row: the next one may show others.
      if (repeat && subjects.length === 0) {
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
      const id = randomUUID();
      const row = db.insertInto('staff_actions').values({
        id,
        at: at.toISOString(),
        actor_id: input.actorId,
        actor_name: input.actorName,
        actor_email: input.actorEmail ?? null,
        actor_role: input.actorRole ?? null,
        action: input.action,
        course_slug: courseSlug,
        subject_id: subjectId,
        details,
      });
      if (subjects.length === 0) {
        await row.execute();
        return;
      }
      await db.transaction().execute(async (trx) => {
        await trx.executeQuery(row.compile());
        await trx
          .insertInto('staff_action_subjects')
          .values(subjects.map((subject) => ({ action_id: id, subject_id: subject })))
          .execute();
      });
    },

    /** A page of the record, newest first, filtered; `before` the last row of the page before. */
    async actions(query: StaffActionsFilter & { limit: number }): Promise<StaffActionRow[]> {
      let select = db.selectFrom('staff_actions').selectAll();
      if (query.action !== undefined) select = select.where('action', '=', query.action);
      if (query.actor !== undefined) select = select.where('actor_id', '=', query.actor);
      if (query.course !== undefined) select = select.where('course_slug', '=', query.course);
      const person = query.person;
      if (person !== undefined) {
        select = select.where((eb) =>
          eb.or([
            eb('subject_id', '=', person),
            eb.exists(
              eb
                .selectFrom('staff_action_subjects as s')
                .select('s.action_id')
                .whereRef('s.action_id', '=', 'staff_actions.id')
                .where('s.subject_id', '=', person),
            ),
          ]),
        );
      }
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
  };
}
