/**
 * Enrolment: reserve a place (one transaction under the class's lock), add the person to the
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
 * is never given back on a directory failure: the repair adds the person again (promotions.ts,
 * repair.ts).
 *
 * Classes (issue 29, decision 052): places, the window and the waiting list are a class's. A
 * request names its class, or means the course's only open class (`chooseClass`); a person holds a
 * place in (or waits for) one class of a course at a time.
 */
import type { Kysely } from 'kysely';
import { chooseClass } from '../courses/class-rules.js';
import type { CourseRow } from '../courses/course-store.js';
import type { ConfirmationMail } from './confirmation-mail.js';
import { type EnrolmentNotices, NO_NOTICES } from './notices.js';
import { createRemovals, type RemovalNotice } from './removals.js';
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
  ClassNotFoundError,
  ClassRequiredError,
  EnrolledInOtherClassError,
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
import type { PrerequisiteCheck } from './prerequisite-check.js';
import { createPromotions, type Log, type Promotions, silent } from './promotions.js';
import { createRepair, type RepairReport } from './repair.js';
import type { EnrolmentRepository } from './repository.js';
import { decideCancel, enrolmentWindow, placesLeft } from './rules.js';

export type { RepairReport } from './repair.js';

export type {
  Availability,
  EnrolmentCourse,
  EnrolmentServiceOptions,
  EnrolReading,
  EnrolResult,
  JoinResult,
} from './service-types.js';
import type {
  Availability,
  EnrolmentCourse,
  EnrolmentServiceOptions,
  EnrolReading,
  EnrolResult,
  JoinResult,
} from './service-types.js';

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
  readonly #requirePrerequisites: PrerequisiteCheck;
  readonly #promotions: Promotions;
  readonly #repair: ReturnType<typeof createRepair>;
  readonly #removals: ReturnType<typeof createRemovals>;

  constructor(options: EnrolmentServiceOptions) {
    this.#requireVerifiedEmail = options.requireVerifiedEmail ?? (() => Promise.resolve());
    this.#requirePrerequisites = options.requirePrerequisites ?? (() => Promise.resolve());
    this.#confirmationMail = options.confirmationMail ?? (() => Promise.resolve(null));
    this.#notices = options.notices ?? NO_NOTICES;
    this.#repository = options.repository;
    this.#directory = options.directory;
    this.#log = options.log ?? silent;
    this.#now = options.now ?? (() => new Date());
    const parts = {
      repository: this.#repository,
      directory: this.#directory,
      confirmationMail: this.#confirmationMail,
      now: this.#now,
    };
    this.#promotions = createPromotions(parts);
    this.#repair = createRepair(parts, this.#promotions, this.#log);
    this.#removals = createRemovals(parts, this.#promotions, this.#notices);
  }

  /**
   * The class a request for the course means (decision 052): the one named, else the course's only
   * open class.
   * @throws ClassNotFoundError, ClassRequiredError, EnrolmentNotOpenError (no class open, one
   *   announced), EnrolmentClosedError (none open nor announced)
   */
  async #classOf(courseSlug: string, requested: string | undefined): Promise<string> {
    const now = this.#now().toISOString();
    const choice = chooseClass(await this.#repository.classChoices(courseSlug), requested, now);
    switch (choice.kind) {
      case 'class':
        return choice.id;
      case 'class-required':
        throw new ClassRequiredError();
      case 'unknown-class':
        throw new ClassNotFoundError();
      default:
        if (choice.nextOpening !== null) throw new EnrolmentNotOpenError(choice.nextOpening);
        throw new EnrolmentClosedError();
    }
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
    const classId = await this.#classOf(course.slug, course.classId);
    await this.#requirePrerequisites(userId, course.slug);
    // Two rounds at most: the second only when our reservation vanished while the directory was
    // adding the person (released by a concurrent failing request of the same person).
    for (let round = 1; ; round++) {
      const { outcome, settings } = await this.#repository.reserveReading(
        classId,
        userId,
        this.#now(),
      );
      if (outcome === 'full') throw CourseFullError.withoutStack();
      if (outcome === 'not-open') throw await this.#notOpen(classId);
      if (outcome === 'closed') throw new EnrolmentClosedError();
      if (outcome === 'other-class') throw new EnrolledInOtherClassError();
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

  async #notOpen(classId: string): Promise<EnrolmentNotOpenError> {
    const { opensAt } = await this.#repository.window(classId);
    const toCome = opensAt !== null && opensAt > this.#now().toISOString();
    return new EnrolmentNotOpenError(toCome ? opensAt : null);
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

  /** Completes the promotions (promotions.ts). Never throws. */
  #completePromotion(promotion: Promotion, log: Log): Promise<void> {
    return this.#promotions.complete(promotion, log);
  }

  /** The course's group, after checking the course exists. */
  async #groupOf(courseSlug: string): Promise<string> {
    const groupId = await this.#repository.groupOf(courseSlug);
    if (groupId === null) throw new CourseNotFoundError();
    return groupId;
  }

  /**
   * Puts the person on the waiting list of the course's class (`classId`, else the only open one;
   * idempotent: the position they have).
   * @throws CourseNotFullError (a place is free: enrol instead), AlreadyEnrolledError,
   *   EnrolmentNotOpenError, EnrolmentClosedError, EmailNotVerifiedError, CourseNotFoundError,
   *   ClassRequiredError, ClassNotFoundError
   */
  async joinWaitingList(
    userId: string,
    courseSlug: string,
    log: Log = this.#log,
    requestedClass?: string,
  ): Promise<JoinResult> {
    await this.#groupOf(courseSlug);
    await this.#requireVerifiedEmail(userId);
    const classId = await this.#classOf(courseSlug, requestedClass);
    await this.#requirePrerequisites(userId, courseSlug);
    const { decision, position, promotion } = await this.#repository.joinWaitingList(
      classId,
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
      case 'other-class':
        throw new EnrolledInOtherClassError();
      case 'not-open':
        throw await this.#notOpen(classId);
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

  /**
   * Takes the person off the course's waiting list (their own leaving: 'Cancelada' in their
   * history); false when they were not on it.
   */
  async leaveWaitingList(userId: string, courseSlug: string): Promise<boolean> {
    await this.#groupOf(courseSlug);
    return this.#repository.leaveWaitingList(courseSlug, userId, this.#now(), { cancelled: true });
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
  removeConfirmed(
    courseSlug: string,
    userId: string,
    log: Log = this.#log,
    notice?: RemovalNotice,
  ): Promise<void> {
    return this.#removals.removeConfirmed(courseSlug, userId, log, notice);
  }

  /**
   * Runs `work` (staff's change of the places or window of the course's current class) in a
   * transaction under the class's lock; the free places it leaves go to the people waiting in the
   * same transaction.
   */
  async changeCourse<T>(
    courseSlug: string,
    work: (trx: Kysely<Database>, classId: string) => Promise<T>,
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

  /**
   * Runs `work` (staff's change of one class: its places, window or meetings) in a transaction
   * under that class's lock; the free places it leaves go to its waiting list in the same
   * transaction (issue 29: the staff area addresses a class, not only the current one).
   */
  async changeClass<T>(
    classId: string,
    work: (trx: Kysely<Database>, classId: string) => Promise<T>,
    log: Log = this.#log,
  ): Promise<T> {
    const { result, promotion } = await this.#repository.changeClass(classId, this.#now(), (trx) =>
      work(trx, classId),
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
  repairRemovals(graceMs: number): Promise<number> {
    return this.#repair.repairRemovals(graceMs);
  }

  /**
   * Settles 'pending' rows older than `graceMs` (their requests have ended: crashed, or their
   * release failed): confirmed when the directory has the membership, released otherwise. A row
   * the directory cannot answer about stays pending for the next run.
   */
  repairPendingEnrolments(graceMs: number): Promise<RepairReport> {
    return this.#repair.repairPendingEnrolments(graceMs);
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

  /** The classes open or opening soon of every course (the public list of classes). */
  listedClasses() {
    return this.#repository.listedClasses();
  }

  /** Upserts the content's courses (slug, group, places) into the database. */
  syncCourses(courses: readonly CourseRow[]): Promise<void> {
    return this.#repository.syncCourses(courses);
  }
}
