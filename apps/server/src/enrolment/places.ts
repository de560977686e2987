/**
 * Taking a place and confirming it: the hot path of `POST /api/group/add` (decisions 008, 032,
 * 033). Places are a class's (decision 052). Taking a place is one conditional insert,
 * `INSERT INTO enrolments SELECT … FROM classes WHERE id = ? AND taken < places AND <the class
 * takes enrolments now>` (the one rule's SQL twin, decision 074), whose `classes.taken` the
 * database's triggers keep (migrations 002, 012):
 *
 * - SQLite: the statement runs inside `BEGIN IMMEDIATE` on the single connection: the database
 *   layer groups the writes made outside a transaction into shared immediate transactions (group
 *   commit, db/sqlite-dialect.ts). `BEGIN IMMEDIATE` takes the database's write lock before
 *   reading, so two processes on one file cannot both read the same count; inside one group, the
 *   inserts run one after the other, each seeing the places the previous ones took, and each
 *   answers once the group committed.
 * - PostgreSQL: the SELECT part carries `FOR UPDATE`: the statement locks the class's row, and a
 *   concurrent enrolment that changed it is waited for and the row re-checked (READ COMMITTED's
 *   re-evaluation of the locked row), so any number of server instances take that class's places
 *   one at a time, while other classes go on in parallel. One statement is one transaction: the
 *   row lock is held for the insert and its trigger only, not across round trips. Concurrent
 *   calls of one class share one statement (`KeyedBatches`).
 *
 * The primary key (class, person) and the unique (course, person) of the active rows (decision 059)
 * make a second insert for the same person a no-op: one person never holds two places in a class,
 * nor places in two classes of a course that are not concluded, however many requests they send
 * and whichever classes they name, on any number of instances.
 */
import { CompiledQuery } from 'kysely';
import {
  type CourseSettingsColumns,
  settingsColumnsOf,
  UnknownCourseError,
} from '../courses/course-store.js';
import type { DatabaseHandle } from '../db/database.js';
import type { EnrolmentStatus } from '../db/schema.js';
import { KeyedBatches } from '../db/keyed-batches.js';
import { type DataMailRow, dataRowInsert } from '../mail/outbox.js';
import type { ClassChoiceRow } from '../classes/class-rules.js';
import {
  classChoicesSql,
  CONFIRM,
  CONFIRM_BATCH,
  insertIfFreeSql,
  INSERT_BATCH_IF_FREE,
  kyselyStatements,
  SNAPSHOT,
  SNAPSHOT_BATCH,
  type Statements,
  STATUS,
} from './place-statements.js';
import { type CourseSnapshot, decide } from './rules.js';

/** What `reserve` did. */
export type ReserveOutcome =
  | 'already-confirmed'
  | 'resume-pending'
  | 'reserved'
  | 'not-open'
  | 'closed'
  | 'full'
  | 'other-class';

type SnapshotRow = Omit<CourseSnapshot, 'other'> & {
  other: number | string | null;
} & CourseSettingsColumns;

interface Confirmation {
  userId: string;
  at: string;
  mail: DataMailRow | undefined;
}

/** The calls of a batch, each person once (a person twice: the first takes part). */
function firstOfEach<T extends { userId: string }>(people: readonly T[]) {
  const first = new Map<string, number>();
  people.forEach((p, i) => {
    if (!first.has(p.userId)) first.set(p.userId, i);
  });
  return {
    unique: [...first.values()].map((i) => people[i] as T),
    /** The call's answer: only the first call of each person has one of their own. */
    answer: (done: Set<string>) =>
      people.map((p, i) => first.get(p.userId) === i && done.has(p.userId)),
  };
}

