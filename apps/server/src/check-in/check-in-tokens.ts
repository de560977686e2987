/** The token of a person's place in a course, read when their confirmation is composed (decision 097). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The token of the person's active place in the course; undefined without one. */
export type CheckInTokenOf = (personId: string, courseSlug: string) => Promise<string | undefined>;

export function checkInTokenReader(db: Kysely<Database>): CheckInTokenOf {
  return async (personId, courseSlug) => {
    const row = await db
      .selectFrom('enrolments')
      .select('check_in_token')
      .where('user_id', '=', personId)
      .where('course_slug', '=', courseSlug)
      .where('active', '=', 1)
      .executeTakeFirst();
    return row?.check_in_token;
  };
}
