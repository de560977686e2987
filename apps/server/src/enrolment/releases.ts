/**
 * Giving places back: a 'pending' enrolment released (the directory failed, or the repair gave up
 * on it), and a confirmed one removed by staff through a removal marker (decisions 024, 030): the
 * marker first, then the directory, then the enrolment and the marker go in one transaction. Each
 * freed place goes to the next person waiting in that transaction. Also the repair's reads of
 * what a crash may have left: old 'pending' rows and removal markers.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type DataMailRow, insertDataRows } from '../mail/outbox.js';
import { recordCancellation } from './cancellations.js';
import type { ClassRef } from './class-ref.js';
import type { CourseLock, Promotion } from './course-lock.js';

/** A 'pending' row, its class and the group its course adds people to. */
export interface PendingEnrolment extends ClassRef {
  userId: string;
  createdAt: string;
  /** The row came from the waiting list: its place is never given back on a directory failure. */
  promoted: boolean;
}

/** A removal under way left by a crash. */
export interface PendingRemoval {
  courseSlug: string;
  userId: string;
  groupId: string;
}

export function createReleases(db: Kysely<Database>, { underLock }: CourseLock) {
  return {
    /**
     * Deletes the person's row in the class if it is still 'pending' (a confirmed enrolment is
     * never undone), and a promoted one only with `promoted` (the directory has no such person),
     * then gives the freed place to the next person waiting, in the same transaction.
     */
    async release(
      classId: string,
      userId: string,
      now = new Date(),
      options: { promoted?: boolean } = {},
    ): Promise<{ released: boolean; promotion: Promotion }> {
      return underLock(classId, now, async (trx) => {
        let query = trx
          .deleteFrom('enrolments')
          .where('class_id', '=', classId)
          .where('user_id', '=', userId)
          .where('active', '=', 1)
          .where('status', '=', 'pending');
        if (!options.promoted) query = query.where('promoted_at', 'is', null);
        const result = await query.executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      }).then(({ result, promotion }) => ({ released: result, promotion }));
    },

    /**
     * Marks a removal under way (before the directory is asked). False when a marker was there
     * already (an earlier attempt without an answer, or a crash): that one is the repair's to settle.
     */
    async beginRemoval(courseSlug: string, userId: string, now: Date): Promise<boolean> {
      const result = await db
        .insertInto('staff_removals')
        .values({ course_slug: courseSlug, person_id: userId, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['course_slug', 'person_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The directory did not remove the person: the enrolment stays. */
    async abandonRemoval(courseSlug: string, userId: string): Promise<void> {
      await db
        .deleteFrom('staff_removals')
        .where('course_slug', '=', courseSlug)
        .where('person_id', '=', userId)
        .execute();
    },

    /**
     * The directory removed the person: their place in the class (a class not concluded: decision
     * 059) and the course's marker go, and the freed place goes to the next person waiting, in
     * one transaction. With `cancelled` (the person's own cancellation) the class keeps its trace
     * for the person's history.
     */
    async finishRemoval(
      { classId, courseSlug }: Pick<ClassRef, 'classId' | 'courseSlug'>,
      userId: string,
      now: Date,
      /** The person's notice (a cancellation, a removal by staff), written with the removal. */
      notice: DataMailRow | null = null,
      options: { cancelled?: boolean } = {},
    ): Promise<{ removed: boolean; promotion: Promotion }> {
      const { result, promotion } = await underLock(classId, now, async (trx) => {
        const deleted = await trx
          .deleteFrom('enrolments')
          .where('class_id', '=', classId)
          .where('user_id', '=', userId)
          .where('active', '=', 1)
          .executeTakeFirst();
        await trx
          .deleteFrom('staff_removals')
          .where('course_slug', '=', courseSlug)
          .where('person_id', '=', userId)
          .execute();
        const removed = Number(deleted.numDeletedRows) > 0;
        if (removed && notice) await insertDataRows(trx, [notice]);
        if (removed && options.cancelled) {
          await recordCancellation(trx, classId, courseSlug, userId, now);
        }
        return removed;
      });
      return { removed: result, promotion };
    },

    /** Removals left by a crash (marked at or before `before`). */
    async removalsBefore(before: string): Promise<PendingRemoval[]> {
      const rows = await db
        .selectFrom('staff_removals as r')
        .innerJoin('courses as c', 'c.slug', 'r.course_slug')
        .select(['r.course_slug', 'r.person_id', 'c.group_id'])
        .where('r.created_at', '<=', before)
        .orderBy('r.created_at')
        .execute();
      return rows.map((r) => ({
        courseSlug: r.course_slug,
        userId: r.person_id,
        groupId: r.group_id,
      }));
    },

    /** Active 'pending' rows created at or before `before` (ISO-8601), oldest first. */
    async pendingCreatedBefore(before: string): Promise<PendingEnrolment[]> {
      const rows = await db
        .selectFrom('enrolments as e')
        .innerJoin('courses as c', 'c.slug', 'e.course_slug')
        .select([
          'e.course_slug',
          'e.class_id',
          'e.user_id',
          'e.created_at',
          'e.promoted_at',
          'c.group_id',
        ])
        .where('e.status', '=', 'pending')
        .where('e.active', '=', 1)
        .where('e.created_at', '<=', before)
        .orderBy('e.created_at')
        .execute();
      return rows.map((r) => ({
        courseSlug: r.course_slug,
        classId: r.class_id,
        userId: r.user_id,
        groupId: r.group_id,
        createdAt: r.created_at,
        promoted: r.promoted_at !== null,
      }));
    },
  };
}
