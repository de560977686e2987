/**
 * The capacity rules of enrolment, pure: what to do with a request given the class's places, the
 * places taken and the person's own row. The repository applies them under the class's lock.
 * Whether the class takes enrolments at all is the one rule of courses/class-rules.ts
 * (`classEnrolmentState`, decision 074), read here, never written again.
 */
import { classEnrolmentState, type ClassWindow } from '../classes/class-rules.js';
import type { EnrolmentStatus } from '../db/schema.js';

/** What the database says about a class and one person, read under the class's lock. */
export interface CourseSnapshot extends ClassWindow {
  /** Places of the class. */
  places: number;
  /** Rows of the class, pending and confirmed: both hold a place. */
  taken: number;
  /** The person's own row in this class, if any. */
  mine: EnrolmentStatus | null;
  /** The person holds a row in another class of the course (one class per course at a time). */
  other?: boolean;
}

/**
 * - `already-confirmed`: enrolled before; nothing to take (idempotent).
 * - `resume-pending`: a place is already held for this person (a request in flight, or one
 *   interrupted); add them to the group and confirm, without taking a second place.
 * - `reserve`: a place is free; hold it as 'pending'.
 * - `not-open` / `closed`: before the opening instant, or from the closing instant on (the
 *   server's clock decides; the person's own row is answered first, so a repeat stays idempotent).
 * - `full`: no place left.
 * - `other-class`: the person holds a place in another class of the course.
 * A planned class has not opened; a running or concluded one is closed.
 */
export type Decision =
  | 'already-confirmed'
  | 'resume-pending'
  | 'reserve'
  | 'not-open'
  | 'closed'
  | 'full'
  | 'other-class';

export function decide(snapshot: CourseSnapshot, now: string): Decision {
  if (snapshot.mine === 'confirmed') return 'already-confirmed';
  if (snapshot.mine === 'pending') return 'resume-pending';
  if (snapshot.other === true) return 'other-class';
  const state = classEnrolmentState(snapshot, now);
  if (state !== 'open') return state;
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
 * ISO-8601 instant at or before which unfinished rows ('pending' places, removal markers) are
 * stale: their request has certainly ended (crashed, or its release failed), while younger rows may
 * belong to a request still talking to the directory. The database compares it with `created_at`
 * as ISO-8601 text (`<=`). Inclusive: with no grace (tests, a single instance at start-up) a row written in this very
 * millisecond counts too.
 */
export function staleBefore(now: Date, graceMs: number): string {
  return new Date(now.getTime() - graceMs).toISOString();
}

/** The part of a class the waiting list's rules read (under the class's lock). */
export interface CoursePlaces extends ClassWindow {
  places: number;
  taken: number;
}

/**
 * How many people waiting get a place now: every free place goes to the next person waiting while
 * the class takes enrolments; none after it closed (or before it opened).
 */
export function placesToPromote(course: CoursePlaces, waiting: number, now: string): number {
  if (classEnrolmentState(course, now) !== 'open') return 0;
  return Math.min(waiting, placesLeft(course.places, course.taken));
}

/**
 * - `join`: the course is full and open; the person gets the last position.
 * - `already-waiting`: idempotent, the position they have.
 * - `other-class`: the person waits for another class of the course (one active class per course,
 *   decision 059): their position there is not one on this class's list.
 * - `enrolled` / `pending`: the person holds a place (confirmed, or being confirmed).
 * - `not-full`: a place is free and nobody waits: the person should enrol instead.
 * - `not-open` / `closed`: the enrolment window (the waiting list lives only while it is open).
 */
export type JoinDecision =
  | 'join'
  | 'already-waiting'
  | 'other-class'
  | 'enrolled'
  | 'pending'
  | 'not-full'
  | 'not-open'
  | 'closed';

export function decideJoin(
  course: CoursePlaces & { waiting: number },
  mine: { status: EnrolmentStatus | null; waiting: boolean; waitingElsewhere?: boolean },
  now: string,
): JoinDecision {
  if (mine.status === 'confirmed') return 'enrolled';
  if (mine.status === 'pending') return 'pending';
  if (mine.waiting) return mine.waitingElsewhere === true ? 'other-class' : 'already-waiting';
  const state = classEnrolmentState(course, now);
  if (state !== 'open') return state;
  if (course.taken < course.places && course.waiting === 0) return 'not-full';
  return 'join';
}

/**
 * A person's cancellation: `cancel` a confirmed place; `in-progress` while the row is 'pending'
 * (a request or a promotion is adding them to the group: cancelling under its feet could leave
 * them in the group without a place); `none` without a row.
 */
export function decideCancel(status: EnrolmentStatus | null): 'cancel' | 'in-progress' | 'none' {
  if (status === 'confirmed') return 'cancel';
  return status === 'pending' ? 'in-progress' : 'none';
}

/** The date (YYYY-MM-DD) of a weekly course's last meeting. */
export function lastMeetingDate(firstMeeting: string, count: number): string {
  const date = new Date(`${firstMeeting}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 7 * (Math.max(1, count) - 1));
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a course's enrolment data are due for anonymisation: `months` whole months after the
 * day of its last meeting (UTC calendar; a day more or less does not matter at this scale).
 */
export function retentionDue(lastMeeting: string, months: number, now: Date): boolean {
  const due = new Date(`${lastMeeting}T00:00:00Z`);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + months);
  // The same day of the month, or the month's last day (31 Jan + 1 month = 28/29 Feb).
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  due.setUTCDate(due.getUTCDate() + 1);
  return now.getTime() >= due.getTime();
}

/**
 * Whether a class with this first meeting and count of weekly meetings is past its retention at
 * `now`: the daily retention anonymises such a class's enrolment data (retention.ts), and staff
 * may not give a class such dates (a year mistyped would make it lose its people).
 */
export function classRetentionDue(
  firstMeeting: string,
  count: number,
  months: number,
  now: Date,
): boolean {
  return retentionDue(lastMeetingDate(firstMeeting, count), months, now);
}
