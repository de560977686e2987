/**
 * The class's lock and the promotions from its waiting list (decisions 030, 052): every change that
 * may free a place (a release, a removal, staff raising the places or reopening enrolment) runs in
 * a write transaction under the class's row lock (`underLock`), and the freed places go to the next
 * people waiting for that class in that same transaction, first come first served. Places are a
 * class's (`classes.taken`, kept by the database's triggers); a class takes enrolments only while
 * open (a concluded class holds no places and promotes nobody).
 */
import { UnknownCourseError } from '../courses/course-store.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Db } from '../db/schema.js';
import type { ClassRef } from './class-ref.js';
import { writeTransaction } from '../db/write-transaction.js';
import { type CoursePlaces, placesToPromote } from './rules.js';

/** People promoted from a class's waiting list, in order (their rows are 'pending'). */
export interface Promotion extends ClassRef {
  userIds: string[];
}

export type LockedCourse = CoursePlaces & { groupId: string; courseSlug: string };

/** No promotion. */
export const nobody = (courseSlug: string, classId: string, groupId: string): Promotion => ({
  courseSlug,
  classId,
  groupId,
  userIds: [],
});

export function createCourseLock(handle: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  const { db, dialect } = handle;

  /**
   * The class's places, state and window, its row locked (PostgreSQL) for the transaction by
   * default.
   */
  async function lockCourse(trx: Db, classId: string, lock = true): Promise<LockedCourse> {
    let query = trx
      .selectFrom('classes as k')
      .innerJoin('courses as c', 'c.slug', 'k.course_slug')
      .select([
        'c.group_id',
        'k.course_slug',
        'k.state',
        'k.places',
        'k.taken',
        'k.enrolment_opens_at',
        'k.enrolment_closes_at',
      ])
      .where('k.id', '=', classId);
    if (lock && dialect === 'postgres') query = query.forUpdate('k');
    const row = await query.executeTakeFirst();
    if (!row) throw new UnknownCourseError(classId);
    return {
      groupId: row.group_id,
      courseSlug: row.course_slug,
      state: row.state,
      places: row.places,
      taken: row.taken,
      opensAt: row.enrolment_opens_at,
      closesAt: row.enrolment_closes_at,
    };
  }

  /**
   * Gives the course's free places to the people waiting, first come first served: each one's
   * waiting row becomes a 'pending' enrolment holding the place (promoted_at set). Inside the
   * transaction that freed the places, under the class's lock.
   */
  async function promoteWithin(trx: Db, classId: string, now: string): Promise<string[]> {
    const promoted: string[] = [];
    for (;;) {
      const course = await lockCourse(trx, classId);
      // No free place (the common case: a join, a full course): the list is not even read.
      const free = placesToPromote(course, Number.MAX_SAFE_INTEGER, now);
      if (free === 0) return promoted;
      const next = await trx
        .selectFrom('waiting_list')
        .select(['id', 'user_id'])
        .where('class_id', '=', classId)
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
      // A person holding an active row in the course (a place in this class or another) keeps
      // it (never two places); the place goes on (next round).
      const inserted = await trx
        .insertInto('enrolments')
        .values(
          next.map((w) => ({
            course_slug: course.courseSlug,
            class_id: classId,
            user_id: w.user_id,
            status: 'pending' as const,
            created_at: now,
            updated_at: now,
            promoted_at: now,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .execute();
      const taken = new Set(inserted.map((r) => r.user_id));
      // In the list's order.
      promoted.push(...next.map((w) => w.user_id).filter((u) => taken.has(u)));
      if (taken.size === next.length) return promoted;
    }
  }

  /** `work` in a write transaction under the class's lock, then the promotions it allows. */
  function underLock<T>(
    classId: string,
    now: Date,
    work: (trx: Db, course: LockedCourse) => Promise<T>,
  ): Promise<{ result: T; promotion: Promotion }> {
    return writeTransaction(handle, async (trx) => {
      const course = await lockCourse(trx, classId);
      const result = await work(trx, course);
      const userIds = await promoteWithin(trx, classId, now.toISOString());
      return {
        result,
        promotion: { courseSlug: course.courseSlug, classId, groupId: course.groupId, userIds },
      };
    });
  }

  /**
   * The class of the person's active row in the course (their place, else their waiting row; a
   * concluded class's rows are not active: decision 059).
   */
  async function classOf(courseSlug: string, userId: string): Promise<string | null> {
    const row =
      (await db
        .selectFrom('enrolments')
        .select('class_id')
        .where('course_slug', '=', courseSlug)
        .where('user_id', '=', userId)
        .where('active', '=', 1)
        .executeTakeFirst()) ??
      (await db
        .selectFrom('waiting_list')
        .select('class_id')
        .where('course_slug', '=', courseSlug)
        .where('user_id', '=', userId)
        .where('active', '=', 1)
        .executeTakeFirst());
    return row?.class_id ?? null;
  }

  return { lockCourse, promoteWithin, underLock, classOf };
}

export type CourseLock = ReturnType<typeof createCourseLock>;
