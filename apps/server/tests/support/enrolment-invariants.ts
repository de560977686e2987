/**
 * What must hold of the enrolments after any fault: no place lost or counted twice, and no
 * accepted enrolment lost. Read from the database after the fact:
 *
 * - every class's `taken` equals its rows (pending and confirmed), and is at most its places;
 * - no person holds two active rows of one course (a place in two classes not concluded: decision
 *   059; the primary key keeps one row per class);
 * - every enrolment answered 200 is there and confirmed;
 * - every confirmed row has its membership in the directory (local tables or the Graph stand-in);
 * - optionally, no row is left pending (once the repair has run).
 *
 * Answers the violations as sentences (an empty list when all hold), so a failing test names them.
 */
import { isDeskId } from '../../src/desk/desk-store.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/** `${courseSlug}|${userId}` of an enrolment answered 200. */
export type EnrolmentKey = `${string}|${string}`;

export const enrolmentKey = (courseSlug: string, userId: string): EnrolmentKey =>
  `${courseSlug}|${userId}`;

export interface InvariantOptions {
  /** Enrolments answered 200. */
  accepted: Iterable<EnrolmentKey>;
  /** Whether the directory has the person in the group (default: the local directory's table). */
  isMember?: (groupId: string, userId: string) => boolean | Promise<boolean>;
  /** Require that no row is pending (after the repair). */
  noPending?: boolean;
}

export interface EnrolmentSummary {
  rows: number;
  confirmed: number;
  pending: number;
  /** slug → {places, taken, rows} of the courses that have rows. */
  courses: Record<string, { places: number; taken: number; rows: number }>;
}

export async function checkEnrolmentInvariants(
  db: Kysely<Database>,
  options: InvariantOptions,
): Promise<{ violations: string[]; summary: EnrolmentSummary }> {
  const violations: string[] = [];
  const rows = await db.selectFrom('enrolments').selectAll().execute();
  const courses = await db.selectFrom('courses').selectAll().execute();
  const classes = await db.selectFrom('classes').selectAll().execute();
  const groupOf = new Map(courses.map((c) => [c.slug, c.group_id]));

  // The active rows (classes not concluded): one per person and course at most.
  const active = rows.filter((r) => Number(r.active) === 1);
  const byKey = new Map<string, (typeof rows)[number][]>();
  for (const row of active) {
    const key = enrolmentKey(row.course_slug, row.user_id);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  for (const [key, same] of byKey) {
    if (same.length > 1) violations.push(`${key} holds ${same.length} active rows`);
  }

  const summary: EnrolmentSummary = {
    rows: rows.length,
    confirmed: rows.filter((r) => r.status === 'confirmed').length,
    pending: rows.filter((r) => r.status === 'pending').length,
    courses: {},
  };
  // Places are a class's (decision 052); the summary adds up each course's classes.
  for (const k of classes) {
    const count = rows.filter((r) => r.class_id === k.id).length;
    const name = `${k.course_slug} (${k.name})`;
    if (k.taken !== count) violations.push(`${name}: taken is ${k.taken} but it has ${count} rows`);
    if (count > k.places) violations.push(`${name}: ${count} rows for ${k.places} places`);
    if (count > 0) {
      const sum = summary.courses[k.course_slug] ?? { places: 0, taken: 0, rows: 0 };
      summary.courses[k.course_slug] = {
        places: sum.places + k.places,
        taken: sum.taken + k.taken,
        rows: sum.rows + count,
      };
    }
  }
  for (const row of rows) {
    if (!classes.some((k) => k.id === row.class_id && k.course_slug === row.course_slug)) {
      violations.push(`${enrolmentKey(row.course_slug, row.user_id)} is in no class of its course`);
    }
  }

  for (const key of options.accepted) {
    const row = byKey.get(key)?.[0];
    if (!row) violations.push(`${key} was answered 200 but has no row`);
    else if (row.status !== 'confirmed')
      violations.push(`${key} was answered 200 but is ${row.status}`);
  }

  if (options.noPending) {
    for (const row of rows.filter((r) => r.status === 'pending')) {
      violations.push(`${enrolmentKey(row.course_slug, row.user_id)} is still pending`);
    }
  }

  let isMember = options.isMember;
  if (!isMember) {
    const memberships = await db.selectFrom('directory_memberships').selectAll().execute();
    const members = new Set(memberships.map((m) => `${m.group_id}|${m.user_id}`));
    isMember = (groupId, userId) => members.has(`${groupId.toLowerCase()}|${userId}`);
  }
  // A person enrolled at the desk has no account to be a member: the group is joined when an
  // account claims the place (decision 095).
  for (const row of active.filter((r) => r.status === 'confirmed' && !isDeskId(r.user_id))) {
    const groupId = groupOf.get(row.course_slug) ?? '';
    if (!(await isMember(groupId, row.user_id))) {
      violations.push(
        `${enrolmentKey(row.course_slug, row.user_id)} is confirmed but not a member of ${groupId}`,
      );
    }
  }
  return { violations, summary };
}

/** Polls until no enrolment is pending (the repair has settled them) or `timeoutMs` passes. */
export async function waitForNoPending(db: Kysely<Database>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { n } = await db
      .selectFrom('enrolments')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(n) === 0 || Date.now() > deadline) return Number(n);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
