/**
 * A class's meetings as dates (decision 091), pure and browser-safe: the weekly rule (first
 * meeting, time, count) walked week by week, with the changes staff made to single meetings
 * (skip a date, cancel, move, add) and the centre's recesses (decision 092) applied. This is the
 * one place a class's meetings come from: the course page, 'Minhas inscrições', the reminders, the
 * `.ics`, attendance and completion all read `classMeetings` (or `heldMeetings`, its meetings that
 * take place), never the rule alone.
 */
import {
  addDays,
  addMinutes,
  formatDate,
  formatFirstMeeting,
  formatMeeting,
  formatMeetingCount,
  formatWeeklySlot,
  meetingStart,
  weekdayNames,
  weekdayOf,
} from './meetings.js';
import type { CourseMeetings, Weekday } from './schema.js';

/**
 * A change staff made to one of a class's meetings. `date` is the weekly rule's date it applies
 * to. 'skip': no meeting that day (a holiday, a recess), and the class either ends a week `later`
 * or has one meeting `fewer`; 'cancel': the meeting stays listed, cancelled, with the message the
 * class was told; 'move': that meeting happens on `to` at `time` instead; 'add': one more meeting
 * on `date` at `time`. Checked by `meetingChangeSchema` (packages/contracts).
 */
export type MeetingChange =
  | {
      kind: 'skip';
      date: string;
      then: 'later' | 'fewer';
      /** What the date is: the recess's name ('Recesso de fim de ano'), a holiday's. */
      reason?: string | undefined;
      /** The recess that skipped it (decision 092): removed with the recess. */
      recess?: string | undefined;
    }
  | { kind: 'cancel'; date: string; message: string }
  | { kind: 'move'; date: string; to: string; time: string }
  | { kind: 'add'; date: string; time: string };

/** What a class's meetings are made of: the weekly rule and its changes. */
export type MeetingRule = Pick<CourseMeetings, 'firstMeeting' | 'time' | 'count'> & {
  changes?: readonly MeetingChange[] | undefined;
};

/** 'scheduled': takes place (or took place); 'cancelled': listed, not held; 'skipped': no meeting that date. */
export type MeetingStatus = 'scheduled' | 'cancelled' | 'skipped';

export interface ClassMeeting {
  /** "YYYY-MM-DD" (São Paulo) the meeting is on; a skipped entry: the date without a meeting. */
  date: string;
  /** Start, "HH:MM". */
  time: string;
  status: MeetingStatus;
  /** Its number among the meetings that take place (1, 2, …: attendance's); null otherwise. */
  number: number | null;
  /** The rule's date it stands for (a calendar's RECURRENCE-ID); null for an added meeting. */
  slot: string | null;
  /** Added by staff, outside the weekly rule. */
  added: boolean;
  /** A moved meeting: where the rule had it. */
  movedFrom?: { date: string; time: string };
  /** A skipped date's reason (the recess's name), a cancelled meeting's message. */
  note?: string;
}

/** A recess of the centre (decision 092): no class meets from `startsOn` to `endsOn`, both included. */
export interface Recess {
  /** The stored recess's id (kept on the skips it makes, so that they leave with it). */
  id?: string;
  /** 'Recesso de fim de ano' */
  name: string;
  startsOn: string;
  endsOn: string;
  /** Each class meeting in it is skipped and the class ends a week `later`, or has one `fewer`. */
  then: 'later' | 'fewer';
}

/** The rule gives up after this many weeks (skips that push the end later are bounded by it). */
const MAX_WEEKS = 520;

/** The change of each rule date (the last one written wins), and the added meetings. */
function changesOf(rule: MeetingRule) {
  const byDate = new Map<string, Exclude<MeetingChange, { kind: 'add' }>>();
  const added: Extract<MeetingChange, { kind: 'add' }>[] = [];
  for (const change of rule.changes ?? []) {
    if (change.kind === 'add') added.push(change);
    else byDate.set(change.date, change);
  }
  return { byDate, added };
}

