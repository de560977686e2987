/**
 * The SQL twin of `classEnrolmentState(…) === 'open'` (class-rules.ts, decision 074): the one
 * condition every statement that takes a place or a waiting position, or promotes from a waiting
 * list, puts on the class's row, in the same statement and under the same lock as its places. The
 * same text on SQLite and PostgreSQL (instants are ISO-8601 text on both). class-rules-sql.test.ts
 * holds the two to the same answers on both databases.
 */
import { sql, type SqlBool } from 'kysely';

/**
 * Whether the class row aliased `alias` takes enrolments at `at`, an SQL expression (`?`, `$2`,
 * `p.at`, `cast(? as text)`): open, from its opening instant (inclusive) to its closing instant
 * (exclusive), either of them null: unbounded.
 */
export function takesEnrolmentsSql(alias: string, at: string): string {
  const column = (name: string) => `${alias}.${name}`;
  const opens = column('enrolment_opens_at');
  const closes = column('enrolment_closes_at');
  return `(${column('state')} = 'open'
    and (${opens} is null or ${opens} <= ${at})
    and (${closes} is null or ${closes} > ${at}))`;
}

/** `takesEnrolmentsSql` for Kysely's builder, at the instant `at` (a bound parameter). */
export function takesEnrolmentsAt(alias: string, at: string) {
  const mark = '\u0000';
  const [head = '', middle = '', tail = ''] = takesEnrolmentsSql(alias, mark).split(mark);
  return sql<SqlBool>`${sql.raw(head)}${at}${sql.raw(middle)}${at}${sql.raw(tail)}`;
}
