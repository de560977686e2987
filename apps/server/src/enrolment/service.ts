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
 * Classes (decision 052): places, the window and the waiting list are a class's. The
 * class is the unit (decision 074): the routes resolve one class reference (`ClassRef`: the class
 * a request names or means, requested-class.ts; the class of the person's place; the class staff
 * chose) and every step carries it: reserve, confirm, release, cancel and remove by class. A
 * person holds a place in (or waits for) one class of a course at a time.
 */
import type { Kysely } from 'kysely';
import type { CourseRow } from '../courses/course-store.js';
import type { ConfirmationMail } from './confirmation-mail.js';
import { createEnrolling } from './enrolling.js';
import { type EnrolmentNotices, NO_NOTICES } from './notices.js';
import { createRemovals, type RemovalNotice } from './removals.js';
import type { Database } from '../db/schema.js';
import type { Directory } from '../directory/directory.js';
import type { ClassRef } from './class-ref.js';
import {
  AlreadyEnrolledError,
  ClassNotFoundError,
  CourseNotFullError,
  EnrolmentClosedError,
  EnrolmentInProgressError,
  NoEnrolmentError,
  EnrolledInOtherClassError,
} from './errors.js';
import type { Promotion } from './course-lock.js';
import type { MoveDecision } from './move-rules.js';
import type { PersonRows } from './person-rows.js';
import type { PrerequisiteCheck } from '../classes/prerequisite-check.js';
import type { Log } from '../logging.js';
import { createPromotions, type EnrolmentParts, type Promotions, silent } from './promotions.js';
import { createRepair, type RepairReport } from './repair.js';
import type { EnrolmentRepository } from './repository.js';
import { classOfRequest, notOpenError } from './requested-class.js';
import { decideCancel } from './rules.js';

export type { RepairReport } from './repair.js';