/** The rule's weekly dates, walked until its `count` meetings (skips that end later walk further). */
function ruleDates(rule: MeetingRule, byDate: ReturnType<typeof changesOf>['byDate']): string[] {
  const dates: string[] = [];
  let counted = 0;
  for (let week = 0; counted < rule.count && week < MAX_WEEKS; week += 1) {
    const date = addDays(rule.firstMeeting, week * 7);
    dates.push(date);
    const change = byDate.get(date);
    if (change?.kind !== 'skip' || change.then === 'fewer') counted += 1;
  }
  return dates;
}

const byWhen = (a: ClassMeeting, b: ClassMeeting) =>
  a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date);

/**
 * Every date of the class, in order: the meetings that take place (numbered), the cancelled ones
 * and the dates skipped. THE function for a class's meetings (decision 091).
 */
export function classMeetings(rule: MeetingRule): ClassMeeting[] {
  const { byDate, added } = changesOf(rule);
  const list: ClassMeeting[] = ruleDates(rule, byDate).map((date) => {
    const change = byDate.get(date);
    const base = { date, time: rule.time, number: null, slot: date, added: false };
    if (change?.kind === 'skip') {
      return { ...base, status: 'skipped', ...(change.reason ? { note: change.reason } : {}) };
    }
    if (change?.kind === 'cancel') {
      return { ...base, status: 'cancelled', ...(change.message ? { note: change.message } : {}) };
    }
    if (change?.kind === 'move') {
      return {
        ...base,
        date: change.to,
        time: change.time,
        status: 'scheduled',
        movedFrom: { date, time: rule.time },
      };
    }
    return { ...base, status: 'scheduled' };
  });
  for (const add of added) {
    list.push({
      date: add.date,
      time: add.time,
      status: 'scheduled',
      number: null,
      slot: null,
      added: true,
    });
  }
  list.sort(byWhen);
  let number = 0;
  return list.map((m) => (m.status === 'scheduled' ? { ...m, number: (number += 1) } : m));
}

/** The meetings that take place (not cancelled, not skipped), in order, numbered from 1. */
export function heldMeetings(rule: MeetingRule): ClassMeeting[] {
  return classMeetings(rule).filter((m) => m.status === 'scheduled');
}

/**
 * The rule's changes with the recesses applied (decision 092), for storing with a class: each
 * rule date inside a recess that staff have not changed already becomes a skip, by the recess's
 * choice (end a week later, or one meeting fewer); a skip that pushes the end into another recess
 * is skipped again. Pure and simple to call before a class exists:
 * `applyRecesses({ firstMeeting, time, count }, recesses)` → the changes to store with it; then
 * `classMeetings({ ...rule, changes })` gives its dates. Changes already in `rule.changes` are
 * kept as they are.
 */
export function applyRecesses(rule: MeetingRule, recesses: readonly Recess[]): MeetingChange[] {
  const changes: MeetingChange[] = [...(rule.changes ?? [])];
  for (;;) {
    const { byDate } = changesOf({ ...rule, changes });
    let hit: { date: string; recess: Recess } | undefined;
    for (const date of ruleDates({ ...rule, changes }, byDate)) {
      if (byDate.has(date)) continue;
      const recess = recesses.find((r) => r.startsOn <= date && date <= r.endsOn);
      if (recess) {
        hit = { date, recess };
        break;
      }
    }
    if (!hit) return changes;
    const { recess } = hit;
    changes.push({
      kind: 'skip',
      date: hit.date,
      then: recess.then,
      reason: recess.name,
      ...(recess.id ? { recess: recess.id } : {}),
    });
  }
}

/** The rule's changes without the skips a recess made (the recess was removed). */
export function withoutRecess(
  changes: readonly MeetingChange[] | undefined,
  recessId: string,
): MeetingChange[] {
  return (changes ?? []).filter((c) => c.kind !== 'skip' || c.recess !== recessId);
}

