/**
 * A class's people over Kysely (one code path for SQLite and PostgreSQL): its enrolments, its
 * waiting list and its attendance, as the staff's lists, exports and attendance read them. No
 * personal data is stored here: names, e-mails and phones stay in the directory.
 */
import type { Db, EnrolmentStatus } from '../db/schema.js';

export interface EnrolmentRow {
  personId: string;
  status: EnrolmentStatus;
  createdAt: string;
  /** The token of the enrolment's QR code (decision 097). */
  checkInToken: string;
}

function enrolmentRow(r: {
  user_id: string;
  status: EnrolmentStatus;
  created_at: string;
  check_in_token: string;
}): EnrolmentRow {
  return {
    personId: r.user_id,
    status: r.status,
    createdAt: r.created_at,
    checkInToken: r.check_in_token,
  };
}

export function createRosterStore(db: Db) {
  /**
   * Whether the class is concluded, read in `trx` (under the class's lock, a conclusion is before
   * or after the caller's change).
   */
  async function concludedIn(classId: string, trx: Db = db): Promise<boolean> {
    const row = await trx
      .selectFrom('classes')
      .select('state')
      .where('id', '=', classId)
      .executeTakeFirst();
    return row?.state === 'concluded';
  }

  return {
    /** The class's enrolments (places held and in flight), oldest first. */
    async enrolments(classId: string): Promise<EnrolmentRow[]> {
      const rows = await db
        .selectFrom('enrolments')
        .select(['user_id', 'status', 'created_at', 'check_in_token'])
        // Whatever the class's state: a concluded class's rows stay, inactive (decision 059).
        .where('class_id', '=', classId)
        .orderBy('created_at')
        .execute();
      return rows.map(enrolmentRow);
    },

    async enrolment(classId: string, personId: string): Promise<EnrolmentRow | undefined> {
      const r = await db
        .selectFrom('enrolments')
        .select(['user_id', 'status', 'created_at', 'check_in_token'])
        .where('class_id', '=', classId)
        .where('user_id', '=', personId)
        .where('active', '=', 1)
        .executeTakeFirst();
      return r && enrolmentRow(r);
    },

    /** The enrolment a QR code's token belongs to, in whichever class (decision 097). */
    async enrolmentByCheckInToken(
      token: string,
    ): Promise<{ classId: string; courseSlug: string; personId: string } | undefined> {
      const r = await db
        .selectFrom('enrolments')
        .select(['class_id', 'course_slug', 'user_id'])
        .where('check_in_token', '=', token)
        .executeTakeFirst();
      return r && { classId: r.class_id, courseSlug: r.course_slug, personId: r.user_id };
    },

    /** The class's waiting list in order (first come, first served). */
    async waiting(classId: string): Promise<{ userId: string; joinedAt: string }[]> {
      const rows = await db
        .selectFrom('waiting_list')
        .select(['user_id', 'joined_at'])
        .where('class_id', '=', classId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ userId: r.user_id, joinedAt: r.joined_at }));
    },

    /** The marks of one meeting of the class, by person. */
    async attendance(classId: string, meeting: number): Promise<Map<string, boolean>> {
      const rows = await db
        .selectFrom('attendance')
        .select(['person_id', 'present'])
        .where('class_id', '=', classId)
        .where('meeting', '=', meeting)
        .execute();
      return new Map(rows.map((r) => [r.person_id, r.present === 1]));
    },

    concludedIn,

    /**
     * Upserts marks of a meeting of the class, each made at its `at`: a stored mark made later is
     * kept (the last mark wins, whichever device sends first, decision 089); false (nothing written)
     * when the class is concluded: its completions were computed from the marks. `trx`: under the
     * class's lock.
     */
    async markAttendance(
      slug: string,
      classId: string,
      meeting: number,
      marks: readonly { personId: string; present: boolean; at: Date }[],
      by: string,
      trx: Db = db,
    ): Promise<boolean> {
      if (await concludedIn(classId, trx)) return false;
      if (marks.length === 0) return true;
      await trx
        .insertInto('attendance')
        .values(
          marks.map((m) => ({
            course_slug: slug,
            class_id: classId,
            meeting,
            person_id: m.personId,
            present: m.present ? 1 : 0,
            marked_by: by,
            marked_at: m.at.toISOString(),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['class_id', 'meeting', 'person_id'])
            .doUpdateSet({
              present: (eb) => eb.ref('excluded.present'),
              marked_by: (eb) => eb.ref('excluded.marked_by'),
              marked_at: (eb) => eb.ref('excluded.marked_at'),
            })
            // ISO instants of one format (toISOString) compare as text on both databases.
            .whereRef('excluded.marked_at', '>=', 'attendance.marked_at'),
        )
        .execute();
      return true;
    },

    /**
     * People marked present, by class and meeting (only those still enrolled: a removal counts).
     */
    async presentCounts(): Promise<Map<string, Map<number, number>>> {
      const rows = await db
        .selectFrom('attendance')
        .innerJoin('enrolments', (join) =>
          join
            .onRef('enrolments.class_id', '=', 'attendance.class_id')
            .onRef('enrolments.user_id', '=', 'attendance.person_id')
            .on('enrolments.active', '=', 1),
        )
        .select([
          'attendance.class_id',
          'attendance.meeting',
          (eb) => eb.fn.countAll<number>().as('n'),
        ])
        .where('attendance.present', '=', 1)
        .groupBy(['attendance.class_id', 'attendance.meeting'])
        .execute();
      const counts = new Map<string, Map<number, number>>();
      for (const r of rows) {
        const own = counts.get(r.class_id) ?? new Map<number, number>();
        own.set(r.meeting, Number(r.n));
        counts.set(r.class_id, own);
      }
      return counts;
    },
  };
}

export type RosterStore = ReturnType<typeof createRosterStore>;
