/**
 * The person's classes as 'Minhas inscrições' lists them (decision 059), pure:
 * from their rows (active and of concluded classes), their completions and their cancellations.
 *
 * - Now: each active place ('enrolled' or 'pending'), oldest first, then each active waiting
 *   position ('waiting', with its position).
 * - Past, newest first: each completion ('concluded' / 'not-concluded'; kept while the account
 *   exists, even after the class's rows were anonymised); a place in a concluded class without one
 *   ('not-concluded'); each cancellation of a class the person holds nothing in any more
 *   ('cancelled'). A waiting position in a concluded class is not a class the person took part
 *   in: not listed.
 */
import type { MyEnrolmentState } from '@centro/contracts';
import type { PersonRows } from '../enrolment/person-rows.js';

export interface HistoryEntry {
  courseSlug: string;
  classId: string;
  state: MyEnrolmentState;
  /** On the waiting list only. */
  position: number | null;
  since: string;
}

export interface PersonCompletion {
  courseSlug: string;
  classId: string;
  concluded: boolean;
  concludedAt: string;
}

export interface PersonCancellation {
  courseSlug: string;
  classId: string;
  cancelledAt: string;
}

export function personHistory(
  rows: PersonRows,
  completions: readonly PersonCompletion[],
  cancellations: readonly PersonCancellation[],
): HistoryEntry[] {
  const current: HistoryEntry[] = [];
  for (const e of rows.enrolments.filter((r) => r.active)) {
    current.push({
      courseSlug: e.courseSlug,
      classId: e.classId,
      state: e.status === 'confirmed' ? 'enrolled' : 'pending',
      position: null,
      since: e.promotedAt ?? e.createdAt,
    });
  }
  for (const w of rows.waiting.filter((r) => r.active)) {
    current.push({
      courseSlug: w.courseSlug,
      classId: w.classId,
      state: 'waiting',
      position: w.position,
      since: w.joinedAt,
    });
  }

  const past: HistoryEntry[] = completions.map((c) => ({
    courseSlug: c.courseSlug,
    classId: c.classId,
    state: c.concluded ? 'concluded' : 'not-concluded',
    position: null,
    since: c.concludedAt,
  }));
  const completed = new Set(completions.map((c) => c.classId));
  for (const e of rows.enrolments.filter((r) => !r.active && !completed.has(r.classId))) {
    past.push({
      courseSlug: e.courseSlug,
      classId: e.classId,
      state: 'not-concluded',
      position: null,
      since: e.updatedAt,
    });
  }
  const holding = new Set([
    ...completed,
    ...rows.enrolments.map((e) => e.classId),
    ...rows.waiting.filter((w) => w.active).map((w) => w.classId),
  ]);
  for (const c of cancellations.filter((x) => !holding.has(x.classId))) {
    past.push({
      courseSlug: c.courseSlug,
      classId: c.classId,
      state: 'cancelled',
      position: null,
      since: c.cancelledAt,
    });
  }
  past.sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : 0));
  return [...current, ...past];
}
