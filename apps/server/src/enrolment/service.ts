/**
 * Enrolment: reserve a place (one transaction under the course's lock), add the person to the
 * course's group in the directory (outside any transaction: it is a network call), then confirm.
 * A place counts only for someone the directory accepted: when the directory fails, the place
 * taken for this request is given back and the answer is a 502/503. A crash between the steps
 * leaves a 'pending' row that `repairPendingEnrolments` settles with the directory.
 */
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@centro/contracts';
import {
  DirectoryError,
  DirectoryUserNotFoundError,
  type Directory,
} from '../directory/directory.js';
import { HttpError } from '../plugins/error-handler.js';
import type { CourseRow, EnrolmentRepository } from './repository.js';
import { placesLeft, staleBefore } from './rules.js';

/** Codes and pt-BR messages of the enrolment refusals. */
export const enrolmentErrors = {
  courseFull: { status: 409, code: 'course_full', message: messages.courseFull },
  directoryUnavailable: {
    code: 'directory_unavailable',
    message: 'Não foi possível concluir a inscrição agora. Por favor tente novamente.',
  },
  userNotFound: {
    status: 404,
    code: 'user_not_found',
    message: 'Não encontramos o seu cadastro. Entre novamente ou procure a secretaria do centro.',
  },
} as const;

/** The course as the enrolment needs it. */
export type EnrolmentCourse = Pick<CourseRow, 'slug' | 'groupId'>;

export interface EnrolResult {
  /** True when the person was enrolled before this request (no place was taken). */
  alreadyEnrolled: boolean;
}

export interface Availability {
  places: number;
  placesLeft: number;
}

export interface RepairReport {
  confirmed: number;
  released: number;
  /** Rows left pending because the directory could not answer (tried again later). */
  failed: number;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface EnrolmentServiceOptions {
  repository: EnrolmentRepository;
  directory: Directory;
  /** Logger of the service's own work (repairs); requests pass theirs to `enrol`. */
  log?: Log;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * The 409 of a full course, without a stack trace: during a rush most answers are this one, and
 * capturing a stack for an expected refusal was a visible share of the CPU. (Refusals are logged
 * without stacks anyway.)
 */
function courseFull(): HttpError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const { status, code, message } = enrolmentErrors.courseFull;
    return new HttpError(status, code, message);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The HttpError answered when the directory failed while enrolling. */
function directoryFailure(error: unknown): HttpError {
  if (error instanceof DirectoryUserNotFoundError) {
    const { status, code, message } = enrolmentErrors.userNotFound;
    return new HttpError(status, code, message, { cause: error });
  }
  const status = error instanceof DirectoryError ? error.status : 502;
  const { code, message } = enrolmentErrors.directoryUnavailable;
  return new HttpError(status, code, message, { cause: error });
}

export class EnrolmentService {
  readonly #repository: EnrolmentRepository;
  readonly #directory: Directory;
  readonly #log: Log;
  readonly #now: () => Date;

  constructor(options: EnrolmentServiceOptions) {
    this.#repository = options.repository;
    this.#directory = options.directory;
    this.#log = options.log ?? silent;
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * Enrols the person in the course: idempotent (a second call takes no second place).
   * @throws HttpError 409 course_full; 502/503 directory_unavailable (the place is given back);
   *   404 user_not_found when the directory has no such person.
   */
  async enrol(userId: string, course: EnrolmentCourse, log: Log = this.#log): Promise<EnrolResult> {
    // Two rounds at most: the second only when our reservation vanished while the directory was
    // adding the person (released by a concurrent failing request of the same person).
    for (let round = 1; ; round++) {
      const outcome = await this.#repository.reserve(course.slug, userId, this.#now());
      if (outcome === 'full') throw courseFull();
      if (outcome === 'already-confirmed') return { alreadyEnrolled: true };

      try {
        await this.#directory.addToGroup(course.groupId, userId);
      } catch (error) {
        // Only the place this request took is given back; a 'pending' row of another request of
        // the same person is that request's to settle.
        if (outcome === 'reserved') await this.#release(course.slug, userId, log);
        const answer = directoryFailure(error);
        const level = answer.statusCode === 404 ? 'warn' : 'error';
        log[level](
          { err: error, course: course.slug, status: answer.statusCode },
          'directory failed during enrolment; reservation released',
        );
        throw answer;
      }

      if (await this.#repository.confirm(course.slug, userId, this.#now())) {
        return { alreadyEnrolled: false };
      }
      log.warn({ course: course.slug, round }, 'reservation vanished before confirmation');
      if (round >= 2) {
        const { code, message } = enrolmentErrors.directoryUnavailable;
        throw new HttpError(503, code, message);
      }
    }
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
          if (await this.#repository.confirm(row.courseSlug, row.userId, now)) report.confirmed++;
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
    for (const [slug, { places, taken }] of await this.#repository.occupancy()) {
      courses[slug] = { places, placesLeft: placesLeft(places, taken) };
    }
    return courses;
  }

  /** Upserts the content's courses (slug, group, places) into the database. */
  syncCourses(courses: readonly CourseRow[]): Promise<void> {
    return this.#repository.syncCourses(courses);
  }
}
