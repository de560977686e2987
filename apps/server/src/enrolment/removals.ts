/**
 * Removing a confirmed place (the person's cancellation, staff's removal, an account deletion):
 * a marker row first, then the directory removes the person from the group, then the enrolment
 * and the marker go, the person's notice is written (decision 055) and the freed place goes to the
 * next person waiting, in one transaction. The directory failing leaves the enrolment as it was;
 * when it did not answer (it may have removed the person) the marker stays and the repair settles
 * it by the membership (without a notice: it does not know who asked).
 */
import { DirectoryError } from '../directory/directory.js';
import type { ClassRef } from './class-ref.js';
import { CancellationIncompleteError } from './errors.js';
import type { EnrolmentNotices } from './notices.js';
import type { Log } from '../logging.js';
import type { EnrolmentParts, Promotions } from './promotions.js';

/** What the person is told of the removal (none: an account deletion, which says it itself). */
export type RemovalNotice = 'enrolment-cancelled' | 'enrolment-removed';

export function createRemovals(
  { repository, directory, now }: EnrolmentParts,
  promotions: Promotions,
  notices: EnrolmentNotices,
) {
  return {
    /** @throws CancellationIncompleteError */
    async removeConfirmed(
      ref: ClassRef,
      userId: string,
      log: Log,
      notice: RemovalNotice | undefined,
    ): Promise<void> {
      const { courseSlug, groupId } = ref;
      const marked = await repository.beginRemoval(courseSlug, userId, now());
      try {
        await directory.removeFromGroup(groupId, userId);
      } catch (error) {
        // An earlier marker (an attempt without an answer) stays: only the membership can tell
        // whether that attempt removed the person.
        if (marked && !(error instanceof DirectoryError && error.outcomeUnknown)) {
          await repository.abandonRemoval(courseSlug, userId).catch((e: unknown) => {
            // The marker stays; the repair settles it by the membership.
            log.error({ err: e, course: courseSlug }, 'could not abandon a removal');
          });
        }
        log.error({ err: error, course: courseSlug }, 'directory failed during a removal');
        throw new CancellationIncompleteError(error);
      }
      const message = notice ? notices.place(notice, userId, courseSlug) : null;
      const { promotion } = await repository.finishRemoval(ref, userId, now(), message, {
        cancelled: notice === 'enrolment-cancelled',
      });
      await promotions.complete(promotion, log);
    },
  };
}
