/**
 * Retention: a class's enrolment data are anonymised
 * `RETENTION_MONTHS_AFTER_COURSE` months (default 24) after the class's last meeting (its settings
 * over the content's), by a job run at start-up and then daily. For each such class, each person
 * still named in it is removed from the course's group unless they hold a place in, or wait for,
 * another class of the course not concluded (a directory failure leaves that person for the next
 * run); then, in one transaction, their enrolment row and attendance marks in that class get one
 * random id instead of theirs (counts and dates stay, for the centre's statistics), and so do the
 * staff actions about them in that course once no other class of the course names them. The
 * class's waiting list and cancellations are deleted; a course's 'Avise-me quando abrir' requests
 * go once every class of it is past the period. Completions are not touched: they are kept while
 * the account exists (prerequisites need them) and go with it. Anonymised ids start with
 * `anonimo-`, so a second run skips them.
 */
import { isDeskId } from '../desk/desk-store.js';
import { allCourses, type Course } from '@centro/content';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import type { Directory } from '../directory/directory.js';
import { createClassStore } from '../classes/class-store.js';
import { createCourseStore, settingsColumnsOf } from '../courses/course-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import { classRetentionDue } from './rules.js';

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

/** Whether the person has a row in a class of the course other than `classId` (`active`: only those). */
async function elsewhere(
  db: Kysely<Database>,
  slug: string,
  classId: string,
  userId: string,
  active: boolean,
): Promise<boolean> {
  for (const table of ['enrolments', 'waiting_list'] as const) {
    let query = db
      .selectFrom(table)
      .select('class_id')
      .where('course_slug', '=', slug)
      .where('user_id', '=', userId)
      .where('class_id', '<>', classId);
    if (active) query = query.where('active', '=', 1);
    if (await query.executeTakeFirst()) return true;
  }
  return false;
}

/** Anonymises the enrolment data of every class past its retention; answers the people done. */
export async function anonymiseEndedCourses(options: RetentionOptions): Promise<number> {
  const { database, directory, months, log } = options;
  const { db } = database;
  const now = options.now?.() ?? new Date();
  const groups = new Map((await createCourseStore(db).all()).map((r) => [r.slug, r.group_id]));
  const classes = [...(await createClassStore(db).all()).values()];
  let people = 0;
  for (const course of options.courses ?? allCourses()) {
    const groupId = groups.get(course.slug);
    if (groupId === undefined) continue;
    const ofCourse = classes.filter((c) => c.course_slug === course.slug);
    let every = ofCourse.length > 0;
    for (const k of ofCourse) {
      const meetings = effectiveMeetings(course, settingsColumnsOf(k));
      if (!classRetentionDue(meetings.firstMeeting, meetings.count, months, now)) {
        every = false;
        continue;
      }
      const named = await db
        .selectFrom('enrolments')
        .select('user_id')
        .where('class_id', '=', k.id)
        .where('user_id', 'not like', `${ANONYMOUS_PREFIX}%`)
        .execute();
      for (const { user_id: userId } of named) {
        try {
          // Still in a class of the course that is not concluded: the group keeps them.
          if (!(await elsewhere(db, course.slug, k.id, userId, true))) {
            await directory.removeFromGroup(groupId, userId);
          }
        } catch (error) {
          log.warn({ err: error, course: course.slug }, 'retention: directory failed; next run');
          continue;
        }
        const anonymous = `${ANONYMOUS_PREFIX}${randomUUID()}`;
        await writeTransaction(database, async (trx) => {
          await trx
            .updateTable('enrolments')
            .set({ user_id: anonymous })
            .where('class_id', '=', k.id)
            .where('user_id', '=', userId)
            .execute();
          await trx
            .updateTable('attendance')
            .set({ person_id: anonymous })
            .where('class_id', '=', k.id)
            .where('person_id', '=', userId)
            .execute();
          if (await elsewhere(trx, course.slug, k.id, userId, false)) return;
          // A person enrolled at the desk and never claimed: their name, phone and consent go too.
          if (isDeskId(userId))
            await trx.deleteFrom('desk_people').where('id', '=', userId).execute();
          await trx
            .updateTable('staff_actions')
            .set({ subject_id: anonymous })
            .where('course_slug', '=', course.slug)
            .where('subject_id', '=', userId)
            .execute();
          await trx
            .updateTable('staff_action_subjects')
            .set({ subject_id: anonymous })
            .where('subject_id', '=', userId)
            .where('action_id', 'in', (eb) =>
              eb.selectFrom('staff_actions').select('id').where('course_slug', '=', course.slug),
            )
            .execute();
        });
        people++;
      }
      await db.deleteFrom('waiting_list').where('class_id', '=', k.id).execute();
      await db.deleteFrom('cancellations').where('class_id', '=', k.id).execute();
    }
    if (every) {
      await db.deleteFrom('opening_alerts').where('course_slug', '=', course.slug).execute();
    }
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
