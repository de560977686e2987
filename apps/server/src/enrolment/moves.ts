/**
 * A confirmed place moved by staff to another class of the same course (decision 090), in one
 * write transaction under both classes' locks, taken in the order of their ids so that two moves
 * in opposite directions wait for each other instead of deadlocking: the person's row changes
 * class (the database's triggers move the place taken), their notice is written, and the place
 * freed in the class they left goes to that class's waiting list in order. Their attendance marks
 * stay with the class they left: those meetings happened there. The person stays in the course's
 * group in the directory, so nothing outside the database is asked.
 */
import type { DatabaseHandle } from '../db/database.js';
import { writeTransaction } from '../db/write-transaction.js';
import { type DataMailRow, insertDataRows } from '../mail/outbox.js';
import type { ClassRef } from './class-ref.js';
import type { CourseLock, LockedCourse, Promotion } from './course-lock.js';
import { decideMove, type MoveDecision } from './move-rules.js';

export function createMoves(handle: Pick<DatabaseHandle, 'db' | 'dialect'>, lock: CourseLock) {
  return {
    async move(
      from: ClassRef,
      toClassId: string,
      userId: string,
      now: Date,
      notice: DataMailRow | null,
    ): Promise<{ decision: MoveDecision; promotion: Promotion }> {
      const at = now.toISOString();
      return writeTransaction(handle, async (trx) => {
        const locked = new Map<string, LockedCourse>();
        for (const id of [from.classId, toClassId].sort()) {
          if (!locked.has(id)) locked.set(id, await lock.lockCourse(trx, id));
        }
        const target = locked.get(toClassId) as LockedCourse;
        const row = await trx
          .selectFrom('enrolments')
          .select('status')
          .where('class_id', '=', from.classId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        const decision = decideMove(
          { id: from.classId, courseSlug: from.courseSlug, status: row?.status ?? null },
          { id: toClassId, ...target },
        );
        const promotion: Promotion = { ...from, userIds: [] };
        if (decision !== 'move') return { decision, promotion };
        await trx
          .updateTable('enrolments')
          .set({ class_id: toClassId, updated_at: at })
          .where('class_id', '=', from.classId)
          .where('user_id', '=', userId)
          .execute();
        if (notice) await insertDataRows(trx, [notice]);
        promotion.userIds = await lock.promoteWithin(trx, from.classId, at);
        return { decision, promotion };
      });
    },
  };
}
