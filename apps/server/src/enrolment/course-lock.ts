/**
 * The course's lock and the promotions from its waiting list (decision 030): every change that may
 * free a place (a release, a removal, staff raising the places or reopening enrolment) runs in a
 * write transaction under the course's row lock (`underLock`), and the freed places go to the next
 * people waiting in that same transaction, first come first served.
 */
import type { Kysely } from 'kysely';
import { UnknownCourseError } from '../courses/course-store.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import { type CoursePlaces, placesToPromote } from './rules.js';

type Db = Kysely<Database>;

/** People promoted from a course's waiting list, in order (their rows are 'pending'). */
export interface Promotion {
  courseSlug: string;
  groupId: string;
  userIds: string[];
}

export type LockedCourse = CoursePlaces & { groupId: string };

export function createCourseLock(handle: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  const { dialect } = handle;

  /** The course's places and window, its row locked (PostgreSQL) for the transaction by default. */
  async function lockCourse(trx: Db, courseSlug: string, lock = true): Promise<LockedCourse> {
    let query = trx
      .selectFrom('courses')
      .select(['group_id', 'places', 'taken', 'enrolment_opens_at', 'enrolment_closes_at'])
      .where('slug', '=', courseSlug);
    if (lock && dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new UnknownCourseError(courseSlug);
    return {
      groupId: row.group_id,
      places: row.places,
      taken: row.taken,
      opensAt: row.enrolment_opens_at,
      closesAt: row.enrolment_closes_at,
    };
  }

  /**
   * Gives the course's free places to the people waiting, first come first served: each one's
   * waiting row becomes a 'pending' enrolment holding the place (promoted_at set). Inside the
   * transaction that freed the places, under the course's lock.
   */
  async function promoteWithin(trx: Db, courseSlug: string, now: string): Promise<string[]> {
    const promoted: string[] = [];
    for (;;) {
      const course = await lockCourse(trx, courseSlug);
      // No free place (the common case: a join, a full course): the list is not even read.
      const free = placesToPromote(course, Number.MAX_SAFE_INTEGER, now);
      if (free === 0) return promoted;
      const next = await trx
        .selectFrom('waiting_list')
        .select(['id', 'user_id'])
        .where('course_slug', '=', courseSlug)
        .orderBy('id')
        .limit(free)
        .execute();
      if (next.length === 0) return promoted;
      await trx
        .deleteFrom('waiting_list')
        .where(
          'id',
          'in',
          next.map((w) => w.id),
        )
        .execute();
      // A person already holding a row keeps it (never two places); the place goes on (next
      // round).
      const inserted = await trx
        .insertInto('enrolments')
        .values(
          next.map((w) => ({
            course_slug: courseSlug,
            user_id: w.user_id,
            status: 'pending' as const,
            created_at: now,
            updated_at: now,
            promoted_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['course_slug', 'user_id']).doNothing())
        .returning('user_id')
        .execute();
      const taken = new Set(inserted.map((r) => r.user_id));
      // In the list's order.
      promoted.push(...next.map((w) => w.user_id).filter((u) => taken.has(u)));
      if (taken.size === next.length) return promoted;
    }
  }

  /** `work` in a write transaction under the course's lock, then the promotions it allows. */
  function underLock<T>(
    courseSlug: string,
    now: Date,
    work: (trx: Db, course: LockedCourse) => Promise<T>,
  ): Promise<{ result: T; promotion: Promotion }> {
    return writeTransaction(handle, async (trx) => {
      const course = await lockCourse(trx, courseSlug);
      const result = await work(trx, course);
      const userIds = await promoteWithin(trx, courseSlug, now.toISOString());
      return { result, promotion: { courseSlug, groupId: course.groupId, userIds } };
    });
  }

  return { lockCourse, underLock };
}

export type CourseLock = ReturnType<typeof createCourseLock>;
