/**
 * The `courses` table, owned here and nowhere else: its row types, the list of the
 * settings columns staff may change, reading and writing them, and the synchronisation
 * of the content's courses at start-up. The enrolment, the staff area, the participant's pages and
 * the mail read the table through this module; the enrolment's hot path (enrolment/
 * place-statements.ts) reads the same columns as prepared SQL built from `SETTINGS_COLUMNS`.
 *
 * Since classes arrived (decision 052) the settings are a class's (classes/class-store.ts owns the
 * `classes` table): a course's settings here are those of its current class, until the staff area
 * manages classes one by one.
 */
import { allCourses } from '@centro/content';
import { sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { ClassesTable, ClassState, Db } from '../db/schema.js';
import { createClassStore, currentClassId } from '../classes/class-store.js';

/** A course as the content gives it to the database (synchronised at start-up). */
export interface CourseRow {
  slug: string;
  groupId: string;
  places: number;
}

/**
 * The settings columns a course in effect takes from the database (null = the content's default),
 * in the order every reader selects them. `places` apart: it is never null (the content's default
 * is written at the synchronisation).
 */
export const SETTINGS_COLUMNS = [
  'invite_code',
  'first_meeting',
  'meeting_weekday',
  'meeting_time',
  'meeting_count',
  'meeting_duration_minutes',
  'meeting_room',
  'meeting_changes',
] as const satisfies readonly (keyof ClassesTable)[];

/** The course row's settings columns that make the course in effect (null = the content's default). */
export type CourseSettingsColumns = Pick<
  ClassesTable,
  'places' | (typeof SETTINGS_COLUMNS)[number]
>;

/**
 * What names a class's calendar event (decision 076): the class (its UID) and the revision of its
 * meetings (its SEQUENCE). Read with the settings wherever a calendar file is made from them.
 */
export const CALENDAR_COLUMNS = ['id', 'calendar_sequence'] as const;

/** A class's settings in effect with what names its calendar event. */
export type ClassSettingsColumns = CourseSettingsColumns &
  Pick<ClassesTable, 'id'> & { calendar_sequence: number };

/** A course's whole row, with its settings and its window. */
export type CourseSettingsRow = Pick<
  ClassesTable,
  | 'state'
  | 'places'
  | 'enrolment_opens_at'
  | 'enrolment_closes_at'
  | (typeof SETTINGS_COLUMNS)[number]
> & { slug: string; group_id: string; class_id: string; taken: number; places_by_staff: number };

/**
 * A course's stored settings by name, as staff set them (null: the content's default; instants in
 * UTC, ISO-8601; `places` null: the content's places).
 */
export interface StoredSettings {
  places: number | null;
  inviteCode: string | null;
  opensAt: string | null;
  closesAt: string | null;
  firstMeeting: string | null;
  weekday: string | null;
  time: string | null;
  count: number | null;
  durationMinutes: number | null;
  room: string | null;
}

/** The row's (a course's, or a class's) stored settings. */
export function storedSettings(
  row: Omit<CourseSettingsRow, 'slug' | 'group_id' | 'class_id' | 'taken' | 'state'>,
): StoredSettings {
  return {
    places: row.places_by_staff === 1 ? row.places : null,
    inviteCode: row.invite_code,
    opensAt: row.enrolment_opens_at,
    closesAt: row.enrolment_closes_at,
    firstMeeting: row.first_meeting,
    weekday: row.meeting_weekday,
    time: row.meeting_time,
    count: row.meeting_count,
    durationMinutes: row.meeting_duration_minutes,
    room: row.meeting_room,
  };
}

/** The settings in effect of a row read with them (absent columns: the content's default). */
export function settingsColumnsOf(
  row: Pick<CourseSettingsColumns, 'places'> & Partial<CourseSettingsColumns>,
): CourseSettingsColumns {
  return {
    places: row.places,
    invite_code: row.invite_code ?? null,
    first_meeting: row.first_meeting ?? null,
    meeting_weekday: row.meeting_weekday ?? null,
    meeting_time: row.meeting_time ?? null,
    meeting_count: row.meeting_count ?? null,
    meeting_duration_minutes: row.meeting_duration_minutes ?? null,
    meeting_room: row.meeting_room ?? null,
    meeting_changes: row.meeting_changes ?? null,
  };
}

/** A course's current class as the public availability reads it. */
export interface CourseOccupancy {
  state: ClassState;
  places: number;
  taken: number;
  opensAt: string | null;
  closesAt: string | null;
}

/** The course is not in the database: the content and the database disagree (a server fault). */
export class UnknownCourseError extends Error {
  override name = 'UnknownCourseError';
  constructor(readonly slug: string) {
    super(`Course ${slug} is not in the database (courses are synchronised at start-up).`);
  }
}

/** The columns of a course with its current class's settings (`c`: the course, `k`: the class). */
const COURSE_ROW = [
  'c.slug',
  'c.group_id',
  'k.id as class_id',
  'k.state',
  'k.places',
  'k.taken',
  'k.places_by_staff',
  'k.enrolment_opens_at',
  'k.enrolment_closes_at',
  ...SETTINGS_COLUMNS.map((c) => `k.${c}` as const),
] as const;

/**
 * The key of the PostgreSQL advisory lock that the synchronisation holds: instances starting
 * together on one database take turns, so a new course gets one first class, not one per instance.
 */
const SYNC_LOCK = 5_260_712;

/**
 * `dialect`: the database's, when several instances may share it (PostgreSQL): the
 * synchronisation then holds a lock of the database's own.
 */
/** The content's courses as the database holds them (synchronised at start-up). */
export function contentCourses(): CourseRow[] {
  return allCourses().map((c) => ({ slug: c.slug, groupId: c.groupId, places: c.places }));
}

export function createCourseStore(db: Db, dialect?: Dialect) {
  /** Courses with their current class. */
  const withCurrentClass = () =>
    db
      .selectFrom('courses as c')
      .innerJoin('classes as k', (join) => join.on((eb) => eb('k.id', '=', currentClassId(eb))));

  /** The settings in effect of the course's current class (undefined: no such course). */
  const settings = (slug: string): Promise<ClassSettingsColumns | undefined> =>
    withCurrentClass()
      .select([
        'k.places',
        ...SETTINGS_COLUMNS.map((c) => `k.${c}` as const),
        ...CALENDAR_COLUMNS.map((c) => `k.${c}` as const),
      ])
      .where('c.slug', '=', slug)
      .executeTakeFirst();

  return {
    /** Every course's row (its current class's settings). */
    async all(): Promise<CourseSettingsRow[]> {
      return withCurrentClass().select(COURSE_ROW).execute();
    },

    /** The course's row (undefined: no such course). */
    async row(slug: string): Promise<CourseSettingsRow | undefined> {
      return withCurrentClass().select(COURSE_ROW).where('c.slug', '=', slug).executeTakeFirst();
    },

    /** The course's settings in effect (undefined: no such course). */
    settings,

    /**
     * The settings in effect of the person's class in the course (the class of their active place:
     * decision 059), else the course's current class's (undefined: no such course). A concluded
     * class's row is not theirs any more: 'Inscrições abertas' tells someone of last term's class
     * the meetings of the class that opens.
     */
    async settingsFor(slug: string, personId: string): Promise<ClassSettingsColumns | undefined> {
      const own = await db
        .selectFrom('enrolments as e')
        .innerJoin('classes as k', 'k.id', 'e.class_id')
        .select([
          'k.places',
          ...SETTINGS_COLUMNS.map((c) => `k.${c}` as const),
          ...CALENDAR_COLUMNS.map((c) => `k.${c}` as const),
        ])
        .where('e.course_slug', '=', slug)
        .where('e.user_id', '=', personId)
        .where('e.active', '=', 1)
        .executeTakeFirst();
      return own ?? settings(slug);
    },

    /** A class's settings in effect and its calendar identity, with its course (decision 076). */
    async classCalendarSettings(
      classId: string,
    ): Promise<(ClassSettingsColumns & { course_slug: string }) | undefined> {
      return db
        .selectFrom('classes')
        .select(['places', 'course_slug', ...SETTINGS_COLUMNS, ...CALENDAR_COLUMNS])
        .where('id', '=', classId)
        .executeTakeFirst();
    },

    /** A class's settings in effect (undefined: no such class). */
    async classSettings(classId: string): Promise<CourseSettingsColumns | undefined> {
      return db
        .selectFrom('classes')
        .select(['places', ...SETTINGS_COLUMNS])
        .where('id', '=', classId)
        .executeTakeFirst();
    },

    /**
     * A class's enrolment window (staff settings).
     * @throws UnknownCourseError
     */
    async window(classId: string): Promise<{ opensAt: string | null; closesAt: string | null }> {
      const row = await db
        .selectFrom('classes')
        .select(['enrolment_opens_at', 'enrolment_closes_at'])
        .where('id', '=', classId)
        .executeTakeFirst();
      if (!row) throw new UnknownCourseError(classId);
      return { opensAt: row.enrolment_opens_at, closesAt: row.enrolment_closes_at };
    },

    /** The state, places and places taken of every course's current class, by slug. */
    async occupancy(): Promise<Map<string, CourseOccupancy>> {
      const rows = await withCurrentClass()
        .select([
          'c.slug',
          'k.state',
          'k.places',
          'k.taken',
          'k.enrolment_opens_at',
          'k.enrolment_closes_at',
        ])
        .execute();
      return new Map(
        rows.map((r) => [
          r.slug,
          {
            state: r.state,
            places: r.places,
            taken: r.taken,
            opensAt: r.enrolment_opens_at,
            closesAt: r.enrolment_closes_at,
          },
        ]),
      );
    },

    /**
     * Writes the settings of a class (the course's current class); `places` (null: the content's
     * default `defaultPlaces`) only when it is not below the places taken, in the same statement
     * (the row's lock serialises it with the enrolments' conditional insert). False when the
     * places were below the places taken. `trx`: the enrolment's transaction under the class's
     * lock (freed places go to the waiting list).
     */
    async updateSettings(
      classId: string,
      settings: StoredSettings,
      defaultPlaces: number,
      trx: Db = db,
    ): Promise<boolean> {
      const places = settings.places ?? defaultPlaces;
      const result = await trx
        .updateTable('classes')
        .set({
          places,
          places_by_staff: settings.places === null ? 0 : 1,
          invite_code: settings.inviteCode,
          enrolment_opens_at: settings.opensAt,
          enrolment_closes_at: settings.closesAt,
          first_meeting: settings.firstMeeting,
          meeting_weekday: settings.weekday,
          meeting_time: settings.time,
          meeting_count: settings.count,
          meeting_duration_minutes: settings.durationMinutes,
          meeting_room: settings.room,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', classId)
        .where('taken', '<=', places)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Upserts the courses (slug, group, the content's places), then gives each new course its
     * first class and the content's places to the classes whose places staff did not set. Courses
     * no longer in the content keep their rows (their enrolments reference them); lowering places
     * below the taken count keeps enrolments.
     */
    async sync(courses: readonly CourseRow[], now = new Date()): Promise<void> {
      if (courses.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // Without it two instances starting at once each saw no class and added one: the course
        // then had two open classes and an enrolment naming none was refused ('classRequired').
        if (dialect === 'postgres')
          await sql`select pg_advisory_xact_lock(${SYNC_LOCK})`.execute(trx);
        await trx
          .insertInto('courses')
          .values(
            courses.map((c) => ({
              slug: c.slug,
              group_id: c.groupId.toLowerCase(),
              places: c.places,
            })),
          )
          .onConflict((oc) =>
            oc
              .column('slug')
              .doUpdateSet({
                group_id: (eb) => eb.ref('excluded.group_id'),
                places: (eb) => eb.ref('excluded.places'),
              })
              // Unchanged rows are not rewritten (no row lock taken while others enrol).
              .where((eb) =>
                eb.or([
                  eb('courses.group_id', '<>', eb.ref('excluded.group_id')),
                  eb('courses.places', '<>', eb.ref('excluded.places')),
                ]),
              ),
          )
          .execute();
        await createClassStore(trx).syncWithCourses(now);
      });
    },
  };
}

export type CourseStore = ReturnType<typeof createCourseStore>;
