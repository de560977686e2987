/**
 * The waiting lists (decision 030), one per class (decision 052): joining at the end when the class
 * is full, leaving, the positions, and the classes whose free places the repair's sweep promotes.
 * A person waits for at most one class of a course that is not concluded (unique course and person
 * of the active rows, decision 059), and never for a course they hold an active place in.
 */
import { takesEnrolmentsAt } from '../classes/class-rules-sql.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Db } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import { type DataMailRow, insertDataRows } from '../mail/outbox.js';
import { type CourseLock, nobody, type Promotion } from './course-lock.js';
import { recordCancellation } from './cancellations.js';
import type { ClassRef } from './class-ref.js';
import { decideJoin, type JoinDecision, placesToPromote } from './rules.js';

/** What `joinWaitingList` did: the decision, and the person's position when they wait. */
export interface JoinOutcome {
  decision: JoinDecision;
  /** 1 for the first person waiting; null when the person does not wait. */
  position: number | null;
  /** Promotions made in the same transaction (the person may have been the first of them). */
  promotion: Promotion;
}

async function countWaiting(db: Db, classId: string): Promise<number> {
  const row = await db
    .selectFrom('waiting_list')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The person's active waiting row in the course (at most one: decision 059): a refusal names
 * another class's list.
 */
function activeWaitingRow(db: Db, courseSlug: string, userId: string) {
  return db
    .selectFrom('waiting_list')
    .select(['id', 'class_id'])
    .where('course_slug', '=', courseSlug)
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** The position of the waiting row `id` on its class's list (1: next). */
export async function positionIn(db: Db, classId: string, id: number): Promise<number> {
  const ahead = await db
    .selectFrom('waiting_list')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_id', '=', classId)
    .where('id', '<', id)
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

export function createWaitingList(
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
  { lockCourse, underLock }: CourseLock,
) {
  const { db, dialect } = handle;

  /**
   * The join: one conditional insert, like the enrolment's (decision 008), at the end of the list
   * when the course is full (or people wait already), its enrolment open, and the person holds no
   * active place in the course; a second join of the same person, in this class or another active
   * one, is a no-op (unique class and person, and course and person of the active rows). On
   * PostgreSQL the SELECT part locks the class's row, so the `id` (a sequence) is given in the
   * order the joins commit; on SQLite the write group's immediate transaction orders them. Answers
   * the new row's id, or undefined when nothing was inserted.
   */
  async function joinIfFull(
    classId: string,
    userId: string,
    at: string,
    on: Db = db,
  ): Promise<number | undefined> {
    const row = await on
      .insertInto('waiting_list')
      .columns(['course_slug', 'class_id', 'user_id', 'joined_at'])
      .expression((eb) =>
        eb
          .selectFrom('classes')
          .select([
            'course_slug',
            'id',
            eb.cast<string>(eb.val(userId), 'text').as('user_id'),
            eb.cast<string>(eb.val(at), 'text').as('joined_at'),
          ])
          .where('id', '=', classId)
          .where(takesEnrolmentsAt('classes', at))
          .where((w) =>
            w.or([
              w('taken', '>=', w.ref('places')),
              w.exists(
                w
                  .selectFrom('waiting_list as l')
                  .select('l.id')
                  .whereRef('l.class_id', '=', 'classes.id'),
              ),
            ]),
          )
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('enrolments as e')
                  .select('e.user_id')
                  .whereRef('e.course_slug', '=', 'classes.course_slug')
                  .where('e.user_id', '=', userId)
                  .where('e.active', '=', 1),
              ),
            ),
          )
          .$if(dialect === 'postgres', (q) => q.forUpdate()),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Promotes into the class's free places, if any (read without the lock first). */
  async function promoteIfFree(classId: string, now: Date): Promise<Promotion> {
    const course = await lockCourse(db, classId, false);
    if (placesToPromote(course, Number.MAX_SAFE_INTEGER, now.toISOString()) === 0) {
      return nobody(course.courseSlug, classId, course.groupId);
    }
    return (await underLock(classId, now, () => Promise.resolve())).promotion;
  }

  return {
    /**
     * Puts the person at the end of the class's waiting list when the class is full and open (see
     * `decideJoin`), in one transaction under the class's lock.
     */
    async joinWaitingList(
      classId: string,
      userId: string,
      clock: () => Date,
      /** The notice of the join (its position), written in the join's transaction. */
      notice: (position: number) => DataMailRow | null = () => null,
    ): Promise<JoinOutcome> {
      // Two rounds at most: the second only when the course changed between the conditional
      // insert and the read that explains its refusal.
      for (let round = 1; ; round++) {
        const at = clock().toISOString();
        const joined = await writeTransaction(handle, async (trx) => {
          const id = await joinIfFull(classId, userId, at, trx);
          if (id === undefined) return id;
          const row = notice(await positionIn(trx, classId, id));
          if (row) await insertDataRows(trx, [row]);
          return id;
        });
        const course = await lockCourse(db, classId, false);
        const { courseSlug } = course;
        if (joined !== undefined) {
          // Null when the row went meanwhile (a concurrent promotion gave the person a place).
          const still = await db
            .selectFrom('waiting_list')
            .select('id')
            .where('id', '=', joined)
            .executeTakeFirst();
          const position = still ? await positionIn(db, classId, joined) : null;
          // A place freed meanwhile beside the list (the insert ran on an older view of it):
          // promoted now, not at the repair's next sweep.
          const promotion = await promoteIfFree(classId, clock());
          return {
            decision: 'join',
            position: promotion.userIds.includes(userId) ? null : position,
            promotion,
          };
        }
        const [mine, waitingRow, count] = await Promise.all([
          db
            .selectFrom('enrolments')
            .select('status')
            .where('course_slug', '=', courseSlug)
            .where('user_id', '=', userId)
            .where('active', '=', 1)
            .executeTakeFirst(),
          activeWaitingRow(db, courseSlug, userId),
          countWaiting(db, classId),
        ]);
        const waiting = waitingRow
          ? await positionIn(db, waitingRow.class_id, waitingRow.id)
          : null;
        const decision = decideJoin(
          { ...course, waiting: count },
          {
            status: mine?.status ?? null,
            waiting: waiting !== null,
            waitingElsewhere: waitingRow !== undefined && waitingRow.class_id !== classId,
          },
          at,
        );
        if (decision !== 'join' || round >= 2) {
          return {
            decision: decision === 'join' ? 'not-full' : decision,
            position: waiting,
            promotion: nobody(courseSlug, classId, course.groupId),
          };
        }
      }
    },

    /**
     * Takes the person off the class's waiting list (a class not concluded). False when they were
     * not on it. With `cancelled`, the person's own leaving is kept for their history
     * ('Cancelada').
     */
    async leaveWaitingList(
      { classId, courseSlug }: Pick<ClassRef, 'classId' | 'courseSlug'>,
      userId: string,
      now?: Date,
      options: { cancelled?: boolean } = {},
    ): Promise<boolean> {
      return writeTransaction(handle, async (trx) => {
        const left = await trx
          .deleteFrom('waiting_list')
          .where('class_id', '=', classId)
          .where('user_id', '=', userId)
          .where('active', '=', 1)
          .executeTakeFirst();
        const gone = Number(left.numDeletedRows) > 0;
        if (gone && options.cancelled) {
          await recordCancellation(trx, classId, courseSlug, userId, now ?? new Date());
        }
        return gone;
      });
    },

    /** Classes with people waiting and a free place (the repair's sweep promotes them). */
    async classesToPromote(now: Date): Promise<string[]> {
      const at = now.toISOString();
      const rows = await db
        .selectFrom('classes as c')
        .select('c.id')
        .whereRef('c.taken', '<', 'c.places')
        .where(takesEnrolmentsAt('c', at))
        .where((eb) =>
          eb.exists(
            eb.selectFrom('waiting_list as w').select('w.id').whereRef('w.class_id', '=', 'c.id'),
          ),
        )
        .execute();
      return rows.map((r) => r.id);
    },

    /** People waiting, by class id (classes without anyone waiting are absent). */
    async waitingCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('waiting_list')
        .select(['class_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('active', '=', 1)
        .groupBy('class_id')
        .execute();
      return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
    },
  };
}

export type WaitingList = ReturnType<typeof createWaitingList>;
