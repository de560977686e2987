/**
 * Enrolment: reserve a place (one transaction under the course's lock), add the person to the
 * course's group in the directory (outside any transaction: it is a network call), then confirm.
 * A place counts only for someone the directory accepted: when the directory refuses or is
 * unavailable, the place taken for this request is given back and the answer is a 502/503; when it
 * did not answer (a timeout: it may have added the person) the place stays 'pending' and is settled
 * by the membership. A crash between the steps leaves a 'pending' row that
 * `repairPendingEnrolments` settles with the directory.
 *
 * The waiting list (issue 13, decision 030): a person joins it only when the course is full and
 * enrolment is open. Every change that frees a place (a cancellation, a removal by staff, a
 * released reservation, more places set by staff) gives it to the first person waiting in the same
 * transaction: their row becomes a 'pending' enrolment, promoted. Then, outside the transaction,
 * the directory adds them to the group and the row is confirmed with its e-mail. A promoted place
 * is never given back on a directory failure: the repair adds the person again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { CourseRow, CourseSettingsColumns } from '../courses/course-store.js';
import type { ConfirmationMail } from './confirmation-mail.js';
import { type EnrolmentNotices, NO_NOTICES } from './notices.js';
import type { DataMailRow } from '../mail/outbox.js';
import type { Database } from '../db/schema.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import {
  DirectoryError,
  DirectoryUserNotFoundError,
  type Directory,
} from '../directory/directory.js';
import {
  AlreadyEnrolledError,
  CancellationIncompleteError,
  CourseFullError,
  CourseNotFoundError,
  CourseNotFullError,
  EnrolmentClosedError,
  EnrolmentIncompleteError,
  EnrolmentInProgressError,
  EnrolmentNotOpenError,
  NoEnrolmentError,
} from './errors.js';
import type { Promotion } from './course-lock.js';
import type { PersonRows } from './person-rows.js';
import type { EnrolmentRepository } from './repository.js';
import { decideCancel, enrolmentWindow, placesLeft, staleBefore } from './rules.js';

/** The course as the enrolment needs it. */
export type EnrolmentCourse = Pick<CourseRow, 'slug' | 'groupId'>;

export interface EnrolResult {
  /** True when the person was enrolled before this request (no place was taken). */
  alreadyEnrolled: boolean;
}

/** `EnrolResult` with the course's settings as the enrolment read them (with the places). */
export interface EnrolReading extends EnrolResult {
  settings: CourseSettingsColumns;
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
  /** Removals (cancellations, staff removals) left by a crash and settled now. */
  removals: number;
  /** People promoted by the sweep (free places found beside a waiting list). */
  promoted: number;
}

/** Where a person stands in a course after joining its waiting list. */
export interface JoinResult {
  /** `waiting`, or `pending`/`enrolled` when the person was promoted at once (or held a place). */
  state: 'waiting' | 'pending' | 'enrolled';
  /** Position on the list (1: next), null unless waiting. */
  position: number | null;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface EnrolmentServiceOptions {
  /** The confirmation e-mail written with each confirmation (none: no e-mail). */
  confirmationMail?: ConfirmationMail;
  /** What the person is told of a cancellation, removal or waiting list (none: nothing). */
  notices?: EnrolmentNotices;
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
  // The confirmation e-mail reads the course's settings: the database being away is a 503.
  if (isDatabaseUnavailable(error)) return error as Error;
  return new EnrolmentIncompleteError({ cause: error });
}

export class EnrolmentService {
  readonly #repository: EnrolmentRepository;
  readonly #directory: Directory;
  readonly #log: Log;
  readonly #now: () => Date;
  readonly #confirmationMail: ConfirmationMail;
  readonly #notices: EnrolmentNotices;
  readonly #requireVerifiedEmail: (userId: string) => Promise<void>;

  constructor(options: EnrolmentServiceOptions) {
    this.#requireVerifiedEmail = options.requireVerifiedEmail ?? (() => Promise.resolve());
    this.#confirmationMail = options.confirmationMail ?? (() => Promise.resolve(null));
    this.#notices = options.notices ?? NO_NOTICES;
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
    const { alreadyEnrolled } = await this.enrolReading(userId, course, log);
    return { alreadyEnrolled };
  }

