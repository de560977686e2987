/**
 * 'Preparar próximo semestre' written (decision 093): every course's planned class for the term in
 * one transaction, and the confirmation's key in `term_preparations` (migration 033). Under the
 * write lock (SQLite) or an advisory lock of its own (PostgreSQL, where several instances may take
 * the same confirmation), each course is checked again for a class in the term: one prepared
 * meanwhile (another tab, 'Nova turma') is skipped, and a key seen before answers what its first
 * confirmation created without creating anything.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { ClassesTable } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import { type ClassRow, createClassStore } from './class-store.js';

/** The key of the PostgreSQL advisory lock that a preparation holds. */
const PREPARE_LOCK = 5_260_933;

/** A class to create: its course and its columns. */
export type NewTermClass = Pick<ClassesTable, 'course_slug' | 'name' | 'places'> &
  Pick<
    ClassesTable,
    | 'invite_code'
    | 'enrolment_opens_at'
    | 'enrolment_closes_at'
    | 'first_meeting'
    | 'meeting_weekday'
    | 'meeting_time'
    | 'meeting_count'
    | 'meeting_duration_minutes'
    | 'meeting_room'
  > &
  /** The recesses' skips (decision 092). */
  Partial<Pick<ClassesTable, 'meeting_changes'>>;

export interface Prepared {
  created: { slug: string; classId: string }[];
  /** Courses left as they were: they had a class in the term by the time of the transaction. */
  skipped: string[];
  /** The key was confirmed before: `created` is what that confirmation created. */
  repeated: boolean;
}

export function createNextTermStore(handle: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  return {
    /**
     * Creates the classes (planned) of the courses that still have none in `term`, as
     * `isPrepared` judges a course's classes read inside the transaction.
     */
    async prepare(input: {
      key: string;
      term: string;
      classes: readonly NewTermClass[];
      isPrepared: (slug: string, rows: readonly ClassRow[]) => boolean;
      now: Date;
    }): Promise<Prepared> {
      return writeTransaction(handle, async (trx) => {
        if (handle.dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(${PREPARE_LOCK})`.execute(trx);
        }
        const before = await trx
          .selectFrom('term_preparations')
          .select('created')
          .where('key', '=', input.key)
          .executeTakeFirst();
        if (before) {
          return {
            created: JSON.parse(before.created) as Prepared['created'],
            skipped: [],
            repeated: true,
          };
        }
        const store = createClassStore(trx);
        const created: Prepared['created'] = [];
        const skipped: string[] = [];
        for (const row of input.classes) {
          const slug = row.course_slug;
          if (input.isPrepared(slug, await store.ofCourse(slug))) {
            skipped.push(slug);
            continue;
          }
          created.push({
            slug,
            classId: await store.create({ ...row, state: 'planned' }, input.now),
          });
        }
        await trx
          .insertInto('term_preparations')
          .values({
            key: input.key,
            term: input.term,
            created: JSON.stringify(created),
            created_at: input.now.toISOString(),
          })
          .execute();
        return { created, skipped, repeated: false };
      });
    },
  };
}

export type NextTermStore = ReturnType<typeof createNextTermStore>;
