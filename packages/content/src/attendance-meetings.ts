/**
 * Attendance at the door: the meetings as the staff's menu lists them, the meeting the
 * screen opens on (today's, else the next, else the last), and whether a meeting can be marked
 * yet. Marking opens an hour before the start, when the door opens: people arrive early, and a
 * meeting further ahead has not happened. Pure, browser-safe: the server refuses by the same rule
 * the screen shows.
 */
import type { Weekday } from './schema.js';
import { heldMeetings, type MeetingRule } from './class-meetings.js';
import { formatTime, meetingStart, wallClockAt, weekdayOf } from './meetings.js';

/** Marking opens this long before a meeting starts. */
export const MARKING_OPENS_MINUTES_BEFORE = 60;

/** "ter" for a tuesday: the menu's short day names. */
export const shortWeekdayNames: Record<Weekday, string> = {
  sunday: 'dom',
  monday: 'seg',
  tuesday: 'ter',
  wednesday: 'qua',
  thursday: 'qui',
  friday: 'sex',
  saturday: 'sáb',
};

/** One meeting of the course: its number (from 1), its date ("YYYY-MM-DD") and its start. */
export interface ScheduledMeeting {
  meeting: number;
  date: string;
  start: Date;
}

/**
 * Every meeting that takes place with its date and start (São Paulo's wall-clock time), in order:
 * a cancelled or skipped date has no attendance (decision 091).
 */
export function scheduledMeetings(meetings: MeetingRule): ScheduledMeeting[] {
  return heldMeetings(meetings).map((m, i) => ({
    meeting: i + 1,
    date: m.date,
    start: meetingStart(m, m.date),
  }));
}

/** When marking a meeting that starts at `start` opens. */
export function markingOpensAt(start: Date): Date {
  return new Date(start.getTime() - MARKING_OPENS_MINUTES_BEFORE * 60_000);
}

/** Whether the meeting that starts at `start` can be marked at `now`. */
export function canMark(start: Date, now: Date): boolean {
  return now.getTime() >= markingOpensAt(start).getTime();
}

/**
 * The meeting (from 1) the screen opens on at `now`: today's (in São Paulo), else the next one,
 * else the last (the course ended). `dates` are the meetings' "YYYY-MM-DD", in order.
 */
export function meetingToOpen(dates: readonly string[], now: Date): number {
  const clock = wallClockAt(now);
  const today = `${clock.year}-${clock.month}-${clock.day}`;
  const index = dates.findIndex((date) => date >= today);
  return index === -1 ? Math.max(1, dates.length) : index + 1;
}

/** "ter, 10/03" for "2026-03-10". */
export function formatShortDate(isoDate: string): string {
  const [, month = '', day = ''] = isoDate.split('-');
  return `${shortWeekdayNames[weekdayOf(isoDate)]}, ${day}/${month}`;
}

/** "3º encontro — ter, 10/03": a meeting in the menu. */
export function formatMeetingOption(meeting: number, isoDate: string): string {
  return `${meeting}º encontro — ${formatShortDate(isoDate)}`;
}

/** Why a meeting cannot be marked yet, and from when it can: the screen's and the API's text. */
export function notMarkableYetMessage(start: Date): string {
  const opens = wallClockAt(markingOpensAt(start));
  const date = formatShortDate(`${opens.year}-${opens.month}-${opens.day}`);
  return `Este encontro ainda não aconteceu: a presença pode ser marcada a partir de ${date}, às ${formatTime(`${opens.hour}:${opens.minute}`)}.`;
}
