/**
 * 'Preparar próximo semestre', pure (decision 093): which term is the next one, and each course's
 * planned class for it, proposed from the course's latest class: a term later (the first meeting
 * to the same weekday on or after the date six months later, as 'Nova turma' moves it), the same
 * time, room, places and number of meetings, the centre's recesses applied, no WhatsApp invite, and
 * its enrolment window as far before its first meeting as the latest class's was. A course that
 * already has a class in that term is shown as prepared, and proposes nothing.
 */
import { addDays, meetingDates, weekdayOf, zonedInstant } from '@centro/content';
import { nextTermClass, type ClassTemplate } from './class-rules.js';

/** A term: '2027/1' (January to June) or '2027/2' (July to December). */
export type Term = `${number}/${1 | 2}`;

/** The term of a calendar date ("YYYY-MM-DD"). */
export function termOf(isoDate: string): Term {
  const [year = '', month = ''] = isoDate.split('-');
  return `${Number(year)}/${Number(month) <= 6 ? 1 : 2}`;
}

/** The term after `term`. */
export function termAfter(term: Term): Term {
  const [year = 0, half = 1] = term.split('/').map(Number);
  return half === 1 ? `${year}/2` : `${year + 1}/1`;
}

/** Terms compare as text: '2026/2' < '2027/1'. */
const notBefore = (a: Term, b: Term) => a >= b;

/**
 * The term to prepare: the one after the latest term of the classes staff have opened (open,
 * running or concluded), so that the planned classes it created count as prepared and a second
 * run proposes the same term; with none opened, the one after today's.
 */
export function termToPrepare(
  classes: readonly { firstMeeting: string; state: string }[],
  today: string,
): Term {
  const opened = classes
    .filter((c) => c.state !== 'planned')
    .map((c) => c.firstMeeting)
    .sort();
  return termAfter(termOf(opened.at(-1) ?? today));
}

/** A recess of the centre: its first and last day ("YYYY-MM-DD"), inclusive. */
export interface RecessPeriod {
  start: string;
  end: string;
}

/**
 * The seam to the centre's recesses: a class's weekly meeting dates with the recesses applied.
 * The default skips a meeting in a recess and adds one a week after the last, so a class keeps its
 * number of meetings and ends later.
 */
export type ApplyRecesses = (
  dates: readonly string[],
  recesses: readonly RecessPeriod[],
) => string[];

const inRecess = (date: string, recesses: readonly RecessPeriod[]) =>
  recesses.some((r) => r.start <= date && date <= r.end);

export const skipRecessWeeks: ApplyRecesses = (dates, recesses) => {
  const first = dates[0];
  if (first === undefined) return [];
  const kept: string[] = [];
  // Bounded: a recess cannot stretch a class over more than a few years of weeks.
  for (let week = 0; kept.length < dates.length && week < dates.length + 260; week += 1) {
    const date = addDays(first, week * 7);
    if (!inRecess(date, recesses)) kept.push(date);
  }
  return kept;
};

/** A class of a course, with its meetings in effect, as the proposal reads it. */
export interface SourceClass {
  id: string;
  name: string;
  state: string;
  /** In effect: the class's, else the content's. */
  firstMeeting: string;
  /** The stored settings (null: the content's default), copied to the next class. */
  template: ClassTemplate;
  /** In effect, for the table: time "HH:MM", room (null: none), number of meetings. */
  time: string;
  room: string | null;
  count: number;
}

export interface CourseClasses {
  slug: string;
  title: string;
  /** Its classes, oldest first. */
  classes: readonly SourceClass[];
}

/** A planned class proposed for the term; instants UTC ISO-8601. */
export interface ProposedClass {
  /** The class it was made from. */
  fromClassId: string;
  name: string;
  places: number;
  firstMeeting: string;
  /** The meetings' dates, recesses applied. */
  meetings: string[];
  time: string;
  room: string | null;
  opensAt: string | null;
  closesAt: string | null;
  /** The stored settings of the class to create (invite none, window and first meeting moved). */
  template: ClassTemplate;
}

export type CourseProposal =
  | { slug: string; title: string; status: 'proposed'; proposal: ProposedClass }
  | {
      slug: string;
      title: string;
      status: 'prepared';
      /** The class already in the term (or after it). */
      existing: { id: string; name: string; firstMeeting: string };
    };