export type { ClassRef } from './class-ref.js';
export type {
  CourseSlugAndGroup,
  EnrolmentServiceOptions,
  EnrolReading,
  EnrolResult,
  JoinResult,
} from './service-types.js';
import type {
  CourseSlugAndGroup,
  EnrolmentServiceOptions,
  EnrolReading,
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
   * The class a request for the course means (the routes' edge, decision 074): the class it
   * names, else the course's only open class, else the only one taking enrolments now.
   * @throws ClassNotFoundError, ClassRequiredError, EnrolmentNotOpenError, EnrolmentClosedError
   */
  async requestedClass(course: CourseSlugAndGroup, requested?: string): Promise<ClassRef> {
    const classId = await classOfRequest(this.#parts, course.slug, requested);
    return { classId, courseSlug: course.slug, groupId: course.groupId };
  }

  /**
   * The class of the person's place in the course, else of their waiting row (a class not
   * concluded); null: they hold neither.
   */
  async heldClass(userId: string, course: CourseSlugAndGroup): Promise<ClassRef | null> {
    const classId = await this.#repository.heldClassOf(course.slug, userId);
    return classId === null ? null : { classId, courseSlug: course.slug, groupId: course.groupId };
  }

  /**
   * The class `classId` with its course and group (staff's chosen class, a person's row).
   * @throws ClassNotFoundError
   */
  async classRef(classId: string): Promise<ClassRef> {
    const ref = await this.#repository.classRef(classId);
    if (!ref) throw new ClassNotFoundError();
    return ref;
  }

  /**
   * Enrols the person in the class: idempotent (a second call takes no second place). Answers
   * also the class's settings in effect as the enrolment's own read found them (the route's group
   * link: no second query of the class per request).
   * @throws CourseFullError; EnrolmentIncompleteError when the directory failed (the place is
   *   given back); DirectoryUserNotFoundError when the directory has no such person;
   *   EmailNotVerifiedError when the person must confirm their e-mail first.
   * `atDesk`: staff enrol the person at the desk (decision 095), who stood there in person: the
   * e-mail gate, which stops places being taken with addresses one does not own, does not apply;
   * the prerequisites, places and e-mails do.
   */
  async enrol(
    userId: string,
    ref: ClassRef,
    log: Log = this.#log,
    atDesk = false,
  ): Promise<EnrolReading> {
    if (!atDesk) await this.#requireVerifiedEmail(userId);
    await this.#requirePrerequisites(userId, ref.courseSlug);
    return this.#enrolling.enrolIn(ref, userId, log);
  }

  /** Completes the promotions (promotions.ts). Never throws. */
  #completePromotion(promotion: Promotion, log: Log): Promise<void> {
    return this.#promotions.complete(promotion, log);
  }

  /**
   * Puts the person on the class's waiting list (idempotent: the position they have).
   * @throws CourseNotFullError (a place is free: enrol instead), AlreadyEnrolledError,
   *   EnrolmentNotOpenError, EnrolmentClosedError, EmailNotVerifiedError, EnrolledInOtherClassError
   * `atDesk`: as for `enrol`.
   */
  async joinWaitingList(
    userId: string,
    ref: ClassRef,
    log: Log = this.#log,
    atDesk = false,
  ): Promise<JoinResult> {
    const { classId, courseSlug } = ref;
    if (!atDesk) await this.#requireVerifiedEmail(userId);
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
    const row = await this.#repository.enrolmentOf(classId, userId);
    return { state: row?.status === 'confirmed' ? 'enrolled' : 'pending', position: null };
  }

  /**
   * Takes the person off the class's waiting list (their own leaving: 'Cancelada' in their
   * history); false when they were not on it.
   */
  leaveWaitingList(userId: string, ref: ClassRef): Promise<boolean> {
    return this.#repository.leaveWaitingList(ref, userId, this.#now(), { cancelled: true });
  }

  /**
   * The person gives their place in the class back: removed from the course's group, then the
   * place goes to the next person waiting.
   * @throws NoEnrolmentError, EnrolmentInProgressError, CancellationIncompleteError (nothing
   *   changed, or settled by the repair)
   */
  async cancel(userId: string, ref: ClassRef, log: Log = this.#log): Promise<void> {
    const row = await this.#repository.enrolmentOf(ref.classId, userId);
    const decision = decideCancel(row?.status ?? null);
    if (decision === 'none') throw new NoEnrolmentError();
    if (decision === 'in-progress') throw new EnrolmentInProgressError();
    await this.removeConfirmed(ref, userId, log, 'enrolment-cancelled');
  }

  /**
   * Removes a confirmed place in the class (the person's cancellation, or staff's removal): a
   * marker row first, then the directory removes the person from the group, then the enrolment
   * and the marker go and the freed place goes to the next person waiting, in one transaction.
   * The directory failing leaves the enrolment as it was; when it did not answer (it may have
   * removed the person) the marker stays and the repair settles it by the membership.
   * @throws CancellationIncompleteError
   */
  removeConfirmed(
    ref: ClassRef,
    userId: string,
    log: Log = this.#log,
    notice?: RemovalNotice,
  ): Promise<void> {
    return this.#removals.removeConfirmed(ref, userId, log, notice);
  }

  /**
   * Moves the person's confirmed place from `from` to another class of the same course (decision
   * 090): one transaction under both classes' locks; the place freed in `from` goes to its
   * waiting list in order, and the person is told with the new class's meetings. Answers the
   * rule's decision ('move' when it moved).
   */
  async moveConfirmed(
    from: ClassRef,
    to: ClassRef,
    userId: string,
    log: Log = this.#log,
  ): Promise<MoveDecision> {
    const notice = this.#notices.moved(userId, from.courseSlug, from.classId);
    const { decision, promotion } = await this.#repository.move(
      from,
      to.classId,
      userId,
      this.#now(),
      notice,
    );
    await this.#completePromotion(promotion, log);
    return decision;
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

  /** People waiting, by class. */
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

  /**
   * Every course's current class (its state, places and window), by slug: the public
   * availability is a view of them (courses/class-rules.ts `classAvailability`).
   */
  currentClasses() {
    return this.#repository.currentClasses();
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
