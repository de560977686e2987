/**
 * Why an enrolment was refused or could not finish. The enrolment throws these; the API's error
 * handler (plugins/error-handler.ts) gives each its HTTP status, code and pt-BR message.
 * A person the directory does not know is the directory's own DirectoryUserNotFoundError.
 */
import { DirectoryError } from '../directory/directory.js';

/** No place is left in the course. */
export class CourseFullError extends Error {
  override name = 'CourseFullError';

  /**
   * Without a stack trace: during a rush most answers are this one, and capturing a stack for an
   * expected refusal was a visible share of the CPU. (Refusals are logged without stacks anyway.)
   */
  static withoutStack(): CourseFullError {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new CourseFullError('No place is left in the course.');
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

/** The group is not the group of any course (the server adds nobody to an arbitrary group). */
/** The person's e-mail is not confirmed yet, and EMAIL_VERIFICATION requires it (issue 11). */
export class EmailNotVerifiedError extends Error {
  override name = 'EmailNotVerifiedError';
  constructor() {
    super('The e-mail address is not confirmed.');
  }
}

export class UnknownGroupError extends Error {
  override name = 'UnknownGroupError';
  constructor() {
    super('The group is not the group of any course.');
  }
}

/**
 * The directory failed while enrolling (the place taken was given back), or the reservation
 * vanished twice. `status` is the answer's: 503 when the directory said so, else 502.
 */
export class EnrolmentIncompleteError extends Error {
  override name = 'EnrolmentIncompleteError';
  readonly status: 502 | 503;
  constructor(options: { cause?: unknown; status?: 502 | 503 } = {}) {
    super('The enrolment could not be completed.', { cause: options.cause });
    this.status =
      options.status ?? (options.cause instanceof DirectoryError ? options.cause.status : 502);
  }
}

/** Enrolment in the course has not opened yet (staff setting; the server's clock decides). */
export class EnrolmentNotOpenError extends Error {
  override name = 'EnrolmentNotOpenError';
  /** The opening instant (UTC ISO-8601). */
  constructor(readonly opensAt: string) {
    super('Enrolment in the course has not opened yet.');
  }
}

/** Enrolment in the course has closed. */
export class EnrolmentClosedError extends Error {
  override name = 'EnrolmentClosedError';
  constructor() {
    super('Enrolment in the course has closed.');
  }
}

/** The person named a course the server does not know (a slug of no course). */
export class CourseNotFoundError extends Error {
  override name = 'CourseNotFoundError';
  constructor() {
    super('No such course.');
  }
}

/** Joining the waiting list while a place is free: the person should enrol instead. */
export class CourseNotFullError extends Error {
  override name = 'CourseNotFullError';
  constructor() {
    super('The course has a free place.');
  }
}

/** Joining the waiting list of a course the person already holds a place in. */
export class AlreadyEnrolledError extends Error {
  override name = 'AlreadyEnrolledError';
  constructor() {
    super('The person holds a place in the course.');
  }
}

/** Cancelling a place the person does not hold. */
export class NoEnrolmentError extends Error {
  override name = 'NoEnrolmentError';
  constructor() {
    super('The person holds no place in the course.');
  }
}

/**
 * The person's place is still 'pending' (a request or a promotion is adding them to the group):
 * it cannot be cancelled until that settles (a few seconds, or the repair's next run).
 */
export class EnrolmentInProgressError extends Error {
  override name = 'EnrolmentInProgressError';
  constructor() {
    super('The enrolment is still being completed.');
  }
}

/** The directory failed while removing the person from the course's group (nothing changed). */
export class CancellationIncompleteError extends Error {
  override name = 'CancellationIncompleteError';
  readonly status: 502 | 503;
  constructor(cause: unknown) {
    super('The cancellation could not be completed.', { cause });
    this.status = cause instanceof DirectoryError ? cause.status : 502;
  }
}
