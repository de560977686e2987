/**
 * The enrolment tables over Kysely, one code path for SQLite and PostgreSQL except for the lock
 * that makes "check the places, then take one" atomic. Taking a place is one conditional insert,
 * `INSERT INTO enrolments SELECT … FROM courses WHERE slug = ? AND taken < places`, whose
 * `courses.taken` the database's triggers keep (migration 002):
 *
 * - SQLite: inside `BEGIN IMMEDIATE` on the single connection (held from BEGIN to COMMIT through
 *   `db.connection()`), which takes the database's write lock before reading, so two processes on
 *   one file cannot both read the same count. (Kysely's own `transaction()` only issues a deferred
 *   `begin`.) The rush's writes are grouped into shared transactions (group-commit.ts); inside
 *   one, the inserts run one after the other, each seeing the places the previous ones took.
 * - PostgreSQL: the SELECT part carries `FOR UPDATE`: the statement locks the course's row, and a
 *   concurrent enrolment that changed it is waited for and the row re-checked (READ COMMITTED's
 *   re-evaluation of the locked row), so any number of server instances take that course's places
 *   one at a time, while other courses go on in parallel. One statement is one transaction: the
 *   row lock is held for the insert and its trigger only, not across round trips.
 *
 * The primary key (course, person) makes a second insert for the same person a no-op: one person
 * never holds two places, however many requests they send at once.
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle, Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { createGroupCommit } from './group-commit.js';
import { type CourseSnapshot, decide } from './rules.js';

/** What `reserve` did. */
export type ReserveOutcome = 'already-confirmed' | 'resume-pending' | 'reserved' | 'full';

/** A course as the database keeps it (synchronised from the content). */
export interface CourseRow {
  slug: string;
  groupId: string;
  places: number;
}

/** A 'pending' row and the group its course adds people to. */
export interface PendingEnrolment {
  courseSlug: string;
  userId: string;
  groupId: string;
  createdAt: string;
}

export interface CourseOccupancy {
  places: number;
  taken: number;
}

/** The course is not in the database: the content and the database disagree (a server fault). */
export class UnknownCourseError extends Error {
  override name = 'UnknownCourseError';
  constructor(readonly slug: string) {
    super(`Course ${slug} is not in the database (courses are synchronised at start-up).`);
  }
}

export interface EnrolmentRepository {
  /**
   * Takes a place for the person unless they hold one already or none is left. Refusals and
   * idempotent answers are read without the lock (a consistent read: the course was full, or the
   * person enrolled, at that instant); taking a place happens under the lock (see above).
   * @throws UnknownCourseError
   */
  reserve(courseSlug: string, userId: string, now: Date): Promise<ReserveOutcome>;
  /** Marks the person's row confirmed. False when there is no row (it was released meanwhile). */
  confirm(courseSlug: string, userId: string, now: Date): Promise<boolean>;
  /** Deletes the person's row if it is still 'pending' (a confirmed enrolment is never undone). */
  release(courseSlug: string, userId: string): Promise<boolean>;
  /** 'pending' rows created before `before` (ISO-8601), oldest first. */
  pendingCreatedBefore(before: string): Promise<PendingEnrolment[]>;
  /** Places and places taken of every course, by slug, in one query. */
  occupancy(): Promise<Map<string, CourseOccupancy>>;
  /**
   * Upserts the courses (slug, group, places). Courses no longer in the content keep their rows
   * (their enrolments reference them); lowering places below the taken count keeps enrolments.
   */
  syncCourses(courses: readonly CourseRow[]): Promise<void>;
}

type Db = Kysely<Database>;

// The three statements of every enrolment (snapshot, insertIfFree, confirm) are written as SQL
// templates: the same queries built with Kysely's builder cost three times as much CPU, which
// counts when thousands arrive per second.

/**
 * The course's places, its taken count and the person's own row, in one statement. `taken` is kept
 * by the database's triggers (migration 002): one row read, whatever the number of enrolments.
 */
