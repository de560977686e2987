/**
 * The figures of 'Relatórios', pure: counts already read from the database, put in the shape the
 * screen draws (hours after an opening, a list's length per day, completions per course and
 * year). Unit-tested without a database; report-store.ts reads the counts.
 */
import { MEETING_TIME_ZONE } from '@centro/content';

/** How many hours after an opening are counted one by one; the rest is 'later'. */
export const OPENING_HOURS = 24;

const HOUR_MS = 3_600_000;

/** Enrolment instants (UTC ISO-8601) counted per hour after `opensAt`, and those after. */
export function perHourAfter(
  opensAt: string,
  enrolledAt: readonly string[],
): { perHour: number[]; later: number } {
  const opening = Date.parse(opensAt);
  const perHour = Array.from({ length: OPENING_HOURS }, () => 0);
  let later = 0;
  for (const at of enrolledAt) {
    // An enrolment a moment before the opening (a clock a little ahead) counts in the first hour.
    const hour = Math.max(0, Math.floor((Date.parse(at) - opening) / HOUR_MS));
    if (hour < OPENING_HOURS) perHour[hour] = (perHour[hour] ?? 0) + 1;
    else later += 1;
  }
  return { perHour, later };
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MEETING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The São Paulo date ("YYYY-MM-DD") of an instant. */
export const saoPauloDate = (instant: string): string => dayFormat.format(new Date(instant));

/** A list's length at the end of each São Paulo day it changed, from its +1/-1 changes. */
export function lengthPerDay(
  changes: readonly { change: number; at: string }[],
): { date: string; length: number }[] {
  const sorted = [...changes].sort((a, b) => a.at.localeCompare(b.at));
  const days: { date: string; length: number }[] = [];
  let length = 0;
  for (const { change, at } of sorted) {
    length = Math.max(0, length + change);
    const date = saoPauloDate(at);
    const last = days.at(-1);
    if (last?.date === date) last.length = length;
    else days.push({ date, length });
  }
  return days;
}

export interface CompletionCount {
  completed: number;
  notCompleted: number;
}

/** Completion counts summed by a key (a course, a year), in the order keys first appear. */
export function sumBy<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  countOf: (row: T) => CompletionCount,
): Map<string, CompletionCount> {
  const sums = new Map<string, CompletionCount>();
  for (const row of rows) {
    const key = keyOf(row);
    const sum = sums.get(key) ?? { completed: 0, notCompleted: 0 };
    const { completed, notCompleted } = countOf(row);
    sums.set(key, {
      completed: sum.completed + completed,
      notCompleted: sum.notCompleted + notCompleted,
    });
  }
  return sums;
}

/** A class's year: its first meeting's, else the year it was created in (São Paulo). */
export function classYear(firstMeeting: string | null, createdAt: string): number {
  return Number((firstMeeting ?? saoPauloDate(createdAt)).slice(0, 4));
}