  /**
   * `enrol`, answering also the course's settings in effect as the enrolment's own read of the
   * course found them (the route's group link: no second query of the course per request).
   */
  async enrolReading(
    userId: string,
    course: EnrolmentCourse,
    log: Log = this.#log,
  ): Promise<EnrolReading> {
    await this.#requireVerifiedEmail(userId);
    // Two rounds at most: the second only when our reservation vanished while the directory was
    // adding the person (released by a concurrent failing request of the same person).
    for (let round = 1; ; round++) {
      const { outcome, settings } = await this.#repository.reserveReading(
        course.slug,
        userId,
        this.#now(),
      );
      if (outcome === 'full') throw CourseFullError.withoutStack();
      if (outcome === 'not-open') throw await this.#notOpen(course.slug);
      if (outcome === 'closed') throw new EnrolmentClosedError();
      if (outcome === 'already-confirmed') return { alreadyEnrolled: true, settings };

      let message: DataMailRow | null;
      try {
        [, message] = await Promise.all([
          this.#directory.addToGroup(course.groupId, userId),
          this.#confirmationMail(userId, course.slug),
        ]);
      } catch (error) {
        // Only the place this request took is given back; a 'pending' row of another request of
        // the same person (or a promotion) is that request's to settle. Without an answer the
        // directory may have added the person: the row stays and the membership settles it.
        const unknown = error instanceof DirectoryError && error.outcomeUnknown;
        if (outcome === 'reserved' && !unknown) await this.#release(course.slug, userId, log);
        const answer = directoryFailure(error);
        const notFound = answer instanceof DirectoryUserNotFoundError;
        log[notFound ? 'warn' : 'error'](
          {
            err: error,
            course: course.slug,
            status: notFound ? 404 : (answer as EnrolmentIncompleteError).status,
          },
          unknown
            ? 'directory did not answer during enrolment; reservation kept for the repair'
            : 'directory failed during enrolment; reservation released',
        );
        throw answer;
      }

      if (await this.#repository.confirm(course.slug, userId, this.#now(), message)) {
        return { alreadyEnrolled: false, settings };
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
    let promotion: Promotion;
    try {
      ({ promotion } = await this.#repository.release(courseSlug, userId, this.#now()));
    } catch (error) {
      // The row stays 'pending'; the repair settles it with the directory later.
      log.error({ err: error, course: courseSlug }, 'could not release a reservation');
      return;
    }
    await this.#completePromotion(promotion, log);
  }

  /**
   * Adds the promoted people to the course's group and confirms them, each with the confirmation
   * e-mail written in the confirming transaction. A failure leaves the row 'pending' (the place
   * stays theirs; the repair tries again); a person the directory does not know loses the place,
   * which goes on to the next person waiting. Never throws.
   */
  async #completePromotion(promotion: Promotion, log: Log): Promise<void> {
    await Promise.all(
      promotion.userIds.map((userId) =>
        this.#settlePromoted(promotion.courseSlug, promotion.groupId, userId, log),
      ),
    );
  }

  async #settlePromoted(
    courseSlug: string,
    groupId: string,
    userId: string,
    log: Log,
  ): Promise<'confirmed' | 'released' | 'failed'> {
    try {
      const [, message] = await Promise.all([
        this.#directory.addToGroup(groupId, userId),
        this.#confirmationMail(userId, courseSlug, true),
      ]);
      await this.#repository.confirm(courseSlug, userId, this.#now(), message);
      return 'confirmed';
    } catch (error) {
      if (error instanceof DirectoryUserNotFoundError) {
        try {
          const { promotion } = await this.#repository.release(courseSlug, userId, this.#now(), {
            promoted: true,
          });
          await this.#completePromotion(promotion, log);
          return 'released';
        } catch (releaseError) {
          log.error({ err: releaseError, course: courseSlug }, 'could not release a promotion');
          return 'failed';
        }
      }
      log.warn(
        { err: error, course: courseSlug },
        'directory failed while promoting from the waiting list; the place is kept for the repair',
      );
      return 'failed';
    }
  }

  /** The course's group, after checking the course exists. */
  async #groupOf(courseSlug: string): Promise<string> {
    const groupId = await this.#repository.groupOf(courseSlug);
    if (groupId === null) throw new CourseNotFoundError();
    return groupId;
  }

  /**
   * Puts the person on the course's waiting list (idempotent: the position they have).
   * @throws CourseNotFullError (a place is free: enrol instead), AlreadyEnrolledError,
   *   EnrolmentNotOpenError, EnrolmentClosedError, EmailNotVerifiedError, CourseNotFoundError
   */
  async joinWaitingList(
    userId: string,
    courseSlug: string,
    log: Log = this.#log,
  ): Promise<JoinResult> {
    await this.#groupOf(courseSlug);
    await this.#requireVerifiedEmail(userId);
    const { decision, position, promotion } = await this.#repository.joinWaitingList(
      courseSlug,
      userId,
      this.#now,
      (position) => this.#notices.joined(userId, courseSlug, position),
    );
    await this.#completePromotion(promotion, log);
    switch (decision) {
      case 'enrolled':
      case 'pending':
        throw new AlreadyEnrolledError();
      case 'not-full':
        throw new CourseNotFullError();
      case 'not-open':
        throw await this.#notOpen(courseSlug);
      case 'closed':
        throw new EnrolmentClosedError();
      default:
        break;
    }
    if (position !== null) return { state: 'waiting', position };
    // Promoted at once (a place had been freed while enrolment was closed, and it reopened).
    const row = await this.#repository.enrolmentOf(courseSlug, userId);
    return { state: row?.status === 'confirmed' ? 'enrolled' : 'pending', position: null };
  }

  /** Takes the person off the course's waiting list; false when they were not on it. */
  async leaveWaitingList(userId: string, courseSlug: string): Promise<boolean> {
    await this.#groupOf(courseSlug);
    return this.#repository.leaveWaitingList(courseSlug, userId);
  }

  /**
   * The person gives their place back: removed from the course's group, then the place goes to
   * the next person waiting.
   * @throws NoEnrolmentError, EnrolmentInProgressError, CancellationIncompleteError (nothing
   *   changed, or settled by the repair), CourseNotFoundError
   */
  async cancel(userId: string, courseSlug: string, log: Log = this.#log): Promise<void> {
    await this.#groupOf(courseSlug);
    const row = await this.#repository.enrolmentOf(courseSlug, userId);
    const decision = decideCancel(row?.status ?? null);
    if (decision === 'none') throw new NoEnrolmentError();
    if (decision === 'in-progress') throw new EnrolmentInProgressError();
    await this.removeConfirmed(courseSlug, userId, log, 'enrolment-cancelled');
  }

  /**
   * Removes a confirmed place (the person's cancellation, or staff's removal): a marker row first,
   * then the directory removes the person from the group, then the enrolment and the marker go and
   * the freed place goes to the next person waiting, in one transaction. The directory failing
   * leaves the enrolment as it was; when it did not answer (it may have removed the person) the
   * marker stays and the repair settles it by the membership.
   * @throws CancellationIncompleteError, CourseNotFoundError
   */
  async removeConfirmed(
    courseSlug: string,
    userId: string,
    log: Log = this.#log,
    /** What the person is told (none: an account deletion, which says it itself). */
    notice?: 'enrolment-cancelled' | 'enrolment-removed',
  ): Promise<void> {
    const groupId = await this.#groupOf(courseSlug);
    const marked = await this.#repository.beginRemoval(courseSlug, userId, this.#now());
    try {
      await this.#directory.removeFromGroup(groupId, userId);
    } catch (error) {
      // An earlier marker (an attempt without an answer) stays: only the membership can tell
      // whether that attempt removed the person.
      if (marked && !(error instanceof DirectoryError && error.outcomeUnknown)) {
        await this.#repository.abandonRemoval(courseSlug, userId).catch((e: unknown) => {
          // The marker stays; the repair settles it by the membership.
          log.error({ err: e, course: courseSlug }, 'could not abandon a removal');
        });
      }
      log.error({ err: error, course: courseSlug }, 'directory failed during a removal');
      throw new CancellationIncompleteError(error);
    }
    const message = notice ? this.#notices.place(notice, userId, courseSlug) : null;
    const { promotion } = await this.#repository.finishRemoval(
      courseSlug,
      userId,
      this.#now(),
      message,
    );
    await this.#completePromotion(promotion, log);
  }

  /**
   * Runs `work` (staff's change of the course's places or window) in a transaction under the
   * course's lock; the free places it leaves go to the people waiting in the same transaction.
   */
  async changeCourse<T>(
    courseSlug: string,
    work: (trx: Kysely<Database>) => Promise<T>,
    log: Log = this.#log,
  ): Promise<T> {
    const { result, promotion } = await this.#repository.changeCourse(
      courseSlug,
      this.#now(),
      work,
    );
    await this.#completePromotion(promotion, log);
    return result;
  }

  /** The person's places and waiting positions. */
  personRows(userId: string): Promise<PersonRows> {
    return this.#repository.personRows(userId);
  }

  /** The course's waiting list, in order. */
  waitingList(courseSlug: string) {
    return this.#repository.waitingList(courseSlug);
  }

  /** People waiting, by course. */
  waitingCounts() {
    return this.#repository.waitingCounts();
  }

  /** Settles removals left by a crash: the membership in the directory decides. */
  async repairRemovals(graceMs: number): Promise<number> {
    const rows = await this.#repository.removalsBefore(staleBefore(this.#now(), graceMs));
    let settled = 0;
    for (const r of rows) {
      try {
        if (await this.#directory.isMember(r.groupId, r.userId)) {
          await this.#repository.abandonRemoval(r.courseSlug, r.userId);
        } else {
          const { promotion } = await this.#repository.finishRemoval(
            r.courseSlug,
            r.userId,
            this.#now(),
          );
          await this.#completePromotion(promotion, this.#log);
        }
        settled++;
      } catch (error) {
        this.#log.warn({ err: error, course: r.courseSlug }, 'could not repair a removal');
      }
    }
    return settled;
  }

  /**
   * Settles 'pending' rows older than `graceMs` (their requests have ended: crashed, or their
   * release failed): confirmed when the directory has the membership, released otherwise. A row
   * the directory cannot answer about stays pending for the next run.
   */
  async repairPendingEnrolments(graceMs: number): Promise<RepairReport> {
    const report: RepairReport = { confirmed: 0, released: 0, failed: 0, removals: 0, promoted: 0 };
    const now = this.#now();
    const rows = await this.#repository.pendingCreatedBefore(staleBefore(now, graceMs));
    for (const row of rows) {
      try {
        if (await this.#directory.isMember(row.groupId, row.userId)) {
          const message = await this.#confirmationMail(row.userId, row.courseSlug, row.promoted);
          if (await this.#repository.confirm(row.courseSlug, row.userId, now, message)) {
            report.confirmed++;
          }
        } else if (row.promoted) {
          // A promoted place stays the person's: add them again.
          report[await this.#settlePromoted(row.courseSlug, row.groupId, row.userId, this.#log)]++;
        } else {
          const { released, promotion } = await this.#repository.release(
            row.courseSlug,
            row.userId,
            now,
          );
          if (released) report.released++;
          await this.#completePromotion(promotion, this.#log);
        }
      } catch (error) {
        report.failed++;
        this.#log.warn({ err: error, course: row.courseSlug }, 'could not repair an enrolment');
      }
    }
    report.removals = await this.repairRemovals(graceMs);
    // Free places beside a waiting list (a promotion that gave its place back while the list was
    // empty, then someone joined...): the sweep gives them to the people waiting.
    for (const courseSlug of await this.#repository.coursesToPromote(now)) {
      const { promotion } = await this.#repository.changeCourse(courseSlug, now, () =>
        Promise.resolve(),
      );
      report.promoted += promotion.userIds.length;
      await this.#completePromotion(promotion, this.#log);
    }
    if (rows.length > 0 || report.removals > 0 || report.promoted > 0) {
      this.#log.info({ ...report }, 'interrupted enrolments repaired');
    }
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
