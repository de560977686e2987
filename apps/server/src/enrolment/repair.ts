/**
 * The repair of what a crash or a directory failure left (decisions 008, 030): 'pending' rows whose
 * request ended, removals under way, and free places beside a waiting list. The membership in the
 * directory decides; a row the directory cannot answer about stays for the next run.
 */
import type { Log } from '../logging.js';
import type { EnrolmentParts, Promotions } from './promotions.js';
import { staleBefore } from './rules.js';

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

export function createRepair(
  { repository, directory, confirmationMail, now: clock }: EnrolmentParts,
  promotions: Promotions,
  log: Log,
) {
  /** Settles removals left by a crash: the membership in the directory decides. */
  async function repairRemovals(graceMs: number): Promise<number> {
    const rows = await repository.removalsBefore(staleBefore(clock(), graceMs));
    let settled = 0;
    for (const r of rows) {
      try {
        // The marker is the course's (its group's membership); the place is in the class the
        // person holds in the course, if any is left.
        const classId = await repository.heldClassOf(r.courseSlug, r.userId);
        if (classId === null || (await directory.isMember(r.groupId, r.userId))) {
          await repository.abandonRemoval(r.courseSlug, r.userId);
        } else {
          const ref = { classId, courseSlug: r.courseSlug };
          const { promotion } = await repository.finishRemoval(ref, r.userId, clock());
          await promotions.complete(promotion, log);
        }
        settled++;
      } catch (error) {
        log.warn({ err: error, course: r.courseSlug }, 'could not repair a removal');
      }
    }
    return settled;
  }

  /**
   * Settles 'pending' rows older than `graceMs` (their requests have ended: crashed, or their
   * release failed): confirmed when the directory has the membership, released otherwise.
   */
  async function repairPendingEnrolments(graceMs: number): Promise<RepairReport> {
    const report: RepairReport = { confirmed: 0, released: 0, failed: 0, removals: 0, promoted: 0 };
    const now = clock();
    const rows = await repository.pendingCreatedBefore(staleBefore(now, graceMs));
    for (const row of rows) {
      try {
        if (await directory.isMember(row.groupId, row.userId)) {
          const message = await confirmationMail(row.userId, row.courseSlug, row.promoted);
          if (await repository.confirm(row.classId, row.userId, now, message)) {
            report.confirmed++;
          }
        } else if (row.promoted) {
          // A promoted place stays the person's: add them again.
          report[await promotions.settlePromoted(row, row.userId, log)]++;
        } else {
          const { released, promotion } = await repository.release(row.classId, row.userId, now);
          if (released) report.released++;
          await promotions.complete(promotion, log);
        }
      } catch (error) {
        report.failed++;
        log.warn({ err: error, course: row.courseSlug }, 'could not repair an enrolment');
      }
    }
    report.removals = await repairRemovals(graceMs);
    // Free places beside a waiting list (a promotion that gave its place back while the list was
    // empty, then someone joined...): the sweep gives them to the people waiting, class by class.
    for (const classId of await repository.classesToPromote(now)) {
      const { promotion } = await repository.changeClass(classId, now, () => Promise.resolve());
      report.promoted += promotion.userIds.length;
      await promotions.complete(promotion, log);
    }
    if (rows.length > 0 || report.removals > 0 || report.promoted > 0) {
      log.info({ ...report }, 'interrupted enrolments repaired');
    }
    return report;
  }

  return { repairRemovals, repairPendingEnrolments };
}
