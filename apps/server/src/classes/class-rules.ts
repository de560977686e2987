/**
 * The rules of a course's classes ('turmas', decision 052), pure: a class's default name,
 * which classes take enrolments, and which class a request without a class means.
 */
import type { ClassState } from '../db/schema.js';

export const CLASS_STATES = [
  'planned',
  'open',
  'running',
  'concluded',
] as const satisfies readonly ClassState[];

/** The default name of a class whose first meeting (or creation) falls on `date`: 'Turma 2027/1'. */
export function termName(date: Date): string {
  return `Turma ${date.getUTCFullYear()}/${date.getUTCMonth() < 6 ? 1 : 2}`;
}

/** Only an open class takes enrolments (and then only within its enrolment window). */
export function takesEnrolments(state: ClassState): boolean {
  return state === 'open';
}

/** A concluded class holds no places: its participants stay, read-only. */
export function holdsPlaces(state: ClassState): boolean {
  return state !== 'concluded';
}

/** A class as the choice of a request's class reads it. */
export interface ClassChoiceRow {
  id: string;
  state: ClassState;
  /** When its enrolment opens (UTC ISO-8601); null: from the start. */
  opensAt: string | null;
  /** When its enrolment closes (UTC ISO-8601); null: never. Absent: never. */
  closesAt?: string | null;
}

/**
 * - `class`: the class to enrol in (it may still refuse: window, places);
 * - `class-required`: several classes take enrolments and the request named none;
 * - `unknown-class`: the named class is not one of the course's;
 * - `none`: no class takes enrolments; `nextOpening` is the earliest future opening of a planned
 *   class (null: none announced).
 */
export type ChosenClass =
  | { kind: 'class'; id: string }
  | { kind: 'class-required' }
  | { kind: 'unknown-class' }
  | { kind: 'none'; nextOpening: string | null };

/**
 * Which class a request for the course means: the named one, else the only open one, else (several
 * open) the only one whose enrolment window holds `now`: the course page offers that one alone (a
 * class of last term stays open, its window closed, until it is concluded).
 */
export function chooseClass(
  classes: readonly ClassChoiceRow[],
  requested: string | undefined,
  now: string,
): ChosenClass {
  if (requested !== undefined) {
    return classes.some((c) => c.id === requested)
      ? { kind: 'class', id: requested }
      : { kind: 'unknown-class' };
  }
  const open = classes.filter((c) => takesEnrolments(c.state));
  if (open.length === 1) return { kind: 'class', id: (open[0] as ClassChoiceRow).id };
  const inWindow = open.filter(
    (c) => classEnrolmentState({ ...c, closesAt: c.closesAt ?? null }, now) === 'open',
  );
  if (inWindow.length === 1) return { kind: 'class', id: (inWindow[0] as ClassChoiceRow).id };
  if (open.length > 1) return { kind: 'class-required' };
  const openings = classes
    .filter((c) => c.state === 'planned' && c.opensAt !== null && c.opensAt > now)
    .map((c) => c.opensAt as string)
    .sort();
  return { kind: 'none', nextOpening: openings[0] ?? null };
}

/** A class as the rule of enrolment reads it: its state and its enrolment window. */
export interface ClassWindow {
  state: ClassState;
  /** When its enrolment opens (UTC ISO-8601); null: from the start. */
  opensAt: string | null;
  /** When its enrolment closes (UTC ISO-8601); null: never. */
  closesAt: string | null;
}

/**
 * The one rule of whether a class takes enrolments at `now` (decision 074): `open` only for an
 * open class from its opening instant (inclusive) to its closing instant (exclusive); a planned
 * class, or an open one before its opening, has `not-open`; a running or concluded class, or an
 * open one from its closing instant on, is `closed`. Instants compare as UTC ISO-8601 text, as the
 * database compares them. Every check of it in SQL is `takesEnrolmentsSql` (class-rules-sql.ts),
 * and a test holds the two to the same answers on both databases.
 */
export function classEnrolmentState(row: ClassWindow, now: string): 'not-open' | 'open' | 'closed' {
  if (row.state === 'planned') return 'not-open';
  if (row.state !== 'open') return 'closed';
  if (row.opensAt !== null && now < row.opensAt) return 'not-open';
  if (row.closesAt !== null && now >= row.closesAt) return 'closed';
  return 'open';
}

/**
 * A course's places as the public availability gives them (`GET /api/courses/availability`): a
 * view of the course's current class, its state by the one rule above.
 */
export function classAvailability(
  row: ClassWindow & { places: number; taken: number },
  now: string,
) {
  return {
    places: row.places,
    // Never negative: places lowered below the places taken keep the enrolments.
    placesLeft: Math.max(0, row.places - row.taken),
    state: classEnrolmentState(row, now),
    opensAt: row.opensAt,
    closesAt: row.closesAt,
  };
}

/**
 * A course's enrolment as 'Avise-me quando abrir' reads it from its classes: `open` when one takes
 * enrolments now (open, within its window); `not-open` when none does but one will (planned, or
 * open with its opening ahead); else `closed`. A planned class past its opening instant has not
 * opened: staff open it ('Abrir inscrições').
 */
export function courseEnrolmentState(
  classes: readonly ClassWindow[],
  now: string,
): 'not-open' | 'open' | 'closed' {
  if (classes.some((c) => classEnrolmentState(c, now) === 'open')) return 'open';
  const ahead = classes.some(
    (c) => c.state === 'planned' || (c.state === 'open' && c.opensAt !== null && now < c.opensAt),
  );
  return ahead ? 'not-open' : 'closed';
}

/** Classes a visitor is shown: open ones and planned ones (opening soon), not running or past. */
export function isListed(state: ClassState): boolean {
  return state === 'open' || state === 'planned';
}

/** Which class stands for the course when none is listed (as `currentClassId` orders them). */
const RANK: Record<ClassState, number> = { open: 0, running: 1, planned: 2, concluded: 3 };

/** A class as a course page's choice reads it. */
interface PageClassRow {
  id: string;
  course_slug: string;
  state: ClassState;
  created_at: string;
}

const byAge = (a: PageClassRow, b: PageClassRow) =>
  a.created_at === b.created_at
    ? a.id.localeCompare(b.id)
    : a.created_at.localeCompare(b.created_at);

/**
 * The classes a course's page shows (decision 075), from its classes (any order): those listed to
 * visitors, oldest first, else the course's current one (running, else the latest); none: the
 * content's.
 */
export function classRowsOnPage<R extends PageClassRow>(slug: string, rows: readonly R[]): R[] {
  const own = rows.filter((r) => r.course_slug === slug).sort(byAge);
  const listed = own.filter((r) => isListed(r.state));
  const current = [...own].sort((a, b) => RANK[a.state] - RANK[b.state] || byAge(b, a))[0];
  return listed.length > 0 ? listed : current ? [current] : [];
}

/** The settings a new class takes from the latest one (decision 105). */
export interface ClassTemplate {
  name: string;
  places: number;
  invite_code: string | null;
  enrolment_opens_at: string | null;
  enrolment_closes_at: string | null;
  first_meeting: string | null;
  meeting_weekday: string | null;
  meeting_time: string | null;
  meeting_count: number | null;
  meeting_duration_minutes: number | null;
  meeting_room: string | null;
}
