/**
 * Starting the enrolment: the content's courses upserted into the database, interrupted
 * enrolments, removals and promotions repaired, then a periodic repair (for rows left by a crash of
 * another instance, or by a release that failed), and the retention job (at start-up and daily).
 * Called by buildApp before the server listens.
 */
import { allCourses } from '@centro/content';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { Directory } from '../directory/directory.js';
import type { CourseRow } from '../courses/course-store.js';
import { createEnrolmentRepository } from './repository.js';
import { startRetention } from './retention.js';
import type { EnrolmentNotices } from './notices.js';
import type { ConfirmationMail } from './confirmation-mail.js';
import { EnrolmentService } from './service.js';
import { createPrerequisiteStore } from '../classes/prerequisite-store.js';
import { requirePrerequisites } from '../classes/prerequisite-check.js';

export interface StartEnrolmentOptions {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  directory: Directory;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * Age (ms) after which a 'pending' row is repaired: longer than any enrolment request can take
   * (the directory's retry budget), so a request still in flight on another instance is never
   * repaired under its feet. Also the period of the repair.
   */
  repairAfterMs: number;
  /** Courses (default: the content's 20). */
  courses?: readonly CourseRow[];
  /** The confirmation e-mail written with each confirmation (none: no e-mail). */
  confirmationMail?: ConfirmationMail;
  /** What people are told of cancellations, removals and waiting lists. */
  notices?: EnrolmentNotices;
  /** The clock (tests). */
  now?: () => Date;
  /** See EnrolmentServiceOptions.requireVerifiedEmail. */
  requireVerifiedEmail?: (userId: string) => Promise<void>;
  /** RETENTION_MONTHS_AFTER_COURSE: anonymise ended courses at start-up and daily (none: off). */
  retentionMonths?: number;
}

export interface Enrolment {
  service: EnrolmentService;
  /** Stops the periodic repair. */
  stop(): void;
}

export function contentCourses(): CourseRow[] {
  return allCourses().map((c) => ({ slug: c.slug, groupId: c.groupId, places: c.places }));
}

export async function startEnrolment(options: StartEnrolmentOptions): Promise<Enrolment> {
  const { log, repairAfterMs } = options;
  const service = new EnrolmentService({
    repository: createEnrolmentRepository(options.database),
    directory: options.directory,
    log,
    // The content's prerequisites, or Coordenação's (decision 061).
    requirePrerequisites: requirePrerequisites(
      createPrerequisiteStore(options.database.db),
      allCourses(),
    ),
    ...(options.confirmationMail ? { confirmationMail: options.confirmationMail } : {}),
    ...(options.notices ? { notices: options.notices } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.requireVerifiedEmail ? { requireVerifiedEmail: options.requireVerifiedEmail } : {}),
  });
  await service.syncCourses(options.courses ?? contentCourses());

  let running = false;
  const repair = async () => {
    if (running) return;
    running = true;
    try {
      await service.repairPendingEnrolments(repairAfterMs);
    } catch (error) {
      // The database or the directory is down: the next run tries again; serving goes on.
      log.warn({ err: error }, 'could not repair interrupted enrolments');
    } finally {
      running = false;
    }
  };
  await repair();
  // 0 (tests, a single instance) repairs every pending row at start; the period stays >= 1 s.
  const timer = setInterval(() => void repair(), Math.max(repairAfterMs, 1000));
  timer.unref();
  const retention =
    options.retentionMonths === undefined
      ? undefined
      : startRetention({
          database: options.database,
          directory: options.directory,
          months: options.retentionMonths,
          log,
          ...(options.now ? { now: options.now } : {}),
        });
  return {
    service,
    stop: () => {
      clearInterval(timer);
      retention?.stop();
    },
  };
}
