/**
 * The enrolment tables over Kysely, one code path for SQLite and PostgreSQL except for the lock
 * that makes "check the places, then take one" atomic. Taking a place is one conditional insert,
 * `INSERT INTO enrolments SELECT … FROM courses WHERE slug = ? AND taken < places`, whose
 * `courses.taken` the database's triggers keep (migration 002):
 *
 * - SQLite: the statement runs inside `BEGIN IMMEDIATE` on the single connection: the database
 *   layer groups the writes made outside a transaction into shared immediate transactions (group
 *   commit, db/sqlite-dialect.ts). `BEGIN IMMEDIATE` takes the database's write lock before
 *   reading, so two processes on one file cannot both read the same count; inside one group, the
 *   inserts run one after the other, each seeing the places the previous ones took, and each
 *   answers once the group committed.
 * - PostgreSQL: the SELECT part carries `FOR UPDATE`: the statement locks the course's row, and a
 *   concurrent enrolment that changed it is waited for and the row re-checked (READ COMMITTED's
 *   re-evaluation of the locked row), so any number of server instances take that course's places
 *   one at a time, while other courses go on in parallel. One statement is one transaction: the
 *   row lock is held for the insert and its trigger only, not across round trips.
 *
 * The primary key (course, person) makes a second insert for the same person a no-op: one person
 * never holds two places, however many requests they send at once.
 */
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { CourseSettingsColumns } from '../courses/effective-course.js';
import type { DatabaseHandle, Dialect } from '../db/database.js';
import type { Database, EnrolmentStatus } from '../db/schema.js';
import { KeyedBatches } from '../db/keyed-batches.js';
import { dataRowOf } from '../mail/outbox.js';
import { writeTransaction } from '../db/write-transaction.js';
import {
  type CoursePlaces,
  type CourseSnapshot,
  decide,
  decideJoin,
  type JoinDecision,
  placesToPromote,
} from './rules.js';

/** What `reserve` did. */
export type ReserveOutcome =
  'already-confirmed' | 'resume-pending' | 'reserved' | 'not-open' | 'closed' | 'full';

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
  /** The row came from the waiting list: its place is never given back on a directory failure. */
  promoted: boolean;
}

/** People promoted from a course's waiting list, in order (their rows are 'pending'). */
export interface Promotion {
  courseSlug: string;
  groupId: string;
  userIds: string[];
}

/** What `joinWaitingList` did: the decision, and the person's position when they wait. */
export interface JoinOutcome {
  decision: JoinDecision;
  /** 1 for the first person waiting; null when the person does not wait. */
  position: number | null;
  /** Promotions made in the same transaction (the person may have been the first of them). */
  promotion: Promotion;
}

/** A person's own rows: places held and positions on waiting lists. */
export interface PersonRows {
  enrolments: {
    courseSlug: string;
    status: EnrolmentStatus;
    createdAt: string;
    updatedAt: string;
    promotedAt: string | null;
  }[];
  waiting: { courseSlug: string; position: number; joinedAt: string }[];
}

/** A removal under way left by a crash. */
export interface PendingRemoval {
  courseSlug: string;
  userId: string;
  groupId: string;
}

