/**
 * Enrolment, the facade the routes and the staff area call: taking a place (enrolling.ts, after
 * the person's gates: a verified e-mail and the course's prerequisites), the waiting list, giving a
 * place back (removals.ts), staff's changes under a class's lock, the repairs (repair.ts) and the
 * reads of places.
 *
 * The waiting list (decision 030): a person joins it only when the course is full and
 * enrolment is open. Every change that frees a place (a cancellation, a removal by staff, a
 * released reservation, more places set by staff) gives it to the first person waiting in the same
 * transaction: their row becomes a 'pending' enrolment, promoted. Then, outside the transaction,
 * the directory adds them to the group and the row is confirmed with its e-mail. A promoted place
 * is never given back on a directory failure: the repair adds the person again (promotions.ts,
 * repair.ts).
 *
 * Classes (decision 052): places, the window and the waiting list are a class's. A
 * request names its class, or means the course's only open class (requested-class.ts); a person holds a
 * place in (or waits for) one class of a course at a time.
 */
import type { Kysely } from 'kysely';
import type { CourseRow } from '../courses/course-store.js';
import type { ConfirmationMail } from './confirmation-mail.js';
import { createEnrolling } from './enrolling.js';
import { type EnrolmentNotices, NO_NOTICES } from './notices.js';
import { createRemovals, type RemovalNotice } from './removals.js';
import type { Database } from '../db/schema.js';
import type { Directory } from '../directory/directory.js';
import {
  AlreadyEnrolledError,
  CourseNotFoundError,
  CourseNotFullError,
  EnrolmentClosedError,
  EnrolmentInProgressError,
  NoEnrolmentError,
  EnrolledInOtherClassError,
} from './errors.js';
import type { Promotion } from './course-lock.js';
import type { PersonRows } from './person-rows.js';
import type { PrerequisiteCheck } from './prerequisite-check.js';
import {
  createPromotions,
  type EnrolmentParts,
  type Log,
  type Promotions,
  silent,
} from './promotions.js';
import { createRepair, type RepairReport } from './repair.js';
import type { EnrolmentRepository } from './repository.js';
import { classOfRequest, notOpenError } from './requested-class.js';
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
  readonly #enrolling: ReturnType<typeof createEnrolling>;
  readonly #parts: EnrolmentParts;

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
    this.#enrolling = createEnrolling(parts, this.#promotions);
    this.#parts = parts;
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
    const classId = await classOfRequest(this.#parts, course.slug, course.classId);
    await this.#requirePrerequisites(userId, course.slug);
    return this.#enrolling.enrolIn(classId, userId, course, log);
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
    const classId = await classOfRequest(this.#parts, courseSlug, requestedClass);
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
        throw await notOpenError(this.#parts, classId);
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
   * transaction (the staff area addresses a class, not only the current one).
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
