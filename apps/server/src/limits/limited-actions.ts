/**
 * Limits on what one account can make the server do, counted in the database so that every
 * instance sharing it counts together (decision 080): at most `max` actions of a kind by one person
 * (and `scope`: a course) within `windowMs`. `admit` counts the action and admits it in one
 * statement, or refuses it with the seconds until the oldest counted one leaves the window. Two
 * requests of the same person arriving in the same instant on two instances may both pass the
 * last free count: the limit is against floods, not exact to the unit.
 *
 * Rows older than the longest window are deleted now and then; a person's rows go with their
 * account (participant/repository.ts).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

export interface ActionLimit {
  /** What is counted: 'enrolment-change', 'people-search'. */
  kind: string;
  max: number;
  windowMs: number;
}

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** How often rows past every window are deleted (at most). */
const PRUNE_EVERY_MS = 10 * 60_000;

export function createLimitedActions(db: Kysely<Database>, now: () => Date = () => new Date()) {
  let prunedAt = 0;
  let longestWindowMs = 0;

  async function prune(at: Date): Promise<void> {
    if (at.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at.getTime();
    await db
      .deleteFrom('limited_actions')
      .where('at', '<', new Date(at.getTime() - longestWindowMs).toISOString())
      .execute();
  }

  /** Refused with when to try again: the oldest counted action's end of window. */
  async function refusal(
    limit: ActionLimit,
    personId: string,
    scope: string,
    at: Date,
    since: string,
  ): Promise<Admission> {
    const oldest = await db
      .selectFrom('limited_actions')
      .select((c) => c.fn.min('at').as('at'))
      .where('kind', '=', limit.kind)
      .where('person_id', '=', personId)
      .where('scope', '=', scope)
      .where('at', '>', since)
      .executeTakeFirst();
    const freeAt = oldest?.at ? new Date(oldest.at).getTime() + limit.windowMs : at.getTime();
    return {
      admitted: false,
      retryAfterSeconds: Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)),
    };
  }

  return {
    /**
     * Whether the limit still admits the person, without counting anything: for the actions that
     * only a counted one can make repeatable (enrolling again after a cancellation), so that the
     * same request sent twice, or twenty times at once, is not refused for itself.
     */
    async check(limit: ActionLimit, personId: string, scope = ''): Promise<Admission> {
      if (limit.max <= 0) return { admitted: true };
      const at = now();
      const since = new Date(at.getTime() - limit.windowMs).toISOString();
      const row = await db
        .selectFrom('limited_actions')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .where('kind', '=', limit.kind)
        .where('person_id', '=', personId)
        .where('scope', '=', scope)
        .where('at', '>', since)
        .executeTakeFirst();
      if (Number(row?.n ?? 0) < limit.max) return { admitted: true };
      return refusal(limit, personId, scope, at, since);
    },
    /** Counts the action and admits it, or refuses it (not counted) with when to try again. */
    async admit(limit: ActionLimit, personId: string, scope = ''): Promise<Admission> {
      if (limit.max <= 0) return { admitted: true };
      longestWindowMs = Math.max(longestWindowMs, limit.windowMs);
      const at = now();
      const since = new Date(at.getTime() - limit.windowMs).toISOString();
      const counted = await sql<{ person_id: string }>`
        insert into limited_actions (kind, person_id, scope, at)
        select ${limit.kind}, ${personId}, ${scope}, ${at.toISOString()}
        where (
          select count(*) from limited_actions
          where kind = ${limit.kind} and person_id = ${personId} and scope = ${scope} and at > ${since}
        ) < ${limit.max}
        returning person_id`.execute(db);
      await prune(at);
      if (counted.rows.length > 0) return { admitted: true };
      return refusal(limit, personId, scope, at, since);
    },
  };
}

export type LimitedActions = ReturnType<typeof createLimitedActions>;
