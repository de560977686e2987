/**
 * Enrolment: reserve a place (one transaction under the course's lock), add the person to the
 * course's group in the directory (outside any transaction: it is a network call), then confirm.
 * A place counts only for someone the directory accepted: when the directory fails, the place
 * taken for this request is given back and the answer is a 502/503. A crash between the steps
 * leaves a 'pending' row that `repairPendingEnrolments` settles with the directory.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { DirectoryUserNotFoundError, type Directory } from '../directory/directory.js';
import {
  CourseFullError,
  EnrolmentClosedError,
  EnrolmentIncompleteError,
  EnrolmentNotOpenError,
} from './errors.js';
import type { CourseRow, EnrolmentRepository } from './repository.js';
import { enrolmentWindow, placesLeft, staleBefore } from './rules.js';

/** The course as the enrolment needs it. */
export type EnrolmentCourse = Pick<CourseRow, 'slug' | 'groupId'>;

export interface EnrolResult {
  /** True when the person was enrolled before this request (no place was taken). */
  alreadyEnrolled: boolean;
}

export interface Availability {
  places: number;
  placesLeft: number;
  /** The enrolment window at the server's clock. */
  state: 'not-open' | 'open' | 'closed';
  /** UTC ISO-8601 instants, null when not set. */
  opensAt: string | null;
  closesAt: string | null;
}

export interface RepairReport {
  confirmed: number;
  released: number;
  /** Rows left pending because the directory could not answer (tried again later). */
  failed: number;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The confirmation e-mail of an enrolment, as the outbox row to write in the transaction that
 * confirms it (null: none, e.g. the person has no valid address). Called once the directory has
 * added the person; a throw is a directory failure (the place is given back, or the repair retries).
 */
export type ConfirmationMail = (
  userId: string,
  courseSlug: string,
  log: Log,
) => Promise<CompiledQuery | null>;

export interface EnrolmentServiceOptions {
  /** The confirmation e-mail written with each confirmation (none: no e-mail). */
  confirmationMail?: ConfirmationMail;
  repository: EnrolmentRepository;
  directory: Directory;
  /** Logger of the service's own work (repairs); requests pass theirs to `enrol`. */
  log?: Log;
  /** The clock (tests). */
  now?: () => Date;
  /** Refuses a person who may not enrol yet (EmailNotVerifiedError); none: everyone may. */
  requireVerifiedEmail?: (userId: string) => Promise<void>;
}

/** The error thrown when the directory failed while enrolling. */
function directoryFailure(error: unknown): Error {
  // A person the directory does not know stays the directory's error (answered 404).
  if (error instanceof DirectoryUserNotFoundError) return error;
  return new EnrolmentIncompleteError({ cause: error });
}

export class EnrolmentService {
  readonly #repository: EnrolmentRepository;
  readonly #directory: Directory;
  readonly #log: Log;
  readonly #now: () => Date;
  readonly #confirmationMail: ConfirmationMail;
  readonly #requireVerifiedEmail: (userId: string) => Promise<void>;

