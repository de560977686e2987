/**
 * The statements of every enrolment's hot path (`POST /api/group/add`: snapshot, conditional
 * insert, confirmation), written as SQL text and prepared once: the same queries built with
 * Kysely's builder cost three times as much CPU, which counts when thousands arrive per second
 * (decisions 032, 036, 039). On SQLite they run on the connection's prepared statements directly
 * (db/sqlite-dialect.ts); on PostgreSQL through Kysely, already compiled, most of them batched
 * (`KeyedBatches`). The course's settings columns come from the courses module, the outbox's
 * columns from the mail outbox: this file lists neither.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { takesEnrolmentsSql } from '../classes/class-rules-sql.js';
import { SETTINGS_COLUMNS } from '../courses/course-store.js';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { dataRowsInsertSelect } from '../mail/outbox.js';

/** The class's settings columns, as `c.<column>`. */
const SETTINGS = SETTINGS_COLUMNS.map((c) => `c.${c}`).join(', ');

/**
 * The class's places, its taken count, its state, its settings in effect (the invite code and
 * meetings the answer and the confirmation e-mail need: read here rather than once more per
 * request), the person's own row in this class, and whether the person holds a place in, or waits
 * for, another class of the course that is not concluded (an active row, decision 059), in one
 * statement. `taken` is kept by the database's triggers (migration 012): one row read, whatever
 * the number of enrolments. Parameters: user, user, user, class.
 */
export const SNAPSHOT = `select c.places, c.taken, c.state,
    c.enrolment_opens_at as "opensAt", c.enrolment_closes_at as "closesAt", ${SETTINGS},
    (select e.status from enrolments e where e.class_id = c.id and e.user_id = ?) as mine,
    ${otherActive('?')} as other
  from classes c where c.id = ?`;

/** 1 when the person (parameter `person`) has an active row in another class of `c`'s course. */
function otherActive(person: string): string {
  return `case when exists (select 1 from enrolments o
      where o.course_slug = c.course_slug and o.user_id = ${person} and o.active = 1
        and o.class_id <> c.id)
    or exists (select 1 from waiting_list o
      where o.course_slug = c.course_slug and o.user_id = ${person} and o.active = 1
        and o.class_id <> c.id) then 1 else 0 end`;
}

/**
 * PostgreSQL: `SNAPSHOT` for many people of one class at once, one row per person.
 * Parameters: class, people (text[]).
 */
export const SNAPSHOT_BATCH = `select p.user_id, c.places, c.taken, c.state,
    c.enrolment_opens_at as "opensAt", c.enrolment_closes_at as "closesAt", ${SETTINGS},
    e.status as mine, ${otherActive('p.user_id')} as other
  from classes c cross join unnest($2::text[]) as p(user_id)
  left join enrolments e on e.class_id = c.id and e.user_id = p.user_id
  where c.id = $1`;

/**
 * The conditional insert: a 'pending' row for the person when the class takes enrolments at the
 * instant (the one rule's SQL twin, courses/class-rules-sql.ts), has a free place, nobody waits
 * for it (the waiting list goes first), and the person has no row in the course yet: the state and
 * the window are checked in the same statement, under the same lock, as the places (no enrolment
 * slips in before the opening instant). A person with an active row in the course (this class or
 * another) gets nothing: the keys (class, person) and the active (course, person) make the insert
 * a no-op. Parameters: user, created at, updated at, class, now, now.
 */
export const insertIfFreeSql = (dialect: Dialect) => `insert into enrolments
    (course_slug, class_id, user_id, status, created_at, updated_at)
  select course_slug, id, cast(? as text), 'pending', cast(? as text), cast(? as text)
  from classes where id = ? and taken < places
    and not exists (select 1 from waiting_list w where w.class_id = classes.id)
    and ${takesEnrolmentsSql('classes', 'cast(? as text)')} ${dialect === 'postgres' ? 'for update' : ''}
  on conflict do nothing`;

/**
 * PostgreSQL: the conditional insert for a batch of people at once (see `KeyedBatches`), in
 * the batch's order: the class's row is locked once (`for update`, re-read after a concurrent
 * change as above), and the first `places - taken` people of the batch who hold no row in the
 * course yet (no active row) and at whose instant the class takes enrolments (the one rule's SQL
 * twin) get a 'pending' row. One lock and one commit (one WAL flush) for many places, instead of
 * one each while the others wait for the lock. Answers the people inserted. Parameters: class,
 * people (text[]), their instants (text[]).
 */
