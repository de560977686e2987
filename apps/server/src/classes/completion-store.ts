/**
 * Concluding a class and its participants' completions, over Kysely (one
 * code path for SQLite and PostgreSQL). The class's state and its completions are written in one
 * transaction, and only by the request that moves the class to `concluded`: concluding twice, even
 * at once on two instances, writes nothing the second time.
 */
import type { Kysely } from 'kysely';
import { type CourseSettingsColumns, SETTINGS_COLUMNS } from '../courses/course-store.js';
import {
  withdrawCertificate,
  withdrawClassCertificates,
} from '../certificates/certificate-store.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';

export interface Completion {
  personId: string;
  concluded: boolean;
}

/** A completion as given at the conclusion, with the attendance it was given from. */
export interface GivenCompletion extends Completion {
  present: number;
  /** The class's meeting count then (null: the content's default). */
  meetings: number | null;
}

/** Work in the transaction that concludes or reopens a class (its notices: decision 077). */
type InTransaction<T> = (trx: Kysely<Database>, people: T) => Promise<void>;

/** A completion as the staff area lists it. */
export interface CompletionRow extends Completion {
  classId: string;
  concludedAt: string;
  /** Why Coordenação changed it; null: as computed. */
  reason: string | null;
}

export function createCompletionStore(handle: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  return {
    /**
     * Concludes the class: it takes no more enrolments and holds no places (its rows stay), and
     * each confirmed participant's completion is `decide(meetings present)`.
     * @returns the completions; null when the class was concluded already (nothing changed).
     */
    async conclude(
      classId: string,
      courseSlug: string,
      /** `meetings`: the class's meeting count as stored when it is concluded (null: default). */
      decide: (present: number, meetings: number | null) => boolean,
      now: Date,
      /** Written with the conclusion: each person's result told (decision 077). */
      after?: InTransaction<GivenCompletion[]>,
      /**
       * The class's meetings held, from its settings as stored when it is concluded (decision
       * 091: cancelled and skipped dates do not count); absent: the stored count.
       */
      meetingsOf?: (settings: CourseSettingsColumns) => number,
    ): Promise<GivenCompletion[] | null> {
      const at = now.toISOString();
      return writeTransaction(handle, async (trx) => {
        const moved = await trx
          .updateTable('classes')
          .set({ state: 'concluded', updated_at: at })
          .where('id', '=', classId)
          .where('state', '<>', 'concluded')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) return null;
        // Read after the update, which holds the class's row: a change of its meetings is
        // before it (and counts) or after it (and is refused: a concluded class is read-only).
        const settings = await trx
          .selectFrom('classes')
          .select(['places', ...SETTINGS_COLUMNS])
          .where('id', '=', classId)
          .executeTakeFirstOrThrow();
        const meetings = meetingsOf ? meetingsOf(settings) : settings.meeting_count;
        const people = await trx
          .selectFrom('enrolments')
          .select('user_id')
          .where('class_id', '=', classId)
          .where('status', '=', 'confirmed')
          .orderBy('user_id')
          .execute();
        const marks = await trx
          .selectFrom('attendance')
          .select((eb) => ['person_id', eb.fn.countAll<number | string>().as('present')])
          .where('class_id', '=', classId)
          .where('present', '=', 1)
          .groupBy('person_id')
          .execute();
        const present = new Map(marks.map((m) => [m.person_id, Number(m.present)]));
        const completions = people.map((p) => ({
          personId: p.user_id,
          concluded: decide(present.get(p.user_id) ?? 0, meetings),
          present: present.get(p.user_id) ?? 0,
          meetings,
        }));
        if (completions.length > 0) {
          await trx
            .insertInto('completions')
            .values(
              completions.map((c) => ({
                person_id: c.personId,
                course_slug: courseSlug,
                class_id: classId,
                concluded: c.concluded ? 1 : 0,
                concluded_at: at,
                changed_by: null,
                reason: null,
                present: c.present,
                meetings: c.meetings,
              })),
            )
            .execute();
        }
        await after?.(trx, completions);
        return completions;
      });
    },

    /**
     * Reopens a class concluded by mistake (decision 077): it runs again (taking no enrolments
     * until staff open it), its people's rows are active again and its completions are withdrawn,
     * in one transaction guarded by the state. `conflicts`: people of the class who hold a place
     * in (or wait for) another class of the course now; nothing is changed then.
     * @returns null when the class was not concluded (nothing changed).
     */
    async reopen(
      classId: string,
      courseSlug: string,
      now: Date,
      /** Written with the reopening: the confirmed people told (decision 077). */
      after?: InTransaction<string[]>,
    ): Promise<{ conflicts: number } | { people: string[]; withdrawn: number } | null> {
      return writeTransaction(handle, async (trx) => {
        // The class's people (placed or waiting) who hold a row of another class now.
        const ofClass = new Set<string>();
        for (const table of ['enrolments', 'waiting_list'] as const) {
          const rows = await trx
            .selectFrom(table)
            .select('user_id')
            .where('class_id', '=', classId)
            .execute();
          for (const r of rows) ofClass.add(r.user_id);
        }
        const conflicting = new Set<string>();
        if (ofClass.size > 0) {
          for (const table of ['enrolments', 'waiting_list'] as const) {
            const rows = await trx
              .selectFrom(table)
              .select('user_id')
              .where('course_slug', '=', courseSlug)
              .where('class_id', '<>', classId)
              .where('active', '=', 1)
              .where('user_id', 'in', [...ofClass])
              .execute();
            for (const r of rows) conflicting.add(r.user_id);
          }
        }
        // The one active class per course (decision 059) would refuse their rows.
        if (conflicting.size > 0) return { conflicts: conflicting.size };
        const moved = await trx
          .updateTable('classes')
          .set({ state: 'running', updated_at: now.toISOString() })
          .where('id', '=', classId)
          .where('state', '=', 'concluded')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) return null;
        await trx
          .updateTable('enrolments')
          .set({ active: 1 })
          .where('class_id', '=', classId)
          .execute();
        await trx
          .updateTable('waiting_list')
          .set({ active: 1 })
          .where('class_id', '=', classId)
          .execute();
        const withdrawn = await trx
          .deleteFrom('completions')
          .where('class_id', '=', classId)
          .executeTakeFirst();
        // Their certificates say 'Certificado inválido' from now on (decision 094).
        await withdrawClassCertificates(trx, classId, now);
        const people = (
          await trx
            .selectFrom('enrolments')
            .select('user_id')
            .where('class_id', '=', classId)
            .where('status', '=', 'confirmed')
            .orderBy('user_id')
            .execute()
        ).map((r) => r.user_id);
        await after?.(trx, people);
        return { people, withdrawn: Number(withdrawn.numDeletedRows) };
      });
    },

    /**
     * The people of a concluded class who hold no place in another class of the course that is
     * not concluded (decision 060: the course's group holds the people of its active classes).
     */
    async leavers(classId: string, courseSlug: string): Promise<string[]> {
      const rows = await handle.db
        .selectFrom('enrolments as e')
        .select('e.user_id')
        .where('e.class_id', '=', classId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('enrolments as o')
                .select('o.user_id')
                .whereRef('o.user_id', '=', 'e.user_id')
                .where('o.course_slug', '=', courseSlug)
                .where('o.active', '=', 1),
            ),
          ),
        )
        .orderBy('e.user_id')
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** The completions of a class, by person. */
    async ofClass(classId: string): Promise<Completion[]> {
      const rows = await handle.db
        .selectFrom('completions')
        .select(['person_id', 'concluded'])
        .where('class_id', '=', classId)
        .orderBy('person_id')
        .execute();
      return rows.map((r) => ({ personId: r.person_id, concluded: r.concluded === 1 }));
    },

    /** The completions of the course's concluded classes, newest class first. */
    async ofCourse(courseSlug: string): Promise<CompletionRow[]> {
      const rows = await handle.db
        .selectFrom('completions')
        .select(['person_id', 'class_id', 'concluded', 'concluded_at', 'reason'])
        .where('course_slug', '=', courseSlug)
        .orderBy('concluded_at', 'desc')
        .orderBy('person_id')
        .execute();
      return rows.map((r) => ({
        personId: r.person_id,
        classId: r.class_id,
        concluded: r.concluded === 1,
        concludedAt: r.concluded_at,
        reason: r.reason,
      }));
    },

    /**
     * Coordenação changes one completion, with the reason.
     * @returns the state before; null when the person has no completion of that class.
     */
    async change(
      classId: string,
      personId: string,
      concluded: boolean,
      by: string,
      reason: string,
    ): Promise<boolean | null> {
      return writeTransaction(handle, async (trx) => {
        const row = await trx
          .selectFrom('completions')
          .select('concluded')
          .where('class_id', '=', classId)
          .where('person_id', '=', personId)
          .executeTakeFirst();
        if (!row) return null;
        await trx
          .updateTable('completions')
          .set({ concluded: concluded ? 1 : 0, changed_by: by, reason })
          .where('class_id', '=', classId)
          .where('person_id', '=', personId)
          .execute();
        // A withdrawn completion's certificate is invalid for good; given again, a new one is
        // issued (decision 094).
        if (!concluded) await withdrawCertificate(trx, classId, personId, new Date());
        return row.concluded === 1;
      });
    },
  };
}

export type CompletionStore = ReturnType<typeof createCompletionStore>;