export interface CourseOccupancy {
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

export interface EnrolmentRepository {
  /**
   * Takes a place for the person unless they hold one already or none is left. Refusals and
   * idempotent answers are read without the lock (a consistent read: the course was full, or the
   * person enrolled, at that instant); taking a place happens under the lock (see above).
   * @throws UnknownCourseError
   */
  reserve(courseSlug: string, userId: string, now: Date): Promise<ReserveOutcome>;
  /**
   * `reserve`, answering also the course's settings as the same read found them (for the answer's
   * group link and the confirmation e-mail: no second read of the course).
   */
  reserveReading(
    courseSlug: string,
    userId: string,
    now: Date,
  ): Promise<{ outcome: ReserveOutcome; settings: CourseSettingsColumns }>;
  /**
   * Marks the person's row confirmed. False when there is no row (it was released meanwhile).
   * `alsoWrite` (the confirmation e-mail's outbox row) is written in the same transaction, only
   * when this call is the one that confirmed the row: once per enrolment.
   */
  confirm(
    courseSlug: string,
    userId: string,
    now: Date,
    alsoWrite?: CompiledQuery | null,
  ): Promise<boolean>;
  /**
   * Deletes the person's row if it is still 'pending' (a confirmed enrolment is never undone), and
   * a promoted one only with `promoted` (the directory has no such person), then gives the freed
   * place to the next person waiting, in the same transaction.
   */
  release(
    courseSlug: string,
    userId: string,
    now?: Date,
    options?: { promoted?: boolean },
  ): Promise<{ released: boolean; promotion: Promotion }>;
  /** 'pending' rows created at or before `before` (ISO-8601), oldest first. */
  pendingCreatedBefore(before: string): Promise<PendingEnrolment[]>;
  /** The person's status in the course (null: no row), and whether the row was promoted. */
  enrolmentOf(
    courseSlug: string,
    userId: string,
  ): Promise<{ status: EnrolmentStatus; promoted: boolean } | null>;
  /** The course's group (null: no such course). */
  groupOf(courseSlug: string): Promise<string | null>;
  /**
   * Puts the person at the end of the course's waiting list when the course is full and open (see
   * `decideJoin`), in one transaction under the course's lock.
   */
  joinWaitingList(courseSlug: string, userId: string, clock: () => Date): Promise<JoinOutcome>;
  /** Takes the person off the course's waiting list. False when they were not on it. */
  leaveWaitingList(courseSlug: string, userId: string): Promise<boolean>;
  /**
   * Marks a removal under way (before the directory is asked). False when a marker was there
   * already (an earlier attempt without an answer, or a crash): that one is the repair's to settle.
   */
  beginRemoval(courseSlug: string, userId: string, now: Date): Promise<boolean>;
  /** The directory did not remove the person: the enrolment stays. */
  abandonRemoval(courseSlug: string, userId: string): Promise<void>;
  /**
   * The directory removed the person: the enrolment (its place) and the marker go, and the freed
   * place goes to the next person waiting, in one transaction.
   */
  finishRemoval(
    courseSlug: string,
    userId: string,
    now: Date,
  ): Promise<{ removed: boolean; promotion: Promotion }>;
  /** Removals left by a crash (marked at or before `before`). */
  removalsBefore(before: string): Promise<PendingRemoval[]>;
  /**
   * Runs `work` in a transaction under the course's lock, then gives every free place to the next
   * people waiting in the same transaction (staff raising the places, or reopening enrolment).
   */
  changeCourse<T>(
    courseSlug: string,
    now: Date,
    work: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<{ result: T; promotion: Promotion }>;
  /** Courses with people waiting and a free place (the repair's sweep promotes them). */
  coursesToPromote(now: Date): Promise<string[]>;
  /** The person's places and waiting positions, across courses. */
  personRows(userId: string): Promise<PersonRows>;
  /** The course's waiting list, in order. */
  waitingList(courseSlug: string): Promise<{ userId: string; joinedAt: string }[]>;
  /** People waiting, by course slug (courses without anyone waiting are absent). */
  waitingCounts(): Promise<Map<string, number>>;
  /** The course's enrolment window (staff settings). */
  window(courseSlug: string): Promise<{ opensAt: string | null; closesAt: string | null }>;
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
// text, prepared once: the same queries built with Kysely's builder cost three times as much CPU,
// which counts when thousands arrive per second. On SQLite they run on the connection's prepared
// statements directly (db/sqlite-dialect.ts); on PostgreSQL through Kysely, already compiled.

/**
 * The course's places, its taken count, its settings in effect (the invite code and meetings the
 * answer and the confirmation e-mail need: read here rather than once more per request) and the
 * person's own row, in one statement. `taken` is kept
 * by the database's triggers (migration 002): one row read, whatever the number of enrolments.
 * Parameters: user, course.
 */
const SNAPSHOT = `select c.places, c.taken,
    c.enrolment_opens_at as "opensAt", c.enrolment_closes_at as "closesAt",
    c.invite_code, c.first_meeting, c.meeting_weekday, c.meeting_time, c.meeting_count,
    c.meeting_duration_minutes, c.meeting_room,
    (select e.status from enrolments e where e.course_slug = c.slug and e.user_id = ?) as mine
  from courses c where c.slug = ?`;

/**
 * The conditional insert: a 'pending' row for the person when the course has a free place, its
 * enrolment window holds the instant, nobody waits for it (the waiting list goes first), and the
 * person has no row yet: the window is checked in the same statement, under the same lock, as the
 * places (no enrolment slips in before the opening instant). Parameters: user, created at, updated at, course, now, now.
 */
const insertIfFreeSql = (dialect: Dialect) => `insert into enrolments
    (course_slug, user_id, status, created_at, updated_at)
  select slug, cast(? as text), 'pending', cast(? as text), cast(? as text)
  from courses where slug = ? and taken < places
    and not exists (select 1 from waiting_list w where w.course_slug = courses.slug)
    and (enrolment_opens_at is null or enrolment_opens_at <= cast(? as text))
    and (enrolment_closes_at is null or enrolment_closes_at > cast(? as text)) ${dialect === 'postgres' ? 'for update' : ''}
  on conflict (course_slug, user_id) do nothing`;

/**
 * PostgreSQL: the conditional insert for a batch of people at once (see `KeyedBatches`), in
 * the batch's order: the course's row is locked once (`for update`, re-read after a concurrent
 * change as above), and the first `places - taken` people of the batch who hold no row yet and
 * whose instant falls in the enrolment window get a 'pending' row. One lock and one commit (one
 * WAL flush) for many places, instead of one each while the others wait for the lock. Answers the
 * people inserted. Parameters: course, people (text[]), their instants (text[]).
 */
const INSERT_BATCH_IF_FREE = `with course as (
    select slug, places - taken as free,
      enrolment_opens_at as opens, enrolment_closes_at as closes
    from courses
    where slug = $1
      and not exists (select 1 from waiting_list w where w.course_slug = courses.slug)
    for update
  ),
  people as (
    select course.slug, course.free, p.user_id, p.at, row_number() over (order by p.n) as k
    from course, unnest($2::text[], $3::text[]) with ordinality as p(user_id, at, n)
    where (course.opens is null or course.opens <= p.at)
      and (course.closes is null or course.closes > p.at)
      and not exists (
        select 1 from enrolments e where e.course_slug = course.slug and e.user_id = p.user_id)
  )
  insert into enrolments (course_slug, user_id, status, created_at, updated_at)
  select slug, user_id, 'pending', at, at from people where k <= free order by k
  on conflict (course_slug, user_id) do nothing
  returning user_id`;

/**
 * PostgreSQL: `SNAPSHOT` for many people of one course at once, one row per person.
 * Parameters: course, people (text[]).
 */
const SNAPSHOT_BATCH = `select p.user_id, c.places, c.taken,
    c.enrolment_opens_at as "opensAt", c.enrolment_closes_at as "closesAt",
    c.invite_code, c.first_meeting, c.meeting_weekday, c.meeting_time, c.meeting_count,
    c.meeting_duration_minutes, c.meeting_room, e.status as mine
  from courses c cross join unnest($2::text[]) as p(user_id)
  left join enrolments e on e.course_slug = c.slug and e.user_id = p.user_id
  where c.slug = $1`;

/** Parameters: updated at, course, user. Changes a 'pending' row only. */
const CONFIRM = `update enrolments set status = 'confirmed', updated_at = ?
  where course_slug = ? and user_id = ? and status = 'pending'`;

/**
 * PostgreSQL: `CONFIRM` and a single-row `insert into … (…) values (…)` (the confirmation
 * e-mail's outbox row) as one statement, the insert made only when the update changed the row:
 * `with confirmed as (update … returning 1) insert into … (…) select … where exists (…)`. The
 * insert's parameters follow the update's three. Undefined for any other shape of insert (then
 * both run in a transaction).
 */
function confirmWith(insert: CompiledQuery): CompiledQuery | undefined {
  const match = /^insert into ("[a-z_]+" \([^)]*\)) values \(((?:\$\d+, )*\$\d+)\)$/.exec(
    insert.sql,
  );
  const query = match
    ? CompiledQuery.raw(
        `with confirmed as (update enrolments set status = 'confirmed', updated_at = $1
          where course_slug = $2 and user_id = $3 and status = 'pending' returning 1)
        insert into ${match[1]} select ${(match[2] ?? '').replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 3}`)}
        where exists (select 1 from confirmed)`,
        [...insert.parameters],
      )
    : undefined;
  return query;
}

/**
 * PostgreSQL: the confirmations of a batch of people of one course (see `KeyedBatches`) with
 * their confirmation e-mails kept as data (decision 033), in one statement: each 'pending' row
 * becomes 'confirmed', and an outbox row is written for exactly the people whose row this
 * statement confirmed (decision 019: once per enrolment, by the request that confirmed it).
 * Answers the people confirmed. Parameters: course, people, their instants, their messages' ids
 * (null: no message), kinds and data (text[] each).
 */
const CONFIRM_BATCH = `with people as (
    select * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
      as p(user_id, at, mail_id, mail_kind, mail_data)
  ),
  confirmed as (
    update enrolments e set status = 'confirmed', updated_at = people.at
    from people
    where e.course_slug = $1 and e.user_id = people.user_id and e.status = 'pending'
    returning e.user_id
  ),
  mailed as (
    insert into mail_outbox (id, kind, recipient, subject, html, text, attachments, status,
      attempts, next_attempt_at, created_at, person_id, data)
    select p.mail_id, p.mail_kind, '', '', '', '', '[]', 'pending', 0, p.at, p.at, p.user_id,
      p.mail_data
    from people p join confirmed c on c.user_id = p.user_id
    where p.mail_id is not null
  )
  select user_id from confirmed`;

/** The person's row's status. Parameters: course, user. */
const STATUS = `select status from enrolments where course_slug = ? and user_id = ?`;

/** Runs prepared SQL (`?` placeholders). */
interface Statements {
  get<R>(sql: string, parameters: readonly unknown[]): Promise<R | undefined>;
  /** The rows changed. */
  run(sql: string, parameters: readonly unknown[]): Promise<number>;
}

type Compile = (text: string, parameters: readonly unknown[]) => CompiledQuery;

/** The statements through Kysely (PostgreSQL: `?` become `$1`, `$2`...; compiled once). */
function kyselyStatements(db: Db, dialect: Dialect): Statements & { compiled: Compile } {
  const texts = new Map<string, string>();
  const compiled = (text: string, parameters: readonly unknown[]) => {
    let native = texts.get(text);
    if (native === undefined) {
      let n = 0;
      native = dialect === 'postgres' ? text.replace(/\?/g, () => `$${++n}`) : text;
      texts.set(text, native);
    }
    return CompiledQuery.raw(native, [...parameters]);
  };
  return {
    compiled,
    async get<R>(text: string, parameters: readonly unknown[]) {
      return (await db.executeQuery<R>(compiled(text, parameters))).rows[0];
    },
    async run(text: string, parameters: readonly unknown[]) {
      return Number((await db.executeQuery(compiled(text, parameters))).numAffectedRows ?? 0);
    },
  };
}

async function countWaiting(db: Db, courseSlug: string): Promise<number> {
  const row = await db
    .selectFrom('waiting_list')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_slug', '=', courseSlug)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The person's position on the course's waiting list (1: next), null when not on it. */
async function positionOf(db: Db, courseSlug: string, userId: string): Promise<number | null> {
  const mine = await db
    .selectFrom('waiting_list')
    .select('id')
    .where('course_slug', '=', courseSlug)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return null;
  const ahead = await db
    .selectFrom('waiting_list')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_slug', '=', courseSlug)
    .where('id', '<', mine.id)
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

export function createEnrolmentRepository(
  handle: Pick<DatabaseHandle, 'db' | 'dialect' | 'sqlite'>,
) {
  const { db, dialect } = handle;
  // Each write is one statement outside any transaction. SQLite: the database layer groups them
  // into shared immediate transactions (group commit); PostgreSQL: each statement is its own
  // transaction, on the pool's connections in parallel.
  const viaKysely = handle.sqlite ? undefined : kyselyStatements(db, dialect);
  const statements: Statements = handle.sqlite ?? (viaKysely as Statements);
  const INSERT_IF_FREE = insertIfFreeSql(dialect);

  type SnapshotRow = CourseSnapshot & CourseSettingsColumns;
  const snapshots =
    dialect === 'postgres'
      ? new KeyedBatches<string, SnapshotRow | undefined>(async (courseSlug, userIds) => {
          const { rows } = await db.executeQuery<SnapshotRow & { user_id: string }>(
            CompiledQuery.raw(SNAPSHOT_BATCH, [courseSlug, [...new Set(userIds)]]),
          );
          const byUser = new Map(rows.map((r) => [r.user_id, r]));
          return userIds.map((u) => byUser.get(u));
        })
      : undefined;

  async function snapshot(
    courseSlug: string,
    userId: string,
  ): Promise<CourseSnapshot & { settings: CourseSettingsColumns }> {
    const row = snapshots
      ? await snapshots.call(courseSlug, userId)
      : await statements.get<SnapshotRow>(SNAPSHOT, [userId, courseSlug]);
    if (!row) throw new UnknownCourseError(courseSlug);
    return {
      places: row.places,
      taken: row.taken,
      mine: row.mine ?? null,
      opensAt: row.opensAt ?? null,
      closesAt: row.closesAt ?? null,
      settings: {
        places: row.places,
        invite_code: row.invite_code ?? null,
        first_meeting: row.first_meeting ?? null,
        meeting_weekday: row.meeting_weekday ?? null,
        meeting_time: row.meeting_time ?? null,
        meeting_count: row.meeting_count ?? null,
        meeting_duration_minutes: row.meeting_duration_minutes ?? null,
        meeting_room: row.meeting_room ?? null,
      },
    };
  }

  const batches =
    dialect === 'postgres'
      ? new KeyedBatches<{ userId: string; at: string }, boolean>(async (courseSlug, people) => {
          // A person twice in one batch (two requests at once): the first takes part, the other
          // answers 'not taken' and then finds the first one's row.
          const first = new Map<string, number>();
          people.forEach((p, i) => {
            if (!first.has(p.userId)) first.set(p.userId, i);
          });
          const unique = [...first.keys()];
          const ats = unique.map((u) => people[first.get(u) as number]?.at ?? '');
          const { rows } = await db.executeQuery<{ user_id: string }>(
            CompiledQuery.raw(INSERT_BATCH_IF_FREE, [courseSlug, unique, ats]),
          );
          const taken = new Set(rows.map((r) => r.user_id));
          return people.map((p, i) => first.get(p.userId) === i && taken.has(p.userId));
        })
      : undefined;

  type Confirmation = {
    userId: string;
    at: string;
    mail: { id: string; kind: string; data: string } | undefined;
  };
  const confirmations =
    dialect === 'postgres'
      ? new KeyedBatches<Confirmation, boolean>(async (courseSlug, people) => {
          // A person twice in one batch: the first takes part (and writes the one message).
          const first = new Map<string, number>();
          people.forEach((p, i) => {
            if (!first.has(p.userId)) first.set(p.userId, i);
          });
          const unique = [...first.values()].map((i) => people[i] as Confirmation);
          const { rows } = await db.executeQuery<{ user_id: string }>(
            CompiledQuery.raw(CONFIRM_BATCH, [
              courseSlug,
              unique.map((p) => p.userId),
              unique.map((p) => p.at),
              unique.map((p) => p.mail?.id ?? null),
              unique.map((p) => p.mail?.kind ?? null),
              unique.map((p) => p.mail?.data ?? null),
            ]),
          );
          const confirmed = new Set(rows.map((r) => r.user_id));
          return people.map((p, i) => first.get(p.userId) === i && confirmed.has(p.userId));
        })
      : undefined;

  /**
   * PostgreSQL: the confirmation through the batch when its e-mail (if any) is kept as data;
   * undefined otherwise (another kind of row to write: the statement or the transaction below).
   */
  function batchedConfirm(
    courseSlug: string,
    userId: string,
    at: string,
    alsoWrite: CompiledQuery | null | undefined,
  ): Promise<boolean> | undefined {
    if (!confirmations) return undefined;
    const row = alsoWrite ? dataRowOf(alsoWrite) : undefined;
    if (alsoWrite && !row) return undefined;
    const mail = row ? { id: row.id, kind: row.kind, data: row.data } : undefined;
    return confirmations.call(courseSlug, { userId, at, mail });
  }

  const takePlace = async (courseSlug: string, userId: string, at: string): Promise<boolean> =>
    batches
      ? batches.call(courseSlug, { userId, at })
      : (await statements.run(INSERT_IF_FREE, [userId, at, at, courseSlug, at, at])) === 1;

  /** The course's places and window, its row locked (PostgreSQL) for the transaction by default. */
  async function lockCourse(
    trx: Db,
    courseSlug: string,
    lock = true,
  ): Promise<CoursePlaces & { groupId: string }> {
    let query = trx
      .selectFrom('courses')
      .select(['group_id', 'places', 'taken', 'enrolment_opens_at', 'enrolment_closes_at'])
      .where('slug', '=', courseSlug);
    if (lock && dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new UnknownCourseError(courseSlug);
    return {
      groupId: row.group_id,
      places: row.places,
      taken: row.taken,
      opensAt: row.enrolment_opens_at,
      closesAt: row.enrolment_closes_at,
    };
  }

  /**
   * Gives the course's free places to the people waiting, first come first served: each one's
   * waiting row becomes a 'pending' enrolment holding the place (promoted_at set). Inside the
   * transaction that freed the places, under the course's lock.
   */
  async function promoteWithin(trx: Db, courseSlug: string, now: string): Promise<string[]> {
    const promoted: string[] = [];
    for (;;) {
      const course = await lockCourse(trx, courseSlug);
      // No free place (the common case: a join, a full course): the list is not even read.
      const free = placesToPromote(course, Number.MAX_SAFE_INTEGER, now);
      if (free === 0) return promoted;
      const next = await trx
        .selectFrom('waiting_list')
        .select(['id', 'user_id'])
        .where('course_slug', '=', courseSlug)
        .orderBy('id')
        .limit(free)
        .execute();
      if (next.length === 0) return promoted;
      await trx
        .deleteFrom('waiting_list')
        .where(
          'id',
          'in',
          next.map((w) => w.id),
        )
        .execute();
      // A person already holding a row keeps it (never two places); the place goes on (next
      // round).
      const inserted = await trx
        .insertInto('enrolments')
        .values(
          next.map((w) => ({
            course_slug: courseSlug,
            user_id: w.user_id,
            status: 'pending' as const,
            created_at: now,
            updated_at: now,
            promoted_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['course_slug', 'user_id']).doNothing())
        .returning('user_id')
        .execute();
      const taken = new Set(inserted.map((r) => r.user_id));
      // In the list's order.
      promoted.push(...next.map((w) => w.user_id).filter((u) => taken.has(u)));
      if (taken.size === next.length) return promoted;
    }
  }

  /** `work` in a write transaction under the course's lock, then the promotions it allows. */
  function underLock<T>(
    courseSlug: string,
    now: Date,
    work: (trx: Db, course: CoursePlaces & { groupId: string }) => Promise<T>,
  ): Promise<{ result: T; promotion: Promotion }> {
    return writeTransaction(handle, async (trx) => {
      const course = await lockCourse(trx, courseSlug);
      const result = await work(trx, course);
      const userIds = await promoteWithin(trx, courseSlug, now.toISOString());
      return { result, promotion: { courseSlug, groupId: course.groupId, userIds } };
    });
  }

  /**
   * The join: one conditional insert, like the enrolment's (decision 008), at the end of the list
   * when the course is full (or people wait already), its enrolment open, and the person holds no
   * place in it; a second join of the same person is a no-op (unique course and person). On
   * PostgreSQL the SELECT part locks the course's row, so the `id` (a sequence) is given in the
   * order the joins commit; on SQLite the write group's immediate transaction orders them. Answers
   * the new row's id, or undefined when nothing was inserted.
   */
  async function joinIfFull(
    courseSlug: string,
    userId: string,
    at: string,
  ): Promise<number | undefined> {
    const row = await db
      .insertInto('waiting_list')
      .columns(['course_slug', 'user_id', 'joined_at'])
      .expression((eb) =>
        eb
          .selectFrom('courses')
          .select([
            'slug',
            sql<string>`cast(${userId} as text)`.as('user_id'),
            sql<string>`cast(${at} as text)`.as('joined_at'),
          ])
          .where('slug', '=', courseSlug)
          .where((w) =>
            w.or([w('enrolment_opens_at', 'is', null), w('enrolment_opens_at', '<=', at)]),
          )
          .where((w) =>
            w.or([w('enrolment_closes_at', 'is', null), w('enrolment_closes_at', '>', at)]),
          )
          .where((w) =>
            w.or([
              w('taken', '>=', w.ref('places')),
              w.exists(
                w
                  .selectFrom('waiting_list as l')
                  .select('l.id')
                  .whereRef('l.course_slug', '=', 'courses.slug'),
              ),
            ]),
          )
          .where((w) =>
            w.not(
              w.exists(
                w
                  .selectFrom('enrolments as e')
                  .select('e.user_id')
                  .whereRef('e.course_slug', '=', 'courses.slug')
                  .where('e.user_id', '=', userId),
              ),
            ),
          )
          .$if(dialect === 'postgres', (q) => q.forUpdate()),
      )
      .onConflict((oc) => oc.columns(['course_slug', 'user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Promotes into the course's free places, if any (read without the lock first). */
  async function promoteIfFree(courseSlug: string, now: Date): Promise<Promotion> {
    const course = await lockCourse(db, courseSlug, false);
    if (placesToPromote(course, Number.MAX_SAFE_INTEGER, now.toISOString()) === 0) {
      return { courseSlug, groupId: course.groupId, userIds: [] };
    }
    return (await underLock(courseSlug, now, () => Promise.resolve())).promotion;
  }

  const repository: EnrolmentRepository = {
    async reserve(courseSlug, userId, now) {
      return (await repository.reserveReading(courseSlug, userId, now)).outcome;
    },

    async reserveReading(courseSlug, userId, now) {
      // Refusals and repeats need no lock: the course was full, or the person enrolled, at the
      // instant of this consistent read.
      const at = now.toISOString();
      let read = await snapshot(courseSlug, userId);
      const early = decide(read, at);
      if (early !== 'reserve') return { outcome: early, settings: read.settings };

      for (let attempt = 1; ; attempt++) {
        if (await takePlace(courseSlug, userId, at)) {
          return { outcome: 'reserved', settings: read.settings };
        }
        // Nothing inserted: the last place went meanwhile, the person's own row appeared, or staff
        // changed the window. On PostgreSQL a batch (see `KeyedBatches`) can also leave a
        // free place to someone after a person of the same batch who turned out to hold a row
        // already: the place is still free, so try again (a few times at most: a free place
        // beside a waiting list is never taken, whatever the snapshot says).
        read = await snapshot(courseSlug, userId);
        const after = decide(read, at);
        if (after !== 'reserve' || attempt >= 3) {
          return { outcome: after === 'reserve' ? 'full' : after, settings: read.settings };
        }
      }
    },

    async confirm(courseSlug, userId, now, alsoWrite) {
      const confirming = [now.toISOString(), courseSlug, userId];
      let changed: number;
      const batched = batchedConfirm(courseSlug, userId, now.toISOString(), alsoWrite);
      const combined = !batched && alsoWrite && !handle.sqlite ? confirmWith(alsoWrite) : undefined;
      if (batched) {
        // PostgreSQL: concurrent confirmations of the course, and their e-mails, in one statement.
        changed = (await batched) ? 1 : 0;
      } else if (!alsoWrite) {
        changed = await statements.run(CONFIRM, confirming);
      } else if (handle.sqlite) {
        // Both writes in the write group's transaction, kept or undone together.
        changed = await handle.sqlite.atomically((run) => {
          const n = run(CONFIRM, confirming);
          if (n === 1) run(alsoWrite.sql, alsoWrite.parameters);
          return n;
        });
      } else if (combined) {
        // PostgreSQL: the confirmation and its e-mail in one statement (one round trip, not a
        // transaction's four), the e-mail inserted only when the update confirmed the row.
        const result = await db.executeQuery(
          CompiledQuery.raw(combined.sql, [...confirming, ...combined.parameters]),
        );
        changed = Number(result.numAffectedRows ?? 0);
      } else {
        const compile = (viaKysely as { compiled: Compile }).compiled;
        changed = await db.transaction().execute(async (trx) => {
          const n = Number(
            (await trx.executeQuery(compile(CONFIRM, confirming))).numAffectedRows ?? 0,
          );
          if (n === 1) await trx.executeQuery(alsoWrite);
          return n;
        });
      }
      if (changed > 0) return true;
      // Confirmed already (by a concurrent request of the same person, or the repair), or gone.
      const row = await statements.get<{ status: string }>(STATUS, [courseSlug, userId]);
      return row?.status === 'confirmed';
    },

    async release(courseSlug, userId, now = new Date(), options = {}) {
      return underLock(courseSlug, now, async (trx) => {
        let query = trx
          .deleteFrom('enrolments')
          .where('course_slug', '=', courseSlug)
          .where('user_id', '=', userId)
          .where('status', '=', 'pending');
        if (!options.promoted) query = query.where('promoted_at', 'is', null);
        const result = await query.executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      }).then(({ result, promotion }) => ({ released: result, promotion }));
    },

    async enrolmentOf(courseSlug, userId) {
      const row = await db
        .selectFrom('enrolments')
        .select(['status', 'promoted_at'])
        .where('course_slug', '=', courseSlug)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { status: row.status, promoted: row.promoted_at !== null } : null;
    },

    async groupOf(courseSlug) {
      const row = await db
        .selectFrom('courses')
        .select('group_id')
        .where('slug', '=', courseSlug)
        .executeTakeFirst();
      return row?.group_id ?? null;
    },

    async joinWaitingList(courseSlug, userId, clock) {
      // Two rounds at most: the second only when the course changed between the conditional
      // insert and the read that explains its refusal.
      for (let round = 1; ; round++) {
        const at = clock().toISOString();
        const joined = await joinIfFull(courseSlug, userId, at);
        if (joined !== undefined) {
          const position = await positionOf(db, courseSlug, userId);
          // A place freed meanwhile beside the list (the insert ran on an older view of it):
          // promoted now, not at the repair's next sweep.
          const promotion = await promoteIfFree(courseSlug, clock());
          return {
            decision: 'join',
            position: promotion.userIds.includes(userId) ? null : position,
            promotion,
          };
        }
        const course = await lockCourse(db, courseSlug, false);
        const [mine, waiting, count] = await Promise.all([
          repository.enrolmentOf(courseSlug, userId),
          positionOf(db, courseSlug, userId),
          countWaiting(db, courseSlug),
        ]);
        const decision = decideJoin(
          { ...course, waiting: count },
          { status: mine?.status ?? null, waiting: waiting !== null },
          at,
        );
        if (decision !== 'join' || round >= 2) {
          return {
            decision: decision === 'join' ? 'not-full' : decision,
            position: waiting,
            promotion: { courseSlug, groupId: course.groupId, userIds: [] },
          };
        }
      }
    },

    async leaveWaitingList(courseSlug, userId) {
      const result = await db
        .deleteFrom('waiting_list')
        .where('course_slug', '=', courseSlug)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async beginRemoval(courseSlug, userId, now) {
      const result = await db
        .insertInto('staff_removals')
        .values({ course_slug: courseSlug, person_id: userId, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['course_slug', 'person_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async abandonRemoval(courseSlug, userId) {
      await db
        .deleteFrom('staff_removals')
        .where('course_slug', '=', courseSlug)
        .where('person_id', '=', userId)
        .execute();
    },

    async finishRemoval(courseSlug, userId, now) {
      const { result, promotion } = await underLock(courseSlug, now, async (trx) => {
        const deleted = await trx
          .deleteFrom('enrolments')
          .where('course_slug', '=', courseSlug)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        await trx
          .deleteFrom('staff_removals')
          .where('course_slug', '=', courseSlug)
          .where('person_id', '=', userId)
          .execute();
        return Number(deleted.numDeletedRows) > 0;
      });
      return { removed: result, promotion };
    },

    async removalsBefore(before) {
      const rows = await db
        .selectFrom('staff_removals as r')
        .innerJoin('courses as c', 'c.slug', 'r.course_slug')
        .select(['r.course_slug', 'r.person_id', 'c.group_id'])
        .where('r.created_at', '<=', before)
        .orderBy('r.created_at')
        .execute();
      return rows.map((r) => ({
        courseSlug: r.course_slug,
        userId: r.person_id,
        groupId: r.group_id,
      }));
    },

    changeCourse: (courseSlug, now, work) => underLock(courseSlug, now, (trx) => work(trx)),

    async coursesToPromote(now) {
      const at = now.toISOString();
      const rows = await db
        .selectFrom('courses as c')
        .select('c.slug')
        .where('c.taken', '<', sql<number>`c.places`)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('waiting_list as w')
              .select('w.id')
              .whereRef('w.course_slug', '=', 'c.slug'),
          ),
        )
        .where((eb) =>
          eb.and([
            eb.or([eb('c.enrolment_opens_at', 'is', null), eb('c.enrolment_opens_at', '<=', at)]),
            eb.or([eb('c.enrolment_closes_at', 'is', null), eb('c.enrolment_closes_at', '>', at)]),
          ]),
        )
        .execute();
      return rows.map((r) => r.slug);
    },

    async personRows(userId) {
      const [enrolments, waiting] = await Promise.all([
        db
          .selectFrom('enrolments')
          .select(['course_slug', 'status', 'created_at', 'updated_at', 'promoted_at'])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute(),
        db
          .selectFrom('waiting_list')
          .select(['course_slug', 'joined_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
      ]);
      return {
        enrolments: enrolments.map((e) => ({
          courseSlug: e.course_slug,
          status: e.status,
          createdAt: e.created_at,
          updatedAt: e.updated_at,
          promotedAt: e.promoted_at,
        })),
        waiting: await Promise.all(
          waiting.map(async (w) => ({
            courseSlug: w.course_slug,
            joinedAt: w.joined_at,
            position: (await positionOf(db, w.course_slug, userId)) ?? 0,
          })),
        ),
      };
    },

    async waitingList(courseSlug) {
      const rows = await db
        .selectFrom('waiting_list')
        .select(['user_id', 'joined_at'])
        .where('course_slug', '=', courseSlug)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ userId: r.user_id, joinedAt: r.joined_at }));
    },

    async waitingCounts() {
      const rows = await db
        .selectFrom('waiting_list')
        .select(['course_slug', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('course_slug')
        .execute();
      return new Map(rows.map((r) => [r.course_slug, Number(r.n)]));
    },

    async pendingCreatedBefore(before) {
      const rows = await db
        .selectFrom('enrolments as e')
        .innerJoin('courses as c', 'c.slug', 'e.course_slug')
        .select(['e.course_slug', 'e.user_id', 'e.created_at', 'e.promoted_at', 'c.group_id'])
        .where('e.status', '=', 'pending')
        .where('e.created_at', '<=', before)
        .orderBy('e.created_at')
        .execute();
      return rows.map((r) => ({
        courseSlug: r.course_slug,
        userId: r.user_id,
        groupId: r.group_id,
        createdAt: r.created_at,
        promoted: r.promoted_at !== null,
      }));
    },

    async window(courseSlug) {
      const row = await db
        .selectFrom('courses')
        .select(['enrolment_opens_at', 'enrolment_closes_at'])
        .where('slug', '=', courseSlug)
        .executeTakeFirst();
      if (!row) throw new UnknownCourseError(courseSlug);
      return { opensAt: row.enrolment_opens_at, closesAt: row.enrolment_closes_at };
    },

    async occupancy() {
      const rows = await db
        .selectFrom('courses')
        .select(['slug', 'places', 'taken', 'enrolment_opens_at', 'enrolment_closes_at'])
        .execute();
      return new Map(
        rows.map((r) => [
          r.slug,
          {
            places: r.places,
            taken: r.taken,
            opensAt: r.enrolment_opens_at,
            closesAt: r.enrolment_closes_at,
          },
        ]),
      );
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
              // Places set by staff (migration 005) stay: the content only gives the default.
              places: sql<number>`case when courses.places_by_staff = 1 then courses.places else excluded.places end`,
            })
            // Unchanged rows are not rewritten (no row lock taken while others enrol).
            .where((eb) =>
              eb.or([
                eb('courses.group_id', '<>', eb.ref('excluded.group_id')),
                eb.and([
                  eb('courses.places_by_staff', '=', 0),
                  eb('courses.places', '<>', eb.ref('excluded.places')),
                ]),
              ]),
            ),
        )
        .execute();
    },
  };
  return repository;
}
