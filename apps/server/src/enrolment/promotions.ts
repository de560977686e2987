/**
 * Completing promotions from a waiting list (decision 030), outside the transaction that made them:
 * the directory adds each promoted person to the course's group and their row is confirmed with
 * its e-mail. A failure leaves the row 'pending' (the place stays theirs; the repair tries again);
 * a person the directory does not know loses the place, which goes on to the next person waiting.
 */
import type { Log } from '../logging.js';
import { DirectoryUserNotFoundError, type Directory } from '../directory/directory.js';
import type { ClassRef } from './class-ref.js';
import type { ConfirmationMail } from './confirmation-mail.js';
import type { Promotion } from './course-lock.js';
import type { EnrolmentRepository } from './repository.js';

export const silent: Log = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** What the enrolment's parts share: the tables, the directory, the e-mail and the clock. */
export interface EnrolmentParts {
  repository: EnrolmentRepository;
  directory: Directory;
  confirmationMail: ConfirmationMail;
  now: () => Date;
}

export function createPromotions({ repository, directory, confirmationMail, now }: EnrolmentParts) {
  /** Adds a person promoted in the class to the group and confirms them; never throws. */
  async function settlePromoted(
    { classId, courseSlug, groupId }: ClassRef,
    userId: string,
    log: Log,
  ): Promise<'confirmed' | 'released' | 'failed'> {
    try {
      const [, message] = await Promise.all([
        directory.addToGroup(groupId, userId),
        confirmationMail(userId, courseSlug, true),
      ]);
      await repository.confirm(classId, userId, now(), message);
      return 'confirmed';
    } catch (error) {
      if (error instanceof DirectoryUserNotFoundError) {
        try {
          const { promotion } = await repository.release(classId, userId, now(), {
            promoted: true,
          });
          await complete(promotion, log);
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

  /** Completes every promotion of `promotion`, at once. Never throws. */
  async function complete(promotion: Promotion, log: Log): Promise<void> {
    await Promise.all(promotion.userIds.map((userId) => settlePromoted(promotion, userId, log)));
  }

  return { complete, settlePromoted };
}

export type Promotions = ReturnType<typeof createPromotions>;
