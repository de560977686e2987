/**
 * Retention (issue 13): a course's enrolment data are anonymised `RETENTION_MONTHS_AFTER_COURSE`
 * months (default 24) after its last meeting, by a job run at start-up and then daily. For each
 * such course, each person still named in it is removed from the course's group (a directory
 * failure leaves that person for the next run), then, in one transaction, their enrolment row,
 * attendance marks and the staff actions about them in that course get one random id instead of
 * theirs (counts and dates stay, for the centre's statistics); the course's waiting list is
 * deleted. Anonymised ids start with `anonimo-`, so a second run skips them.
 */
import { allCourses, type Course } from '@centro/content';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import { writeTransaction } from '../db/write-transaction.js';
import type { Directory } from '../directory/directory.js';
import { createCourseStore } from '../courses/course-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import { lastMeetingDate, retentionDue } from './rules.js';

export const ANONYMOUS_PREFIX = 'anonimo-';
const DAY_MS = 24 * 3600_000;

export interface RetentionOptions {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  directory: Pick<Directory, 'removeFromGroup'>;
  months: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  courses?: readonly Course[];
  now?: () => Date;
}

/** Anonymises the enrolment data of every course past its retention; answers the people done. */
export async function anonymiseEndedCourses(options: RetentionOptions): Promise<number> {
  const { database, directory, months, log } = options;
  const { db } = database;
  const now = options.now?.() ?? new Date();
  const rows = new Map((await createCourseStore(db).all()).map((r) => [r.slug, r]));
  let people = 0;
  for (const course of options.courses ?? allCourses()) {
    const row = rows.get(course.slug);
    if (!row) continue;
    const meetings = effectiveMeetings(course, row);
    if (!retentionDue(lastMeetingDate(meetings.firstMeeting, meetings.count), months, now))
      continue;
    const named = await db
      .selectFrom('enrolments')
      .select('user_id')
      .where('course_slug', '=', course.slug)
      .where('user_id', 'not like', `${ANONYMOUS_PREFIX}%`)
      .execute();
    for (const { user_id: userId } of named) {
      try {
        await directory.removeFromGroup(row.group_id, userId);
      } catch (error) {
        log.warn({ err: error, course: course.slug }, 'retention: directory failed; next run');
        continue;
      }
      const anonymous = `${ANONYMOUS_PREFIX}${randomUUID()}`;
      await writeTransaction(database, async (trx) => {
        await trx
          .updateTable('enrolments')
          .set({ user_id: anonymous })
          .where('course_slug', '=', course.slug)
          .where('user_id', '=', userId)
          .execute();
        await trx
          .updateTable('attendance')
          .set({ person_id: anonymous })
          .where('course_slug', '=', course.slug)
          .where('person_id', '=', userId)
          .execute();
        await trx
          .updateTable('staff_actions')
          .set({ subject_id: anonymous })
          .where('course_slug', '=', course.slug)
          .where('subject_id', '=', userId)
          .execute();
      });
      people++;
    }
    await db.deleteFrom('waiting_list').where('course_slug', '=', course.slug).execute();
    await db.deleteFrom('opening_alerts').where('course_slug', '=', course.slug).execute();
  }
  if (people > 0) log.info({ people, months }, 'retention: enrolment data anonymised');
  return people;
}

/** Runs the retention now and then every day; `stop` ends the timer. */
export function startRetention(options: RetentionOptions): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await anonymiseEndedCourses(options);
    } catch (error) {
      options.log.warn({ err: error }, 'retention: could not anonymise ended courses');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
