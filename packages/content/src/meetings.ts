/**
 * Pure helpers over a course's meetings (schema `courseMeetingsSchema`): the list of dates, the
 * instant a meeting starts (its wall-clock time is in America/Sao_Paulo), the next meeting after
 * an instant, and the pt-BR texts shown on the course page and in the e-mails. No validation
 * library: safe for the browser bundle, although the website computes these texts at build time.
 */
import { MEETING_TIME_ZONE, weekdays } from './constants.js';
import type { Address, CourseMeetings, Weekday } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** pt-BR names of the days of the week, lower case ("sábado"), by `Weekday`. */
export const weekdayNames: Record<Weekday, string> = {
  sunday: 'domingo',
  monday: 'segunda-feira',
  tuesday: 'terça-feira',
  wednesday: 'quarta-feira',
  thursday: 'quinta-feira',
  friday: 'sexta-feira',
  saturday: 'sábado',
};

function parseDate(isoDate: string): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return { year, month, day };
}

function parseTime(time: string): { hours: number; minutes: number } {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return { hours, minutes };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of the calendar date `days` after `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = parseDate(isoDate);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day of the week of a calendar date ("YYYY-MM-DD"). */
export function weekdayOf(isoDate: string): Weekday {
  const { year, month, day } = parseDate(isoDate);
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  if (!weekday) throw new Error(`Not a date: ${isoDate}`);
  return weekday;
}

/**
 * The weekly rule's dates alone, "YYYY-MM-DD", in order: one a week from the first. A class's
 * meetings, with their changes and the recesses, are `classMeetings`'s (decision 091).
 */
export function meetingDates(meetings: Pick<CourseMeetings, 'firstMeeting' | 'count'>): string[] {
  return Array.from({ length: meetings.count }, (_, week) =>
    addDays(meetings.firstMeeting, week * 7),
  );
}

/** "HH:MM" plus `minutes` (within the day): the end time of a meeting. */
export function addMinutes(time: string, minutes: number): string {
  const { hours, minutes: m } = parseTime(time);
  const total = hours * 60 + m + minutes;
  return `${pad(Math.floor(total / 60) % 24)}:${pad(total % 60)}`;
}

/** One formatter per zone: creating an Intl.DateTimeFormat costs far more than using one. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Offset of `timeZone` from UTC at `instant`, in minutes (São Paulo: -180), from the runtime's
 * time zone data.
 */
export function timeZoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** A wall clock's reading, each part zero-padded: year "2026", month "03", hour "00" to "23". */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** What the wall clock reads at `instant` in `timeZone` (by default the meetings' zone). */
export function wallClockAt(instant: string | Date, timeZone = MEETING_TIME_ZONE): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/**
 * Instants already worked out, by zone, date and time: the same few (a class's meetings) are asked
 * for on every request of the class list, and each costs two `formatToParts` (decision 066). The
 * answer depends on its inputs only; the map is emptied when it grows past its bound.
 */
const zonedInstants = new Map<string, number>();
const ZONED_INSTANTS_KEPT = 4096;

/** The instant of a wall-clock date and time ("YYYY-MM-DD", "HH:MM") in `timeZone`. */
export function zonedInstant(isoDate: string, time: string, timeZone = MEETING_TIME_ZONE): Date {
  const key = `${timeZone} ${isoDate} ${time}`;
  const known = zonedInstants.get(key);
  if (known !== undefined) return new Date(known);
  const { year, month, day } = parseDate(isoDate);
  const { hours, minutes } = parseTime(time);
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  // The offset at the guess, then at the corrected instant (they differ only near a change of
  // offset; a wall time that does not exist then lands after the change).
  const first = wall - timeZoneOffsetMinutes(new Date(wall), timeZone) * 60000;
  const instant = wall - timeZoneOffsetMinutes(new Date(first), timeZone) * 60000;
  if (zonedInstants.size >= ZONED_INSTANTS_KEPT) zonedInstants.clear();
  zonedInstants.set(key, instant);
  return new Date(instant);
}

/** When a given meeting (by date) starts. */
export function meetingStart(meetings: Pick<CourseMeetings, 'time'>, isoDate: string): Date {
  return zonedInstant(isoDate, meetings.time);
}

/** "17:30" → "17h30"; "15:00" → "15h00". */
export function formatTime(time: string): string {
  const { hours, minutes } = parseTime(time);
  return `${pad(hours)}h${pad(minutes)}`;
}

/** "2027-03-06" → "06/03/2027". */
export function formatDate(isoDate: string): string {
  const { year, month, day } = parseDate(isoDate);
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** "sábado, 06/03/2027, às 17h30": a meeting's date and time, as people read it. */
export function formatMeeting(isoDate: string, time: string): string {
  return `${weekdayNames[weekdayOf(isoDate)]}, ${formatDate(isoDate)}, às ${formatTime(time)}`;
}

/** The first meeting, e.g. "sábado, 06/03/2027, às 17h30". */
export function formatFirstMeeting(
  meetings: Pick<CourseMeetings, 'firstMeeting' | 'time'>,
): string {
  return formatMeeting(meetings.firstMeeting, meetings.time);
}

/** "Todo sábado, das 17h30 às 19h00" / "Toda quinta-feira, das 19h30 às 21h00". */
export function formatWeeklySlot(
  meetings: Pick<CourseMeetings, 'weekday' | 'time' | 'durationMinutes'>,
): string {
  const every = meetings.weekday === 'saturday' || meetings.weekday === 'sunday' ? 'Todo' : 'Toda';
  const end = addMinutes(meetings.time, meetings.durationMinutes);
  return `${every} ${weekdayNames[meetings.weekday]}, das ${formatTime(meetings.time)} às ${formatTime(end)}`;
}

/** "1 encontro", "12 encontros". */
export function formatMeetingCount(count: number): string {
  return count === 1 ? '1 encontro' : `${count} encontros`;
}

/** "Rua X, 1 - Bairro, Cidade - UF, CEP 00000-000". */
export function formatAddress(address: Address): string {
  return `${address.street} - ${address.district}, ${address.city} - ${address.state}, CEP ${address.postalCode}`;
}

/**
 * Where the course meets: "Sala 2 – Rua X, 1 - Bairro, Cidade - UF, CEP 00000-000". The address is
 * the course's own when it has one, else `defaultAddress` (the centre's).
 */
export function formatMeetingPlace(
  meetings: Pick<CourseMeetings, 'room' | 'address'>,
  defaultAddress: Address,
): string {
  const address = formatAddress(meetings.address ?? defaultAddress);
  return meetings.room ? `${meetings.room} – ${address}` : address;
}

/**
 * A class of a course as its page shows it (decision 075): its name and its meetings in effect
 * (the class's settings over the content's), read by the server from the class and given to the
 * page's renderer.
 */
export interface ClassMeetings {
  /** The class's id, for its own calendar file (`?turma=`); absent: the content's (the build). */
  id?: string;
  name: string;
  meetings: CourseMeetings;
  /** A concluded class, shown on its course page as the latest: no longer said to meet. */
  concluded?: boolean;
}
