/**
 * The reminder before a class starts (decision 055): two days before a class's
 * first meeting held (decision 091: a first date skipped or cancelled does not count), every person with a confirmed place in it gets 'Lembrete: sua turma começa …'
 * with the place and the course's calendar file, once.
 *
 * `sendDue` (every `intervalMs`, and once at start) finds the classes not reminded yet whose first
 * meeting (the meetings in effect: the class's settings over the content's) starts within
 * `REMINDER_BEFORE_MS` and has not started yet; per class, in one write transaction, it marks the
 * class reminded (`update … where reminded_at is null returning`) and writes one outbox row per
 * confirmed participant (kept as data: 'class-reminder'). The update decides who sends, as the
 * delete of the opening alerts does: on PostgreSQL a second instance's update waits for the first's
 * row lock and then matches nothing; on SQLite the immediate transaction serialises them. A class
 * whose first meeting passed while no instance ran is not reminded late.
 */
import { allCourses, type Course, heldMeetings, meetingStart } from '@centro/content';
import type { FastifyBaseLogger } from 'fastify';
import { SETTINGS_COLUMNS } from '../courses/course-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import type { DatabaseHandle } from '../db/database.js';
import { writeTransaction } from '../db/write-transaction.js';
import type { Mail } from '../mail/mail.js';
import { insertDataRows } from '../mail/outbox.js';
import { repeatingJob } from './repeating-job.js';

/** How long before the first meeting the reminder goes: two days. */
export const REMINDER_BEFORE_MS = 2 * 24 * 60 * 60_000;

/** Whether a class whose first meeting starts at `start` is to be reminded at `at`. */
export function reminderDue(start: Date, at: Date): boolean {
  const left = start.getTime() - at.getTime();
  return left > 0 && left <= REMINDER_BEFORE_MS;
}

export interface ClassReminders {
  /** Writes the reminders due at `at` (default: now); answers how many people were reminded. */
  sendDue(at?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createClassReminders(options: {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  mail: Pick<Mail, 'enqueueData'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: () => Date;
  /** How often the classes to remind are looked for (CLASS_REMINDERS_EVERY_SECONDS). */
  intervalMs: number;
  /** The courses that have something to tell (default: the content's). */
  courses?: readonly Course[];
}): ClassReminders {
  const { database, mail, log } = options;
  const { db } = database;
  const now = options.now ?? (() => new Date());
  const bySlug = new Map((options.courses ?? allCourses()).map((c) => [c.slug, c]));

  /** The classes not reminded yet whose first meeting is within two days of `at`. */
  async function dueClasses(at: Date): Promise<{ id: string; courseSlug: string }[]> {
    const rows = await db
      .selectFrom('classes')
      .select(['id', 'course_slug', 'places', ...SETTINGS_COLUMNS])
      .where('reminded_at', 'is', null)
      .where('state', '!=', 'concluded')
      .execute();
    return rows.flatMap((row) => {
      const course = bySlug.get(row.course_slug);
      if (!course) return [];
      // The first meeting held (decision 091): a first date skipped or cancelled moves it.
      const first = heldMeetings(effectiveMeetings(course, row))[0];
      if (!first) return [];
      const start = meetingStart(first, first.date);
      return reminderDue(start, at) ? [{ id: row.id, courseSlug: row.course_slug }] : [];
    });
  }

  async function sendDue(at: Date = now()): Promise<number> {
    let reminded = 0;
    for (const due of await dueClasses(at)) {
      reminded += await writeTransaction(database, async (trx) => {
        const marked = await trx
          .updateTable('classes')
          .set({ reminded_at: at.toISOString() })
          .where('id', '=', due.id)
          .where('reminded_at', 'is', null)
          .returning('id')
          .execute();
        if (marked.length === 0) return 0;
        const people = await trx
          .selectFrom('enrolments')
          .select('user_id')
          .where('class_id', '=', due.id)
          .where('status', '=', 'confirmed')
          .execute();
        await insertDataRows(
          trx,
          people.map((p) =>
            mail.enqueueData({
              kind: 'class-reminder',
              personId: p.user_id,
              courseSlug: due.courseSlug,
            }),
          ),
        );
        return people.length;
      });
    }
    if (reminded > 0) log.info({ classReminders: { reminded } }, 'class reminders written');
    return reminded;
  }

  const job = repeatingJob('class reminders', sendDue, options.intervalMs, log);

  return {
    sendDue,
    start: () => job.start(),
    stop: () => job.stop(),
  };
}