export function createPlaces(handle: Pick<DatabaseHandle, 'db' | 'dialect' | 'sqlite'>) {
  const { db, dialect } = handle;
  // Each write is one statement outside any transaction. SQLite: the database layer groups them
  // into shared immediate transactions (group commit); PostgreSQL: each statement is its own
  // transaction, on the pool's connections in parallel.
  const viaKysely = handle.sqlite ? undefined : kyselyStatements(db, dialect);
  const statements: Statements = handle.sqlite ?? (viaKysely as Statements);
  const INSERT_IF_FREE = insertIfFreeSql(dialect);
  const CLASS_CHOICES = classChoicesSql(dialect);
  const postgres = dialect === 'postgres';

  /** The course's classes (SQLite answers the JSON as text, PostgreSQL parsed). */
  const readChoices = async (courseSlug: string): Promise<ClassChoiceRow[]> => {
    const row = await statements.get<{ classes: string | ClassChoiceRow[] }>(CLASS_CHOICES, [
      courseSlug,
    ]);
    const classes = row?.classes ?? [];
    return typeof classes === 'string' ? (JSON.parse(classes) as ClassChoiceRow[]) : classes;
  };
  // A course's concurrent requests share one read: the answer is the same for all of them.
  const choices = postgres
    ? new KeyedBatches<null, ClassChoiceRow[]>(async (courseSlug, calls) => {
        const classes = await readChoices(courseSlug);
        return calls.map(() => classes);
      })
    : undefined;

  const snapshots = postgres
    ? new KeyedBatches<string, SnapshotRow | undefined>(async (classId, userIds) => {
        const { rows } = await db.executeQuery<SnapshotRow & { user_id: string }>(
          CompiledQuery.raw(SNAPSHOT_BATCH, [classId, [...new Set(userIds)]]),
        );
        const byUser = new Map(rows.map((r) => [r.user_id, r]));
        return userIds.map((u) => byUser.get(u));
      })
    : undefined;

  // A person twice in one batch (two requests at once): the first takes part, the other answers
  // 'not taken' and then finds the first one's row.
  const inserts = postgres
    ? new KeyedBatches<{ userId: string; at: string }, boolean>(async (classId, people) => {
        const { unique, answer } = firstOfEach(people);
        const { rows } = await db.executeQuery<{ user_id: string }>(
          CompiledQuery.raw(INSERT_BATCH_IF_FREE, [
            classId,
            unique.map((p) => p.userId),
            unique.map((p) => p.at),
          ]),
        );
        return answer(new Set(rows.map((r) => r.user_id)));
      })
    : undefined;

  // A person twice in one batch: the first takes part (and writes the one message).
  const confirmations = postgres
    ? new KeyedBatches<Confirmation, boolean>(async (classId, people) => {
        const { unique, answer } = firstOfEach(people);
        const { rows } = await db.executeQuery<{ user_id: string }>(
          CompiledQuery.raw(CONFIRM_BATCH, [
            classId,
            unique.map((p) => p.userId),
            unique.map((p) => p.at),
            unique.map((p) => p.mail?.id ?? null),
            unique.map((p) => p.mail?.kind ?? null),
            unique.map((p) => p.mail?.data ?? null),
          ]),
        );
        return answer(new Set(rows.map((r) => r.user_id)));
      })
    : undefined;

  async function snapshot(
    classId: string,
    userId: string,
  ): Promise<CourseSnapshot & { settings: CourseSettingsColumns }> {
    const row = snapshots
      ? await snapshots.call(classId, userId)
      : await statements.get<SnapshotRow>(SNAPSHOT, [userId, userId, userId, classId]);
    if (!row) throw new UnknownCourseError(classId);
    return {
      places: row.places,
      taken: row.taken,
      mine: row.mine ?? null,
      state: row.state,
      other: Number(row.other ?? 0) > 0,
      opensAt: row.opensAt ?? null,
      closesAt: row.closesAt ?? null,
      settings: settingsColumnsOf(row),
    };
  }

  const takePlace = async (classId: string, userId: string, at: string): Promise<boolean> =>
    inserts
      ? inserts.call(classId, { userId, at })
      : (await statements.run(INSERT_IF_FREE, [userId, at, at, classId, at, at])) === 1;

  /** The confirmation, and `mail` with it when it confirmed the row; answers whether it did. */
  async function confirmRow(
    classId: string,
    userId: string,
    at: string,
    mail: DataMailRow | null | undefined,
  ): Promise<boolean> {
    const confirming = [at, classId, userId];
    if (confirmations) {
      // PostgreSQL: concurrent confirmations of the class, and their e-mails, in one statement.
      return confirmations.call(classId, { userId, at, mail: mail ?? undefined });
    }
    if (!mail) return (await statements.run(CONFIRM, confirming)) > 0;
    const insert = dataRowInsert(mail, dialect);
    if (handle.sqlite) {
      // Both writes in the write group's transaction, kept or undone together.
      const changed = await handle.sqlite.atomically((run) => {
        const n = run(CONFIRM, confirming);
        if (n === 1) run(insert.sql, insert.parameters);
        return n;
      });
      return changed > 0;
    }
    const compile = (viaKysely as NonNullable<typeof viaKysely>).compiled;
    return db.transaction().execute(async (trx) => {
      const n = Number((await trx.executeQuery(compile(CONFIRM, confirming))).numAffectedRows ?? 0);
      if (n === 1) await trx.executeQuery(insert);
      return n > 0;
    });
  }

  return {
    /** The course's classes, as the choice of a request's class reads them. */
    classChoices: (courseSlug: string): Promise<ClassChoiceRow[]> =>
      choices ? choices.call(courseSlug, null) : readChoices(courseSlug),

    /**
     * Takes a place in the class for the person unless they hold one in the course already or none
     * is left, answering also the class's settings as the same read found them. Refusals and idempotent answers are read
     * without the lock (a consistent read: the course was full, or the person enrolled, at that
     * instant); taking a place happens under the lock (see above).
     * @throws UnknownCourseError
     */
    async reserveReading(
      classId: string,
      userId: string,
      now: Date,
    ): Promise<{ outcome: ReserveOutcome; settings: CourseSettingsColumns }> {
      const at = now.toISOString();
      let read = await snapshot(classId, userId);
      const early = decide(read, at);
      if (early !== 'reserve') return { outcome: early, settings: read.settings };

      for (let attempt = 1; ; attempt++) {
        if (await takePlace(classId, userId, at)) {
          return { outcome: 'reserved', settings: read.settings };
        }
        // Nothing inserted: the last place went meanwhile, the person's own row appeared, or staff
        // changed the window. On PostgreSQL a batch (see `KeyedBatches`) can also leave a
        // free place to someone after a person of the same batch who turned out to hold a row
        // already: the place is still free, so try again (a few times at most: a free place
        // beside a waiting list is never taken, whatever the snapshot says).
        read = await snapshot(classId, userId);
        const after = decide(read, at);
        if (after !== 'reserve' || attempt >= 3) {
          return { outcome: after === 'reserve' ? 'full' : after, settings: read.settings };
        }
      }
    },

    /**
     * Marks the person's row in the class confirmed. False when there is no row (it was released
     * meanwhile).
     * `mail` (the confirmation e-mail's outbox row) is written in the same statement or
     * transaction, only when this call is the one that confirmed the row: once per enrolment.
     */
    async confirm(
      classId: string,
      userId: string,
      now: Date,
      mail?: DataMailRow | null,
    ): Promise<boolean> {
      if (await confirmRow(classId, userId, now.toISOString(), mail)) return true;
      // Confirmed already (by a concurrent request of the same person, or the repair), or gone.
      const row = await statements.get<{ status: EnrolmentStatus }>(STATUS, [classId, userId]);
      return row?.status === 'confirmed';
    },
  };
}
