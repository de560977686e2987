/**
 * Taking a place (service.ts): reserve it (one transaction under the class's lock), add the person
 * to the course's group in the directory (outside any transaction: it is a network call), then
 * confirm. A place counts only for someone the directory accepted: when the directory refuses or is
 * unavailable, the place taken for this request is given back and the answer is a 502/503; when it
 * did not answer (a timeout: it may have added the person) the place stays 'pending' and is settled
 * by the membership. A crash between the steps leaves a 'pending' row that the repair settles with
 * the directory (repair.ts).
 */
import type { DataMailRow } from '../mail/outbox.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DirectoryError, DirectoryUserNotFoundError } from '../directory/directory.js';
import type { Promotion } from './course-lock.js';
import {
  CourseFullError,
  EnrolledInOtherClassError,
  EnrolmentClosedError,
  EnrolmentIncompleteError,
} from './errors.js';
import type { Log } from '../logging.js';
import type { EnrolmentParts, Promotions } from './promotions.js';
import { notOpenError } from './requested-class.js';
import type { ClassRef } from './class-ref.js';
import type { EnrolReading } from './service-types.js';

/** The error thrown when the directory failed while enrolling. */
function directoryFailure(error: unknown): Error {
  // A person the directory does not know stays the directory's error (answered 404).
  if (error instanceof DirectoryUserNotFoundError) return error;
  // The confirmation e-mail reads the course's settings: the database being away is a 503.
  if (isDatabaseUnavailable(error)) return error as Error;
  return new EnrolmentIncompleteError({ cause: error });
}

export function createEnrolling(parts: EnrolmentParts, promotions: Promotions) {
  const { repository, directory, confirmationMail, now } = parts;

  /** Gives back the place this request reserved; never throws (the repair settles a failure). */
  async function release(ref: ClassRef, userId: string, log: Log): Promise<void> {
    let promotion: Promotion;
    try {
      ({ promotion } = await repository.release(ref.classId, userId, now()));
    } catch (error) {
      // The row stays 'pending'; the repair settles it with the directory later.
      log.error({ err: error, course: ref.courseSlug }, 'could not release a reservation');
      return;
    }
    await promotions.complete(promotion, log);
  }

  return {
    /**
     * Takes a place in the class for the person: idempotent (a second call takes no second
     * place). The gates (verified e-mail, prerequisites) are the caller's.
     * @throws CourseFullError, EnrolmentNotOpenError, EnrolmentClosedError,
     *   EnrolledInOtherClassError; EnrolmentIncompleteError when the directory failed (the place
     *   is given back); DirectoryUserNotFoundError when the directory has no such person.
     */
    async enrolIn(ref: ClassRef, userId: string, log: Log): Promise<EnrolReading> {
      const { classId, courseSlug, groupId } = ref;
      // Two rounds at most: the second only when our reservation vanished while the directory was
      // adding the person (released by a concurrent failing request of the same person).
      for (let round = 1; ; round++) {
        const { outcome, settings } = await repository.reserveReading(classId, userId, now());
        if (outcome === 'full') throw CourseFullError.withoutStack();
        if (outcome === 'not-open') throw await notOpenError(parts, classId);
        if (outcome === 'closed') throw new EnrolmentClosedError();
        if (outcome === 'other-class') throw new EnrolledInOtherClassError();
        if (outcome === 'already-confirmed') return { alreadyEnrolled: true, settings };

        let message: DataMailRow | null;
        try {
          [, message] = await Promise.all([
            directory.addToGroup(groupId, userId),
            confirmationMail(userId, courseSlug),
          ]);
        } catch (error) {
          // Only the place this request took is given back; a 'pending' row of another request
          // of the same person (or a promotion) is that request's to settle. Without an answer
          // the directory may have added the person: the row stays and the membership settles it.
          const unknown = error instanceof DirectoryError && error.outcomeUnknown;
          if (outcome === 'reserved' && !unknown) await release(ref, userId, log);
          const answer = directoryFailure(error);
          const notFound = answer instanceof DirectoryUserNotFoundError;
          log[notFound ? 'warn' : 'error'](
            {
              err: error,
              course: courseSlug,
              status: notFound ? 404 : (answer as EnrolmentIncompleteError).status,
            },
            unknown
              ? 'directory did not answer during enrolment; reservation kept for the repair'
              : 'directory failed during enrolment; reservation released',
          );
          throw answer;
        }

        if (await repository.confirm(classId, userId, now(), message)) {
          return { alreadyEnrolled: false, settings };
        }
        log.warn({ course: courseSlug, round }, 'reservation vanished before confirmation');
        if (round >= 2) {
          throw new EnrolmentIncompleteError({ status: 503 });
        }
      }
    },
  };
}
