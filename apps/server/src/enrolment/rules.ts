/**
 * The capacity rules of enrolment, pure: what to do with a request given the course's places, the
 * places taken and the person's own row. The repository applies them under the course's lock.
 */
import type { EnrolmentStatus } from '../db/schema.js';

/** What the database says about a course and one person, read under the course's lock. */
export interface CourseSnapshot {
  /** Places of the course (content configuration). */
  places: number;
  /** Rows of the course, pending and confirmed: both hold a place. */
  taken: number;
  /** The person's own row for this course, if any. */
  mine: EnrolmentStatus | null;
  /** When enrolment opens (UTC ISO-8601, staff setting); null: open from the start. */
  opensAt: string | null;
  /** When enrolment closes (UTC ISO-8601); null: never. */
  closesAt: string | null;
}

/**
 * - `already-confirmed`: enrolled before; nothing to take (idempotent).
 * - `resume-pending`: a place is already held for this person (a request in flight, or one
 *   interrupted); add them to the group and confirm, without taking a second place.
 * - `reserve`: a place is free; hold it as 'pending'.
 * - `not-open` / `closed`: before the opening instant, or from the closing instant on (the
 *   server's clock decides; the person's own row is answered first, so a repeat stays idempotent).
 * - `full`: no place left.
 */
export type Decision =
  'already-confirmed' | 'resume-pending' | 'reserve' | 'not-open' | 'closed' | 'full';

/** The enrolment window at `now` (UTC ISO-8601, compared as text like every timestamp here). */
export function enrolmentWindow(
  window: Pick<CourseSnapshot, 'opensAt' | 'closesAt'>,
  now: string,
): 'not-open' | 'open' | 'closed' {
  if (window.opensAt !== null && now < window.opensAt) return 'not-open';
  if (window.closesAt !== null && now >= window.closesAt) return 'closed';
  return 'open';
}

export function decide(snapshot: CourseSnapshot, now: string): Decision {
  if (snapshot.mine === 'confirmed') return 'already-confirmed';
  if (snapshot.mine === 'pending') return 'resume-pending';
  const window = enrolmentWindow(snapshot, now);
  if (window !== 'open') return window;
  return snapshot.taken < snapshot.places ? 'reserve' : 'full';
}

/**
 * Places still free. Never negative: lowering a course's places below what is taken keeps the
 * enrolments and only refuses new ones.
 */
export function placesLeft(places: number, taken: number): number {
  return Math.max(0, places - taken);
}

/**
 * Whether a 'pending' row is old enough to be repaired: its request has certainly ended (crashed, or
 * its release failed). Younger rows may belong to a request still talking to the directory.
 */
export function isStalePending(createdAt: string, now: Date, graceMs: number): boolean {
  const created = Date.parse(createdAt);
  return Number.isNaN(created) || now.getTime() - created >= graceMs;
}

/** ISO-8601 instant before which 'pending' rows are stale. */
export function staleBefore(now: Date, graceMs: number): string {
  return new Date(now.getTime() - graceMs).toISOString();
}