/** The class of the course already in `term` or later (undefined: none). */
export function preparedClass<C extends Pick<SourceClass, 'firstMeeting'>>(
  classes: readonly C[],
  term: Term,
): C | undefined {
  return classes.find((c) => notBefore(termOf(c.firstMeeting), term));
}

/** An instant `ms` from the start of a date's meeting (São Paulo), or null. */
function offsetFrom(isoDate: string, time: string, ms: number | null): string | null {
  return ms === null ? null : new Date(zonedInstant(isoDate, time).getTime() + ms).toISOString();
}

/** How long before (negative) the class's first meeting an instant is, or null. */
function offsetOf(isoDate: string, time: string, instant: string | null): number | null {
  return instant === null ? null : Date.parse(instant) - zonedInstant(isoDate, time).getTime();
}

/**
 * The enrolment window of a class whose first meeting is `firstMeeting` at `time`, as far from it as
 * the source class's window was from its own first meeting.
 */
export function windowFor(source: SourceClass, firstMeeting: string, time: string) {
  const t = source.template;
  return {
    opensAt: offsetFrom(
      firstMeeting,
      time,
      offsetOf(source.firstMeeting, source.time, t.enrolment_opens_at),
    ),
    closesAt: offsetFrom(
      firstMeeting,
      time,
      offsetOf(source.firstMeeting, source.time, t.enrolment_closes_at),
    ),
  };
}

/** The meetings of a class from its first one, recesses applied. */
export function meetingsFrom(
  firstMeeting: string,
  count: number,
  recesses: readonly RecessPeriod[],
  apply: ApplyRecesses,
): string[] {
  return apply(meetingDates({ firstMeeting, count }), recesses);
}

/**
 * The course's class for `term`, from its latest class: moved on a term at a time until it falls in
 * `term` or later (a course whose latest class is older than last term still lands in it).
 */
export function proposeClass(
  source: SourceClass,
  term: Term,
  now: Date,
  recesses: readonly RecessPeriod[],
  apply: ApplyRecesses = skipRecessWeeks,
): ProposedClass {
  let next: ClassTemplate = { ...source.template, first_meeting: source.firstMeeting };
  for (let step = 0; step < 40; step += 1) {
    next = nextTermClass(next, now);
    if (next.first_meeting !== null && notBefore(termOf(next.first_meeting), term)) break;
  }
  const planned = next.first_meeting ?? source.firstMeeting;
  const meetings = meetingsFrom(planned, source.count, recesses, apply);
  // A first meeting in a recess moves to the first week after it.
  const firstMeeting = meetings[0] ?? planned;
  const window = windowFor(source, firstMeeting, source.time);
  return {
    fromClassId: source.id,
    name: next.name,
    places: source.template.places,
    firstMeeting,
    meetings,
    time: source.time,
    room: source.room,
    opensAt: window.opensAt,
    closesAt: window.closesAt,
    template: {
      ...source.template,
      name: next.name,
      // Each class has its own WhatsApp group (decision 077).
      invite_code: null,
      first_meeting: firstMeeting,
      meeting_weekday: weekdayOf(firstMeeting),
      enrolment_opens_at: window.opensAt,
      enrolment_closes_at: window.closesAt,
    },
  };
}

/**
 * Every course's proposal for `term`: prepared when it has a class in the term or later, else its
 * latest class (by first meeting, then as listed) moved to the term. Courses without a class are
 * left out: the content's synchronisation gives each course its first one.
 */
export function proposeTerm(
  courses: readonly CourseClasses[],
  term: Term,
  now: Date,
  recesses: readonly RecessPeriod[],
  apply: ApplyRecesses = skipRecessWeeks,
): CourseProposal[] {
  const proposals: CourseProposal[] = [];
  for (const course of courses) {
    const existing = preparedClass(course.classes, term);
    if (existing) {
      proposals.push({
        slug: course.slug,
        title: course.title,
        status: 'prepared',
        existing: { id: existing.id, name: existing.name, firstMeeting: existing.firstMeeting },
      });
      continue;
    }
    const latest = [...course.classes]
      .map((c, order) => ({ c, order }))
      .sort((a, b) => a.c.firstMeeting.localeCompare(b.c.firstMeeting) || a.order - b.order)
      .at(-1)?.c;
    if (!latest) continue;
    proposals.push({
      slug: course.slug,
      title: course.title,
      status: 'proposed',
      proposal: proposeClass(latest, term, now, recesses, apply),
    });
  }
  return proposals;
}
