/**
 * 'Avise-me quando abrir' (decision 055): a person asks to be told when a
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
import { courseEnrolmentState } from '../classes/class-rules.js';
import type { DatabaseHandle } from '../db/database.js';
import { writeTransaction } from '../db/write-transaction.js';
import type { Mail } from '../mail/mail.js';
import { insertDataRows } from '../mail/outbox.js';
import { Refusal } from '../refusals/refusal.js';
import { CourseNotFoundError, EnrolmentClosedError } from './errors.js';
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

  /**
   * The course's enrolment at `at` from its classes (one open now, or one to open: decision 052's
   * classes, whichever is the course's current one); undefined: no such course.
   */
  async function stateOf(courseSlug: string, at: string) {
    const rows = await db
      .selectFrom('courses as c')
      .leftJoin('classes as k', (join) =>
        join.onRef('k.course_slug', '=', 'c.slug').on('k.state', 'in', ['open', 'planned']),
      )
      .select(['k.state', 'k.enrolment_opens_at', 'k.enrolment_closes_at'])
      .where('c.slug', '=', courseSlug)
      .execute();
    if (rows.length === 0) return undefined;
    const classes = rows.flatMap((r) =>
      r.state === null
        ? []
        : [{ state: r.state, opensAt: r.enrolment_opens_at, closesAt: r.enrolment_closes_at }],
    );
    return courseEnrolmentState(classes, at);
  }

  /** Courses with people to tell that take enrolments at `at` (a class open within its window). */
  async function openCourses(at: string): Promise<string[]> {
    const asked = await db.selectFrom('opening_alerts').select('course_slug').distinct().execute();
    const open: string[] = [];
    for (const { course_slug: slug } of asked) {
      if ((await stateOf(slug, at)) === 'open') open.push(slug);
    }
    return open;
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
      const state = await stateOf(courseSlug, now().toISOString());
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
