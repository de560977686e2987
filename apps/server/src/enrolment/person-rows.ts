/**
 * What the database holds of one person's enrolments: their active row in a class, and their
 * places and waiting positions across courses and classes, concluded ones included (the person's
 * own page and history, and the deletion of their data).
 */
import type { Kysely } from 'kysely';
import type { Database, EnrolmentStatus } from '../db/schema.js';
import { positionIn } from './waiting-list.js';

/** A person's own rows: places held and positions on waiting lists. */
export interface PersonRows {
  enrolments: {
    courseSlug: string;
    /** The class holding the place (decision 052). */
    classId: string;
    status: EnrolmentStatus;
    createdAt: string;
    updatedAt: string;
    promotedAt: string | null;
    /** False once the class is concluded (decision 059). */
    active: boolean;
    /** The token of the place's QR code, shown at the door (decision 097). */
    checkInToken: string;
  }[];
  waiting: {
    courseSlug: string;
    classId: string;
    position: number;
    joinedAt: string;
    active: boolean;
  }[];
}

export function createPersonRows(db: Kysely<Database>) {
  return {
    /**
     * The person's status in the class (their row while the class is not concluded; null: none),
     * and whether the row was promoted.
     */
    async enrolmentOf(
      classId: string,
      userId: string,
    ): Promise<{ status: EnrolmentStatus; promoted: boolean } | null> {
      const row = await db
        .selectFrom('enrolments')
        .select(['status', 'promoted_at'])
        .where('class_id', '=', classId)
        .where('user_id', '=', userId)
        .where('active', '=', 1)
        .executeTakeFirst();
      return row ? { status: row.status, promoted: row.promoted_at !== null } : null;
    },

    /** The person's places and waiting positions, across courses. */
    async personRows(userId: string): Promise<PersonRows> {
      const [enrolments, waiting] = await Promise.all([
        db
          .selectFrom('enrolments')
          .select([
            'course_slug',
            'class_id',
            'status',
            'created_at',
            'updated_at',
            'promoted_at',
            'active',
            'check_in_token',
          ])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute(),
        db
          .selectFrom('waiting_list')
          .select(['id', 'course_slug', 'class_id', 'joined_at', 'active'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
      ]);
      return {
        enrolments: enrolments.map((e) => ({
          courseSlug: e.course_slug,
          classId: e.class_id,
          status: e.status,
          createdAt: e.created_at,
          updatedAt: e.updated_at,
          promotedAt: e.promoted_at,
          active: Number(e.active) === 1,
          checkInToken: e.check_in_token,
        })),
        waiting: await Promise.all(
          waiting.map(async (w) => ({
            courseSlug: w.course_slug,
            classId: w.class_id,
            joinedAt: w.joined_at,
            position: await positionIn(db, w.class_id, w.id),
            active: Number(w.active) === 1,
          })),
        ),
      };
    },
  };
}
