/**
 * The enrolment's tables over Kysely, one code path for SQLite and PostgreSQL except for the lock
 * that makes "check the places, then take one" atomic. Composed of one module per concern:
 *
 * - places.ts (with place-statements.ts): taking a place and confirming it, the hot path of
 *   `POST /api/group/add`, as prepared SQL (decision 039);
 * - course-lock.ts: the class's lock and the promotions from its waiting list;
 * - waiting-list.ts: joining and leaving the waiting list, positions, the repair's sweep;
 * - releases.ts: places given back (releases, staff removals) and the repair's reads;
 * - person-rows.ts: one person's rows;
 * - moves.ts: a place moved to another class of the course by staff (decision 090);
 * - the courses and their classes (settings, window, occupancy, synchronisation) are the courses
 *   module's (courses/course-store.ts, courses/class-store.ts).
 */
import type { Kysely } from 'kysely';
import { createClassStore } from '../classes/class-store.js';
import { createCourseStore } from '../courses/course-store.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { ClassRef } from './class-ref.js';
import { createCourseLock, type Promotion } from './course-lock.js';
import { createMoves } from './moves.js';
import { createPersonRows } from './person-rows.js';
import { createPlaces } from './places.js';
import { createReleases } from './releases.js';
import { createWaitingList } from './waiting-list.js';

export function createEnrolmentRepository(
  handle: Pick<DatabaseHandle, 'db' | 'dialect' | 'sqlite'>,
) {
  const { db } = handle;
  const lock = createCourseLock(handle);
  const places = createPlaces(handle);
  const waitingList = createWaitingList(handle, lock);
  const releases = createReleases(db, lock);
  const personRows = createPersonRows(db);
  const courses = createCourseStore(db, handle.dialect);
  const classes = createClassStore(db);
  return {
    ...places,
    ...waitingList,
    ...releases,
    ...personRows,
    ...createMoves(handle, lock),
    /** The class `classId` with its course and group (undefined: no such class). */
    async classRef(classId: string): Promise<ClassRef | undefined> {
      const row = await db
        .selectFrom('classes as k')
        .innerJoin('courses as c', 'c.slug', 'k.course_slug')
        .select(['k.id', 'k.course_slug', 'c.group_id'])
        .where('k.id', '=', classId)
        .executeTakeFirst();
      return row && { classId: row.id, courseSlug: row.course_slug, groupId: row.group_id };
    },
    /** The class of the person's place in the course, else of their waiting row (null: none). */
    heldClassOf: lock.classOf,
    /** `work` under the class's lock, then the promotions it allows. */
    changeClass: <T>(
      classId: string,
      now: Date,
      work: (trx: Kysely<Database>) => Promise<T>,
    ): Promise<{ result: T; promotion: Promotion }> =>
      lock.underLock(classId, now, (trx) => work(trx)),
    listedClasses: classes.listed,
    window: courses.window,
    currentClasses: courses.occupancy,
    syncCourses: courses.sync,
  };
}

export type EnrolmentRepository = ReturnType<typeof createEnrolmentRepository>;