export const INSERT_BATCH_IF_FREE = `with cls as (
    select id, course_slug, places - taken as free, state,
      enrolment_opens_at, enrolment_closes_at
    from classes
    where id = $1
      and not exists (select 1 from waiting_list w where w.class_id = classes.id)
    for update
  ),
  people as (
    select cls.id, cls.course_slug, cls.free, p.user_id, p.at,
      row_number() over (order by p.n) as k
    from cls, unnest($2::text[], $3::text[]) with ordinality as p(user_id, at, n)
    where ${takesEnrolmentsSql('cls', 'p.at')}
      and not exists (
        select 1 from enrolments e
        where e.course_slug = cls.course_slug and e.user_id = p.user_id and e.active = 1)
  )
  insert into enrolments (course_slug, class_id, user_id, status, created_at, updated_at)
  select course_slug, id, user_id, 'pending', at, at from people where k <= free order by k
  on conflict do nothing
  returning user_id`;

/**
 * The course's classes as the choice of a request's class reads them (courses/class-rules.ts
 * `chooseClass`), as one JSON array in one row: one statement per request on SQLite, one per batch
 * of a course's concurrent requests on PostgreSQL. Parameter: course.
 */
export const classChoicesSql = (dialect: Dialect) =>
  dialect === 'postgres'
    ? `select coalesce(json_agg(json_build_object(
          'id', id, 'state', state, 'opensAt', enrolment_opens_at,
          'closesAt', enrolment_closes_at)), '[]'::json) as classes
        from classes where course_slug = ?`
    : `select json_group_array(json_object(
          'id', id, 'state', state, 'opensAt', enrolment_opens_at,
          'closesAt', enrolment_closes_at)) as classes
        from classes where course_slug = ?`;

/** Parameters: updated at, class, user. Changes the 'pending' row of a class not concluded. */
export const CONFIRM = `update enrolments set status = 'confirmed', updated_at = ?
  where class_id = ? and user_id = ? and active = 1 and status = 'pending'`;

/**
 * PostgreSQL: the confirmations of a batch of people of one class (see `KeyedBatches`) with
 * their confirmation e-mails kept as data (decision 033), in one statement: each 'pending' row
 * becomes 'confirmed', and an outbox row is written for exactly the people whose row this
 * statement confirmed (decision 019: once per enrolment, by the request that confirmed it).
 * Answers the people confirmed. Parameters: class, people, their instants, their messages' ids
 * (null: no message), kinds and data (text[] each).
 */
export const CONFIRM_BATCH = `with people as (
    select * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
      as p(user_id, at, mail_id, mail_kind, mail_data)
  ),
  confirmed as (
    update enrolments e set status = 'confirmed', updated_at = people.at
    from people
    where e.class_id = $1 and e.user_id = people.user_id and e.active = 1
      and e.status = 'pending'
    returning e.user_id
  ),
  mailed as (
    ${dataRowsInsertSelect(
      {
        id: 'p.mail_id',
        kind: 'p.mail_kind',
        at: 'p.at',
        personId: 'p.user_id',
        data: 'p.mail_data',
      },
      `from people p join confirmed c on c.user_id = p.user_id
    where p.mail_id is not null`,
    )}
  )
  select user_id from confirmed`;

/** The person's row's status in a class not concluded. Parameters: class, user. */
export const STATUS = `select status from enrolments
  where class_id = ? and user_id = ? and active = 1`;

/** Runs prepared SQL (`?` placeholders). */
export interface Statements {
  get<R>(sql: string, parameters: readonly unknown[]): Promise<R | undefined>;
  /** The rows changed. */
  run(sql: string, parameters: readonly unknown[]): Promise<number>;
}

export type Compile = (text: string, parameters: readonly unknown[]) => CompiledQuery;

/** The statements through Kysely (PostgreSQL: `?` become `$1`, `$2`...; compiled once). */
export function kyselyStatements(
  db: Kysely<Database>,
  dialect: Dialect,
): Statements & { compiled: Compile } {
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
