/**
 * 'Avise-me quando abrir' (issue 30, point 1; decision 055): a person asks to be told when a
 * course whose enrolment has not opened yet opens; one e-mail then.
 *
 * - `ask` stores the wish (idempotent), only while the course's enrolment is not open yet;
 * - `sendDue` (every `intervalMs`, and once at start) finds the courses open now with people
 *   waiting to be told and, per course in one write transaction, deletes their rows (`delete …
 *   returning`) and writes one outbox row each (kept as data: 'enrolment-opened'). The delete
 *   decides who sends: on PostgreSQL a second instance's delete waits for the first's row locks and
 *   then finds nothing; on SQLite the immediate transaction serialises them. Each person is told
 *   once, whatever the number of instances, and only if the e-mail row committed with the delete.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createCourseStore } from '../courses/course-store.js';
import type { DatabaseHandle } from '../db/database.js';
import { writeTransaction } from '../db/write-transaction.js';
import type { Mail } from '../mail/mail.js';
import { insertDataRows } from '../mail/outbox.js';
import { Refusal } from '../refusals/refusal.js';
import { CourseNotFoundError, EnrolmentClosedError } from './errors.js';
import { enrolmentWindow } from './rules.js';
import { repeatingJob } from './repeating-job.js';

/** How often the open courses are looked for (default: every 30 s). */
export const OPENING_ALERTS_INTERVAL_MS = 30_000;

export interface OpeningAlerts {
  /**
   * The person will be told when the course opens (true: asked now or before).
   * @throws CourseNotFoundError, Refusal 'enrolmentAlreadyOpen', EnrolmentClosedError
   */
  ask(personId: string, courseSlug: string): Promise<void>;
  /** The person no longer wants to be told; false when they had not asked. */
  cancel(personId: string, courseSlug: string): Promise<boolean>;
  /** The courses the person asked to be told about. */
  coursesOf(personId: string): Promise<string[]>;
  /** Writes the e-mails of the courses open now; answers how many people were told. */
  sendDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createOpeningAlerts(options: {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  mail: Pick<Mail, 'enqueueData'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: () => Date;
  intervalMs?: number;
}): OpeningAlerts {
  const { database, mail, log } = options;
  const { db } = database;
  const now = options.now ?? (() => new Date());

  const courses = createCourseStore(db);

  /** The enrolment window of the course's current class (decision 052) at `at`. */
  async function windowOf(courseSlug: string, at: string) {
    const course = (await courses.occupancy()).get(courseSlug);
    return course ? enrolmentWindow(course, at) : undefined;
  }

  /** Courses with people to tell whose current class's enrolment is open at `at`. */
  async function openCourses(at: string): Promise<string[]> {
    const asked = await db.selectFrom('opening_alerts').select('course_slug').distinct().execute();
    if (asked.length === 0) return [];
    const windows = await courses.occupancy();
    return asked
      .map((r) => r.course_slug)
      .filter((slug) => {
        const course = windows.get(slug);
        return course !== undefined && enrolmentWindow(course, at) === 'open';
      });
  }

  async function sendDue(): Promise<number> {
    let told = 0;
    for (const courseSlug of await openCourses(now().toISOString())) {
      told += await writeTransaction(database, async (trx) => {
        const people = await trx
          .deleteFrom('opening_alerts')
          .where('course_slug', '=', courseSlug)
          .returning('person_id')
          .execute();
        await insertDataRows(
          trx,
          people.map((p) =>
            mail.enqueueData({ kind: 'enrolment-opened', personId: p.person_id, courseSlug }),
          ),
        );
        return people.length;
      });
    }
    if (told > 0) log.info({ openingAlerts: { told } }, 'people told that enrolment opened');
    return told;
  }

  const job = repeatingJob(
    'opening alerts',
    sendDue,
    options.intervalMs ?? OPENING_ALERTS_INTERVAL_MS,
    log,
  );

  return {
    async ask(personId, courseSlug) {
      const state = await windowOf(courseSlug, now().toISOString());
      if (!state) throw new CourseNotFoundError();
      if (state === 'open') throw new Refusal('enrolmentAlreadyOpen');
      if (state === 'closed') throw new EnrolmentClosedError();
      await db
        .insertInto('opening_alerts')
        .values({ course_slug: courseSlug, person_id: personId, created_at: now().toISOString() })
        .onConflict((oc) => oc.columns(['course_slug', 'person_id']).doNothing())
        .execute();
    },
    async cancel(personId, courseSlug) {
      const result = await db
        .deleteFrom('opening_alerts')
        .where('course_slug', '=', courseSlug)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async coursesOf(personId) {
      const rows = await db
        .selectFrom('opening_alerts')
        .select('course_slug')
        .where('person_id', '=', personId)
        .orderBy('course_slug')
        .execute();
      return rows.map((r) => r.course_slug);
    },
    sendDue,
    start: () => job.start(),
    stop: () => job.stop(),
  };
}
