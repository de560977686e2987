/**
 * A course's next class, pure (decisions 093 and 105): the one proposal 'Nova turma' prefills and
 * 'Preparar próximo semestre' lists, from the course's latest class: a term later (the first
 * meeting to the same weekday on or after the date six months later), the same time, room, places
 * and number of meetings, each of the centre's recesses applied by its own rule (decision 092), no
 * WhatsApp invite, and its enrolment window as far before its first meeting as the latest class's
 * was. Which term is the next one, and a course that already has a class in it shown as prepared.
 */
import {
  addDays,
  applyRecesses,
  heldMeetings,
  type Recess,
  weekdayOf,
  weekdays,
  zonedInstant,
} from '@centro/content';
import { type ClassTemplate, termName } from './class-rules.js';

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
  /** The first meeting held (a first date in a recess skipped). */
  firstMeeting: string;
  /** The dates of the meetings held, each recess applied by its rule. */
  meetings: string[];
  time: string;
  room: string | null;
  opensAt: string | null;
  closesAt: string | null;
  /**
   * The stored settings of the class to create: invite none, the window moved, the first meeting
   * the weekly rule's first date (which a recess may skip).
   */
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

/** A calendar date six months later, on the same day or the month's last. */
function sixMonthsLater(isoDate: string): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + 6, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0));
  target.setUTCDate(Math.min(day, last.getUTCDate()));
  return target.toISOString().slice(0, 10);
}

/** A first meeting a term later: on `weekday`, on or after the date six months later. */
function aTermLater(isoDate: string, weekday: string): string {
  const moved = sixMonthsLater(isoDate);
  const wanted = weekdays.indexOf(weekday as (typeof weekdays)[number]);
  const day = weekdays.indexOf(weekdayOf(moved));
  return wanted < 0 ? moved : addDays(moved, (wanted - day + 7) % 7);
}

/** The course's latest class: by first meeting, then as listed (undefined: none). */
export function latestClass<C extends Pick<SourceClass, 'firstMeeting'>>(
  classes: readonly C[],
): C | undefined {
  return [...classes]
    .map((c, order) => ({ c, order }))
    .sort((a, b) => a.c.firstMeeting.localeCompare(b.c.firstMeeting) || a.order - b.order)
    .at(-1)?.c;
}

/**
 * The course's class for `term`, from `source`: moved on a term at a time until it falls in `term`
 * or later (a course whose latest class is older than last term still lands in it), then each
 * recess applied by its rule: a meeting in it skipped, the class ending a week `later` or having
 * one meeting `fewer`. The proposal's first meeting is the first one held (where the window is
 * measured from); the template keeps the weekly rule's first date, so that a first date in a
 * recess is stored as a skip of that recess (and comes back if the recess is removed).
 */
export function proposeClass(
  source: SourceClass,
  term: Term,
  recesses: readonly Recess[],
): ProposedClass {
  const weekday = source.template.meeting_weekday ?? weekdayOf(source.firstMeeting);
  let ruleDate = source.firstMeeting;
  for (let step = 0; step < 40; step += 1) {
    ruleDate = aTermLater(ruleDate, weekday);
    if (notBefore(termOf(ruleDate), term)) break;
  }
  const rule = { firstMeeting: ruleDate, time: source.time, count: source.count };
  const meetings = heldMeetings({ ...rule, changes: applyRecesses(rule, recesses) }).map(
    (m) => m.date,
  );
  const firstMeeting = meetings[0] ?? ruleDate;
  const window = windowFor(source, firstMeeting, source.time);
  const name = termName(new Date(`${firstMeeting}T12:00:00Z`));
  return {
    fromClassId: source.id,
    name,
    places: source.template.places,
    firstMeeting,
    meetings,
    time: source.time,
    room: source.room,
    opensAt: window.opensAt,
    closesAt: window.closesAt,
    template: {
      ...source.template,
      name,
      // Each class has its own WhatsApp group (decision 077).
      invite_code: null,
      first_meeting: ruleDate,
      meeting_weekday: weekdayOf(ruleDate),
      enrolment_opens_at: window.opensAt,
      enrolment_closes_at: window.closesAt,
    },
  };
}

/**
 * What 'Nova turma' proposes for a course (decision 105): what 'Preparar próximo semestre' proposes
 * for it, from its latest class to `toPrepare` (the term to prepare); a course that has a class in
 * that term already gets one the term after its latest class. Undefined: the course has no class.
 */
export function nextClass(
  classes: readonly SourceClass[],
  toPrepare: Term,
  recesses: readonly Recess[],
): ProposedClass | undefined {
  const latest = latestClass(classes);
  if (!latest) return undefined;
  const after = termAfter(termOf(latest.firstMeeting));
  return proposeClass(latest, notBefore(after, toPrepare) ? after : toPrepare, recesses);
}

/**
 * The first meeting to store for a class made from `proposal`: its weekly rule's first date when
 * staff kept the proposed first meeting (a first date in a recess stays a skip of it), else the
 * date they chose.
 */
export function storedFirstMeeting(proposal: ProposedClass, firstMeeting: string): string {
  return firstMeeting === proposal.firstMeeting
    ? (proposal.template.first_meeting ?? firstMeeting)
    : firstMeeting;
}

/**
 * Every course's proposal for `term`: prepared when it has a class in the term or later, else its
 * next class (`nextClass`, its latest class moved to the term). Courses without a class are left
 * out: the content's synchronisation gives each course its first one.
 */
export function proposeTerm(
  courses: readonly CourseClasses[],
  term: Term,
  recesses: readonly Recess[],
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
    const proposal = nextClass(course.classes, term, recesses);
    if (proposal) {
      proposals.push({ slug: course.slug, title: course.title, status: 'proposed', proposal });
    }
  }
  return proposals;
}
