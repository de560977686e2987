/**
 * The weekly schedule's days and times ("Segunda-feira", "19h30") in machine form, for the
 * calendar feed (/agenda.ics) and the schedule page's structured data alike.
 */
import { weekdays } from './constants.js';
import type { Weekday } from './schema.js';

/** The schedule gives start times only; each activity is taken to last this long. */
export const SCHEDULE_EVENT_MINUTES = 90;

/** pt-BR day names of the schedule → index of the week, Sunday = 0. */
const DAY_INDEX: Record<string, number> = {
  domingo: 0,
  'segunda-feira': 1,
  'terça-feira': 2,
  'quarta-feira': 3,
  'quinta-feira': 4,
  'sexta-feira': 5,
  sábado: 6,
};

/** "19h30" → "19:30"; "09h" → "09:00". */
export function scheduleTime(time: string): string {
  const match = /^(\d{2})h(\d{2})?$/.exec(time);
  if (!match) throw new Error(`unexpected schedule time ${time}`);
  return `${match[1]}:${match[2] ?? '00'}`;
}

/** "Segunda-feira" → 1 (Sunday = 0). */
export function scheduleDayIndex(day: string): number {
  const index = DAY_INDEX[day.toLowerCase()];
  if (index === undefined) throw new Error(`unexpected schedule day ${day}`);
  return index;
}

/** "Segunda-feira" → "monday". */
export function scheduleWeekday(day: string): Weekday {
  return weekdays[scheduleDayIndex(day)] as Weekday;
}
