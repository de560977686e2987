/**
 * Why an enrolment was refused or could not finish: refusals (refusals/refusal.ts), each a line of
 * refusals/catalogue.ts that gives its HTTP status, code and pt-BR message. The named classes are
 * the enrolment's vocabulary for its throw sites and `instanceof` checks; a new refusal needs only
 * its catalogue line (`throw new Refusal('name')`).
 * A person the directory does not know is the directory's own DirectoryUserNotFoundError.
 */
import { DirectoryError } from '../directory/directory.js';
import { Refusal, refusalClass } from '../refusals/refusal.js';

/** No place is left in the course. */
export class CourseFullError extends Refusal<'courseFull'> {
  override name = 'CourseFullError';
  constructor(message = 'No place is left in the course.') {
    super('courseFull', { message });
  }

  /**
   * Without a stack trace: during a rush most answers are this one, and capturing a stack for an
   * expected refusal was a visible share of the CPU. (Refusals are logged without stacks anyway.)
   */
  static withoutStack(): CourseFullError {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new CourseFullError();
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

/** The person's e-mail is not confirmed yet, and EMAIL_VERIFICATION requires it. */
export const EmailNotVerifiedError = refusalClass(
  'EmailNotVerifiedError',
  'emailNotVerified',
  'The e-mail address is not confirmed.',
);
/** The group is not the group of any course (the server adds nobody to an arbitrary group). */
export const UnknownGroupError = refusalClass(
  'UnknownGroupError',
  'unknownGroup',
  'The group is not the group of any course.',
);
/** Enrolment in the course has closed. */
export const EnrolmentClosedError = refusalClass(
  'EnrolmentClosedError',
  'enrolmentClosed',
  'Enrolment in the course has closed.',
);
/** The person named a course the server does not know (a slug of no course). */
export const CourseNotFoundError = refusalClass(
  'CourseNotFoundError',
  'unknownCourse',
  'No such course.',
);
/** Joining the waiting list while a place is free: the person should enrol instead. */
export const CourseNotFullError = refusalClass(
  'CourseNotFullError',
  'courseNotFull',
  'The course has a free place.',
);
/** Joining the waiting list of a course the person already holds a place in. */
export const AlreadyEnrolledError = refusalClass(
  'AlreadyEnrolledError',
  'alreadyEnrolled',
  'The person holds a place in the course.',
);
/** Cancelling a place the person does not hold. */
export const NoEnrolmentError = refusalClass(
  'NoEnrolmentError',
  'noEnrolment',
  'The person holds no place in the course.',
);
/**
 * The person's place is still 'pending' (a request or a promotion is adding them to the group):
 * it cannot be cancelled until that settles (a few seconds, or the repair's next run).
 */
export const EnrolmentInProgressError = refusalClass(
  'EnrolmentInProgressError',
  'enrolmentInProgress',
  'The enrolment is still being completed.',
);

/**
 * Enrolment in the course has not opened yet (staff setting; the server's clock decides). Without
 * an opening to come (a planned class with no date, or whose date passed before staff opened it)
 * the message names none.
 */
export class EnrolmentNotOpenError extends Refusal<'enrolmentNotOpen'> {
  override name = 'EnrolmentNotOpenError';
  /** The opening instant (UTC ISO-8601), or null when none is to come. */
  constructor(readonly opensAt: string | null) {
    super('enrolmentNotOpen', {
      ...(opensAt === null ? {} : { details: { opensAt } }),
      message: 'Enrolment in the course has not opened yet.',
    });
  }
}

/** 503 when the directory said so, else 502. */
const statusOf = (cause: unknown): 502 | 503 =>
  cause instanceof DirectoryError ? cause.status : 502;

/**
 * The directory failed while enrolling (the place taken was given back), or the reservation
 * vanished twice. `status` is the answer's: 503 when the directory said so, else 502.
 */
export class EnrolmentIncompleteError extends Refusal<'enrolmentIncomplete'> {
  override name = 'EnrolmentIncompleteError';
  constructor(options: { cause?: unknown; status?: 502 | 503 } = {}) {
    super('enrolmentIncomplete', {
      status: options.status ?? statusOf(options.cause),
      cause: options.cause,
      message: 'The enrolment could not be completed.',
    });
  }
}

/** The directory failed while removing the person from the course's group (nothing changed). */
export class CancellationIncompleteError extends Refusal<'cancellationIncomplete'> {
  override name = 'CancellationIncompleteError';
  constructor(cause: unknown) {
    super('cancellationIncomplete', {
      status: statusOf(cause),
      cause,
      message: 'The cancellation could not be completed.',
    });
  }
}

/** Several classes of the course take enrolments: the request must name one (decision 052). */
export const ClassRequiredError = refusalClass(
  'ClassRequiredError',
  'classRequired',
  'Several classes of the course take enrolments: name one.',
);
/** The named class is not one of the course's. */
export const ClassNotFoundError = refusalClass(
  'ClassNotFoundError',
  'classNotFound',
  'No such class in the course.',
);
/** The person holds a place in another class of the same course. */
export const EnrolledInOtherClassError = refusalClass(
  'EnrolledInOtherClassError',
  'enrolledInOtherClass',
  'The person holds a place in another class of the course.',
);
