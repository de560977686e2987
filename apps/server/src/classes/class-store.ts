/**
 * The `classes` table (decision 052), owned here and nowhere else: a course's classes,
 * each with its places, enrolment window, meetings, room, invite code and state. The enrolment's
 * hot path (enrolment/place-statements.ts) reads the same columns as prepared SQL (its places, and
 * the course's classes to choose one), and the places counter `taken` is the database's (triggers
 * on `enrolments`, migration 012).
 *
 * A course's settings, for whoever names no class, are those of its current class
 * (`currentClassId`): the latest class taking enrolments, else the latest running, else the latest
 * planned, else the latest (the staff area names the class, `?turma=`: decision 062). A class
 * just made by 'Nova turma' (planned) does not take the place of the one still open.
 */
import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once.js';
import type { ClassesTable, Database, Db } from '../db/schema.js';
import { termName } from './class-rules.js';

/** A class's settings columns (null: the content's default). */
const CLASS_SETTINGS = [
  'invite_code',
  'enrolment_opens_at',
  'enrolment_closes_at',
  'first_meeting',
  'meeting_weekday',
  'meeting_time',
  'meeting_count',
  'meeting_duration_minutes',
  'meeting_room',
  'meeting_changes',
] as const satisfies readonly (keyof ClassesTable)[];

/** A class's row. */
export type ClassRow = Omit<ClassesTable, 'taken' | 'places_by_staff' | 'calendar_sequence'> & {
  taken: number;
  places_by_staff: number;
  calendar_sequence: number;
};

/**
 * The id of the course's current class, as a subquery on `courses` aliased `c`: the latest open
 * class, else running, else planned, else the latest.
 */
export function currentClassId(eb: ExpressionBuilder<Database & { c: Database['courses'] }, 'c'>) {
  return eb
    .selectFrom('classes as x')
    .select('x.id')
    .whereRef('x.course_slug', '=', 'c.slug')
    .orderBy(
      sql`case x.state when 'open' then 0 when 'running' then 1 when 'planned' then 2 else 3 end`,
    )
    .orderBy('x.created_at', 'desc')
    .orderBy('x.id', 'desc')
    .limit(1);
}

export function createClassStore(db: Db) {
  // The public class list's query, on each of its requests: compiled once (decision 066).
  const listed = compiledOnce(db, 0, () =>
    db
      .selectFrom('classes')
      .selectAll()
      .where('state', 'in', ['open', 'planned'])
      .orderBy('course_slug')
      .orderBy('created_at')
      .orderBy('id'),
  );
  return {
    /**
     * Adds a class to a course (its settings null: the content's defaults) and answers its id:
     * the staff area's 'Nova turma'; the content's synchronisation adds first classes.
     */
    async create(
      input: Pick<ClassesTable, 'course_slug' | 'name' | 'places' | 'state'> &
        Partial<Pick<ClassesTable, (typeof CLASS_SETTINGS)[number]>>,
      now = new Date(),
    ): Promise<string> {
      const id = randomUUID();
      const at = now.toISOString();
      await db
        .insertInto('classes')
        .values({
          ...(Object.fromEntries(CLASS_SETTINGS.map((c) => [c, null])) as Record<
            (typeof CLASS_SETTINGS)[number],
            null
          >),
          ...input,
          id,
          places_by_staff: 1,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return id;
    },

    /**
     * Opens a class to enrolments (staff's 'Abrir inscrições'): a planned (or running) class
     * becomes open; false when it was neither. `trx`: the enrolment's transaction under the
     * class's lock.
     */
    async open(classId: string, now: Date, trx: Db = db): Promise<boolean> {
      const result = await trx
        .updateTable('classes')
        .set({ state: 'open', updated_at: now.toISOString() })
        .where('id', '=', classId)
        .where('state', 'in', ['planned', 'running'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Every class, by id. */
    async all(): Promise<Map<string, ClassRow>> {
      const rows = await db.selectFrom('classes').selectAll().execute();
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The class (undefined: no such class). */
    async byId(id: string): Promise<ClassRow | undefined> {
      return db.selectFrom('classes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The course's classes, oldest first. */
    async ofCourse(courseSlug: string): Promise<ClassRow[]> {
      return db
        .selectFrom('classes')
        .selectAll()
        .where('course_slug', '=', courseSlug)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The id of the course's current class (null: the course has none). */
    async currentOf(courseSlug: string): Promise<string | null> {
      const row = await db
        .selectFrom('courses as c')
        .select((eb) => currentClassId(eb).as('id'))
        .where('c.slug', '=', courseSlug)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** The classes open or planned (opening soon) of every course, for visitors. */
    async listed(): Promise<ClassRow[]> {
      return (await listed()).rows;
    },

    /**
     * After the content's synchronisation: every course without a class gets its first one
     * (open, the content's places and settings), and the classes whose places staff did not set
     * take the content's places (concluded ones keep theirs).
     */
    async syncWithCourses(now: Date): Promise<void> {
      const at = now.toISOString();
      const bare = await db
        .selectFrom('courses as c')
        .select(['c.slug', 'c.places'])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('classes as k').select('k.id').whereRef('k.course_slug', '=', 'c.slug'),
            ),
          ),
        )
        .execute();
      if (bare.length > 0) {
        await db
          .insertInto('classes')
          .values(
            bare.map((c) => ({
              id: randomUUID(),
              course_slug: c.slug,
              name: termName(now),
              places: c.places,
              state: 'open' as const,
              invite_code: null,
              enrolment_opens_at: null,
              enrolment_closes_at: null,
              first_meeting: null,
              meeting_weekday: null,
              meeting_time: null,
              meeting_count: null,
              meeting_duration_minutes: null,
              meeting_room: null,
              meeting_changes: null,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
      }
      // Unchanged rows are not rewritten (no row lock taken while others enrol).
      await db
        .updateTable('classes')
        .set((eb) => ({
          places: eb
            .selectFrom('courses as c')
            .select('c.places')
            .whereRef('c.slug', '=', 'classes.course_slug'),
        }))
        .where('places_by_staff', '=', 0)
        .where('state', '<>', 'concluded')
        .where((eb) =>
          eb(
            'places',
            '<>',
            eb
              .selectFrom('courses as c')
              .select('c.places')
              .whereRef('c.slug', '=', 'classes.course_slug'),
          ),
        )
        .execute();
    },
  };
}

export type ClassStore = ReturnType<typeof createClassStore>;
