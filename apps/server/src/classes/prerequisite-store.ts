/**
 * The prerequisites' tables (migration 018, decision 061) over Kysely, one code path for SQLite and
 * PostgreSQL: Coordenação's list per course (none: the content's default), the exceptions
 * ('Liberar inscrição') and the person's 'Concluiu' completions (migration 015) they are checked
 * against.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface PrerequisiteException {
  personId: string;
  grantedAt: string;
}

export function createPrerequisiteStore(db: Kysely<Database>) {
  return {
    /** Coordenação's list for the course (JSON of slugs), or null: the content's default. */
    async override(courseSlug: string): Promise<string | null> {
      const row = await db
        .selectFrom('prerequisite_overrides')
        .select('required')
        .where('course_slug', '=', courseSlug)
        .executeTakeFirst();
      return row?.required ?? null;
    },

    /** Sets Coordenação's list (null: back to the content's default). */
    async setOverride(
      courseSlug: string,
      required: readonly string[] | null,
      by: string,
      at: Date,
    ): Promise<void> {
      if (required === null) {
        await db
          .deleteFrom('prerequisite_overrides')
          .where('course_slug', '=', courseSlug)
          .execute();
        return;
      }
      const values = {
        required: JSON.stringify(required),
        changed_by: by,
        changed_at: at.toISOString(),
      };
      await db
        .insertInto('prerequisite_overrides')
        .values({ course_slug: courseSlug, ...values })
        .onConflict((oc) => oc.column('course_slug').doUpdateSet(values))
        .execute();
    },

    /** Which of `courses` the person concluded ('Concluiu' in some class). */
    async concludedAmong(personId: string, courses: readonly string[]): Promise<Set<string>> {
      if (courses.length === 0) return new Set();
      const rows = await db
        .selectFrom('completions')
        .select('course_slug')
        .where('person_id', '=', personId)
        .where('concluded', '=', 1)
        .where('course_slug', 'in', courses)
        .execute();
      return new Set(rows.map((r) => r.course_slug));
    },

    /**
     * The person's latest 'Não concluiu' among `courses`, with the attendance it was given from
     * (a refusal then says it: decision 077); undefined: none taken here.
     */
    async notConcludedAmong(
      personId: string,
      courses: readonly string[],
    ): Promise<
      { courseSlug: string; present: number | null; meetings: number | null } | undefined
    > {
      if (courses.length === 0) return undefined;
      const row = await db
        .selectFrom('completions')
        .select(['course_slug', 'present', 'meetings'])
        .where('person_id', '=', personId)
        .where('concluded', '=', 0)
        .where('course_slug', 'in', courses)
        .orderBy('concluded_at', 'desc')
        .executeTakeFirst();
      return row && { courseSlug: row.course_slug, present: row.present, meetings: row.meetings };
    },

    async hasException(courseSlug: string, personId: string): Promise<boolean> {
      const row = await db
        .selectFrom('prerequisite_exceptions')
        .select('person_id')
        .where('course_slug', '=', courseSlug)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** 'Liberar inscrição'; false when the person had it already (nothing changed). */
    async grantException(courseSlug: string, personId: string, by: string, at: Date) {
      const result = await db
        .insertInto('prerequisite_exceptions')
        .values({
          course_slug: courseSlug,
          person_id: personId,
          granted_by: by,
          granted_at: at.toISOString(),
        })
        .onConflict((oc) => oc.columns(['course_slug', 'person_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The course's exceptions, oldest first. */
    async exceptions(courseSlug: string): Promise<PrerequisiteException[]> {
      const rows = await db
        .selectFrom('prerequisite_exceptions')
        .select(['person_id', 'granted_at'])
        .where('course_slug', '=', courseSlug)
        .orderBy('granted_at')
        .execute();
      return rows.map((r) => ({ personId: r.person_id, grantedAt: r.granted_at }));
    },
  };
}

export type PrerequisiteStore = ReturnType<typeof createPrerequisiteStore>;