async function snapshot(db: Db, courseSlug: string, userId: string): Promise<CourseSnapshot> {
  const { rows } = await sql<CourseSnapshot>`
    select c.places, c.taken,
      (select e.status from enrolments e
        where e.course_slug = c.slug and e.user_id = ${userId}) as mine
    from courses c where c.slug = ${courseSlug}`.execute(db);
  const row = rows[0];
  if (!row) throw new UnknownCourseError(courseSlug);
  return { places: row.places, taken: row.taken, mine: row.mine ?? null };
}

/**
 * The conditional insert: a 'pending' row for the person when the course has a free place and the
 * person has no row yet. True when it inserted.
 */
async function insertIfFree(
  db: Db,
  dialect: Dialect,
  courseSlug: string,
  userId: string,
  at: string,
): Promise<boolean> {
  const lock = dialect === 'postgres' ? sql`for update` : sql``;
  const result = await sql`
    insert into enrolments (course_slug, user_id, status, created_at, updated_at)
    select slug, cast(${userId} as text), 'pending', cast(${at} as text), cast(${at} as text)
    from courses where slug = ${courseSlug} and taken < places ${lock}
    on conflict (course_slug, user_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

export function createEnrolmentRepository(handle: Pick<DatabaseHandle, 'db' | 'dialect'>) {
  const { db, dialect } = handle;
  // SQLite: the writes of the rush share immediate transactions (group commit); PostgreSQL: each
  // statement is its own transaction, on the pool's connections in parallel.
  const write: <T>(work: (tx: Db) => Promise<T>) => Promise<T> =
    dialect === 'sqlite' ? createGroupCommit(db) : (work) => work(db);

  const takePlace = (courseSlug: string, userId: string, at: string): Promise<boolean> =>
    write((tx) => insertIfFree(tx, dialect, courseSlug, userId, at));

  const repository: EnrolmentRepository = {
    async reserve(courseSlug, userId, now) {
      // Refusals and repeats need no lock: the course was full, or the person enrolled, at the
      // instant of this consistent read.
      const early = decide(await snapshot(db, courseSlug, userId));
      if (early !== 'reserve') return early;

      if (await takePlace(courseSlug, userId, now.toISOString())) return 'reserved';
      // Nothing inserted: the last place went meanwhile, or the person's own row appeared.
      const after = await snapshot(db, courseSlug, userId);
      if (after.mine === 'confirmed') return 'already-confirmed';
      return after.mine === 'pending' ? 'resume-pending' : 'full';
    },

    async confirm(courseSlug, userId, now) {
      const at = now.toISOString();
      const result = await write((tx) =>
        sql`update enrolments set status = 'confirmed', updated_at = ${at}
          where course_slug = ${courseSlug} and user_id = ${userId}`.execute(tx),
      );
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    async release(courseSlug, userId) {
      const result = await db
        .deleteFrom('enrolments')
        .where('course_slug', '=', courseSlug)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async pendingCreatedBefore(before) {
      const rows = await db
        .selectFrom('enrolments as e')
        .innerJoin('courses as c', 'c.slug', 'e.course_slug')
        .select(['e.course_slug', 'e.user_id', 'e.created_at', 'c.group_id'])
        .where('e.status', '=', 'pending')
        .where('e.created_at', '<', before)
        .orderBy('e.created_at')
        .execute();
      return rows.map((r) => ({
        courseSlug: r.course_slug,
        userId: r.user_id,
        groupId: r.group_id,
        createdAt: r.created_at,
      }));
    },

    async occupancy() {
      const rows = await db.selectFrom('courses').select(['slug', 'places', 'taken']).execute();
      return new Map(rows.map((r) => [r.slug, { places: r.places, taken: r.taken }]));
    },

    async syncCourses(courses) {
      if (courses.length === 0) return;
      await db
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
    },
  };
  return repository;
}
