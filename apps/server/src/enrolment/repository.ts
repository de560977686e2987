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
 * - the courses and their classes (settings, window, occupancy, synchronisation) are the courses
 *   module's (courses/course-store.ts, courses/class-store.ts).
 */
import type { Kysely } from 'kysely';
import { createClassStore } from '../courses/class-store.js';
import { createCourseStore, UnknownCourseError } from '../courses/course-store.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { createCourseLock, type Promotion } from './course-lock.js';
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
    /** `reserveReading`'s outcome alone. */
    reserve: async (classId: string, userId: string, now: Date) =>
      (await places.reserveReading(classId, userId, now)).outcome,
    ...waitingList,
    ...releases,
    ...personRows,
    /**
     * Runs `work` in a transaction under the lock of the course's current class, then gives every
     * free place to the next people waiting for it in the same transaction (staff raising the
     * places, or reopening enrolment).
     * @throws UnknownCourseError
     */
    async changeCourse<T>(
      courseSlug: string,
      now: Date,
      work: (trx: Kysely<Database>, classId: string) => Promise<T>,
    ): Promise<{ result: T; promotion: Promotion }> {
      const classId = await classes.currentOf(courseSlug);
      if (classId === null) throw new UnknownCourseError(courseSlug);
      return lock.underLock(classId, now, (trx) => work(trx, classId));
    },
    /** `work` under the class's lock, then the promotions it allows. */
    changeClass: <T>(
      classId: string,
      now: Date,
      work: (trx: Kysely<Database>) => Promise<T>,
    ): Promise<{ result: T; promotion: Promotion }> =>
      lock.underLock(classId, now, (trx) => work(trx)),
    listedClasses: classes.listed,
    groupOf: courses.groupOf,
    window: courses.window,
    occupancy: courses.occupancy,
    syncCourses: courses.sync,
  };
}

export type EnrolmentRepository = ReturnType<typeof createEnrolmentRepository>;