/**
 * The first meeting that takes place, as `formatFirstMeeting` reads it (the rule's first date and
 * time when none does).
 */
export function firstHeldMeeting(rule: MeetingRule): { firstMeeting: string; time: string } {
  const first = heldMeetings(rule)[0];
  return first
    ? { firstMeeting: first.date, time: first.time }
    : { firstMeeting: rule.firstMeeting, time: rule.time };
}

/** The last meeting that takes place, or undefined when none does. */
export function lastHeldMeeting(rule: MeetingRule): ClassMeeting | undefined {
  return heldMeetings(rule).at(-1);
}

const weekdayDate = (isoDate: string) =>
  `${weekdayNames[weekdayOf(isoDate)]}, ${formatDate(isoDate)}`;

/**
 * The changed meetings as people read them (the course page, the e-mails, 'Minhas inscrições'):
 * 'Sem encontro em sábado, 26/12/2026 (Recesso de fim de ano)', 'Encontro de sábado, 02/01/2027
 * cancelado: …', 'Encontro de sábado, 09/01/2027 transferido para domingo, 10/01/2027, às 10h00',
 * 'Encontro extra: quarta-feira, 13/01/2027, às 19h00'. None when the rule holds as it is.
 */
export function formatMeetingChanges(rule: MeetingRule): string[] {
  return classMeetings(rule).flatMap((m) => {
    if (m.status === 'skipped') {
      return [`Sem encontro em ${weekdayDate(m.date)}${m.note ? ` (${m.note})` : ''}`];
    }
    if (m.status === 'cancelled') {
      return [`Encontro de ${weekdayDate(m.date)} cancelado${m.note ? `: ${m.note}` : ''}`];
    }
    if (m.movedFrom) {
      return [
        `Encontro de ${weekdayDate(m.movedFrom.date)} transferido para ${formatMeeting(m.date, m.time)}`,
      ];
    }
    if (m.added) return [`Encontro extra: ${formatMeeting(m.date, m.time)}`];
    return [];
  });
}

/** A meeting's end, "HH:MM". */
export function meetingEnd(meeting: Pick<ClassMeeting, 'time'>, durationMinutes: number): string {
  return addMinutes(meeting.time, durationMinutes);
}

/** The first meeting taking place that starts after `after`, or undefined when none is left. */
export function nextMeeting(
  rule: MeetingRule,
  after: Date,
): { date: string; start: Date } | undefined {
  for (const m of heldMeetings(rule)) {
    const start = meetingStart(m, m.date);
    if (start.getTime() > after.getTime()) return { date: m.date, start };
  }
  return undefined;
}

/**
 * A class's meetings on one line, as the staff overview and 'Minhas inscrições' say them (decision
 * 075): 'Primeiro encontro: sábado, 28/11/2026, às 19h00 · Todo sábado, das 19h00 às 21h00 (10
 * encontros) · Local: Salão Bezerra de Menezes' (no place without a room: the centre's address).
 * The first meeting and the count are those that take place (decision 091), and each changed
 * meeting follows ('Sem encontro em …').
 */
export function formatClassMeetings(
  meetings: Pick<CourseMeetings, 'firstMeeting' | 'time' | 'durationMinutes' | 'count'> & {
    weekday: string;
    room?: string | null;
    changes?: readonly MeetingChange[] | undefined;
  },
): string {
  const slot = formatWeeklySlot({ ...meetings, weekday: meetings.weekday as Weekday });
  const place = meetings.room ? ` · Local: ${meetings.room}` : '';
  const held = heldMeetings(meetings);
  const changed = formatMeetingChanges(meetings).map((line) => ` · ${line}`);
  return `Primeiro encontro: ${formatFirstMeeting(firstHeldMeeting(meetings))} · ${slot} (${formatMeetingCount(held.length)})${place}${changed.join('')}`;
}