  constructor(options: EnrolmentServiceOptions) {
    this.#requireVerifiedEmail = options.requireVerifiedEmail ?? (() => Promise.resolve());
    this.#confirmationMail = options.confirmationMail ?? (() => Promise.resolve(null));
    this.#repository = options.repository;
    this.#directory = options.directory;
    this.#log = options.log ?? silent;
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * Enrols the person in the course: idempotent (a second call takes no second place).
   * @throws CourseFullError; EnrolmentIncompleteError when the directory failed (the place is
   *   given back); DirectoryUserNotFoundError when the directory has no such person;
   *   EmailNotVerifiedError when the person must confirm their e-mail first.
   */
  async enrol(userId: string, course: EnrolmentCourse, log: Log = this.#log): Promise<EnrolResult> {
    await this.#requireVerifiedEmail(userId);
    // Two rounds at most: the second only when our reservation vanished while the directory was
    // adding the person (released by a concurrent failing request of the same person).
    for (let round = 1; ; round++) {
      const outcome = await this.#repository.reserve(course.slug, userId, this.#now());
      if (outcome === 'full') throw CourseFullError.withoutStack();
      if (outcome === 'not-open') throw await this.#notOpen(course.slug);
      if (outcome === 'closed') throw new EnrolmentClosedError();
      if (outcome === 'already-confirmed') return { alreadyEnrolled: true };

      let message: CompiledQuery | null;
      try {
        [, message] = await Promise.all([
          this.#directory.addToGroup(course.groupId, userId),
          this.#confirmationMail(userId, course.slug, log),
        ]);
      } catch (error) {
        // Only the place this request took is given back; a 'pending' row of another request of
        // the same person is that request's to settle.
        if (outcome === 'reserved') await this.#release(course.slug, userId, log);
        const answer = directoryFailure(error);
        const notFound = answer instanceof DirectoryUserNotFoundError;
        log[notFound ? 'warn' : 'error'](
          {
            err: error,
            course: course.slug,
            status: notFound ? 404 : (answer as EnrolmentIncompleteError).status,
          },
          'directory failed during enrolment; reservation released',
        );
        throw answer;
      }

      if (await this.#repository.confirm(course.slug, userId, this.#now(), message)) {
        return { alreadyEnrolled: false };
      }
      log.warn({ course: course.slug, round }, 'reservation vanished before confirmation');
      if (round >= 2) {
        throw new EnrolmentIncompleteError({ status: 503 });
      }
    }
  }

  async #notOpen(courseSlug: string): Promise<EnrolmentNotOpenError> {
    const window = await this.#repository.window(courseSlug);
    return new EnrolmentNotOpenError(window.opensAt ?? this.#now().toISOString());
  }

  async #release(courseSlug: string, userId: string, log: Log): Promise<void> {
    try {
      await this.#repository.release(courseSlug, userId);
    } catch (error) {
      // The row stays 'pending'; the repair settles it with the directory later.
      log.error({ err: error, course: courseSlug }, 'could not release a reservation');
    }
  }

  /**
   * Settles 'pending' rows older than `graceMs` (their requests have ended: crashed, or their
   * release failed): confirmed when the directory has the membership, released otherwise. A row
   * the directory cannot answer about stays pending for the next run.
   */
  async repairPendingEnrolments(graceMs: number): Promise<RepairReport> {
    const report: RepairReport = { confirmed: 0, released: 0, failed: 0 };
    const now = this.#now();
    const rows = await this.#repository.pendingCreatedBefore(staleBefore(now, graceMs));
    for (const row of rows) {
      try {
        if (await this.#directory.isMember(row.groupId, row.userId)) {
          const message = await this.#confirmationMail(row.userId, row.courseSlug, this.#log);
          if (await this.#repository.confirm(row.courseSlug, row.userId, now, message)) {
            report.confirmed++;
          }
        } else if (await this.#repository.release(row.courseSlug, row.userId)) {
          report.released++;
        }
      } catch (error) {
        report.failed++;
        this.#log.warn({ err: error, course: row.courseSlug }, 'could not repair an enrolment');
      }
    }
    if (rows.length > 0) this.#log.info({ ...report }, 'interrupted enrolments repaired');
    return report;
  }

  /** Places and places left of every course, keyed by slug. */
  async availability(): Promise<Record<string, Availability>> {
    const courses: Record<string, Availability> = {};
    const now = this.#now().toISOString();
    for (const [slug, { places, taken, opensAt, closesAt }] of await this.#repository.occupancy()) {
      courses[slug] = {
        places,
        placesLeft: placesLeft(places, taken),
        state: enrolmentWindow({ opensAt, closesAt }, now),
        opensAt,
        closesAt,
      };
    }
    return courses;
  }

  /** Upserts the content's courses (slug, group, places) into the database. */
  syncCourses(courses: readonly CourseRow[]): Promise<void> {
    return this.#repository.syncCourses(courses);
  }
}
