/**
 * A VTIMEZONE component (RFC 5545 §3.6.5) for a time zone over a span of time, built from the
 * runtime's own time zone data (Intl), so it is as current as Node's ICU: Brazil abolished summer
 * time in 2019, and the ready-made VTIMEZONE packages still carry the old São Paulo rules (a
 * calendar would move November-to-February meetings by an hour). It describes the offset in force
 * at the start of the span and every change within it, each as its own observance with a DTSTART,
 * which every calendar program reads.
 */
import { timeZoneOffsetMinutes } from '@centro/content';
import type { ICalTimezone } from 'ical-generator';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** -180 → "-0300"; 330 → "+0530". */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** -180 → "-03"; 330 → "+0530" (the names tzdata gives zones without abbreviations). */
function offsetName(minutes: number): string {
  const full = formatOffset(minutes);
  return full.endsWith('00') ? full.slice(0, 3) : full;
}

/** The wall-clock time of `instant` at `offset` minutes, as "YYYYMMDDTHHMMSS". */
function localStamp(instant: number, offset: number): string {
  const d = new Date(instant + offset * 60000);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

interface Transition {
  /** The first instant (ms) of the new offset. */
  at: number;
  from: number;
  to: number;
}

/** Every change of offset of `timeZone` between `from` and `to`, to the minute. */
export function offsetTransitions(timeZone: string, from: Date, to: Date): Transition[] {
  const offsetAt = (ms: number) => timeZoneOffsetMinutes(new Date(ms), timeZone);
  const transitions: Transition[] = [];
  let previous = from.getTime();
  let previousOffset = offsetAt(previous);
  // Offsets change at most a few times a year, never twice within a day.
  for (let t = previous + DAY_MS / 2; previous < to.getTime(); t += DAY_MS / 2) {
    const offset = offsetAt(t);
    if (offset !== previousOffset) {
      let low = previous;
      let high = t;
      while (high - low > 60000) {
        const middle = low + Math.floor((high - low) / 120000) * 60000;
        if (offsetAt(middle) === previousOffset) low = middle;
        else high = middle;
      }
      transitions.push({ at: high, from: previousOffset, to: offset });
      previousOffset = offset;
    }
    previous = t;
  }
  return transitions;
}

/** Components already built, by zone and span: building one asks Intl hundreds of times. */
const built = new Map<string, string>();
const MAX_BUILT = 256;

/**
 * ical-generator's `timezone` option for events between `from` and `to`: each event's zone gets its
 * VTIMEZONE from `vtimezone`, and there is no calendar-wide zone (`name: null`), as ical-generator
 * would then write DTSTAMP in it, without the `Z` RFC 5545 requires.
 */
export function eventZones(from: Date, to: Date): ICalTimezone {
  return { name: null, generator: (timeZone) => vtimezone(timeZone, from, to) };
}

/**
 * The VTIMEZONE of `timeZone` for events between `from` and `to` (a day of margin either side),
 * lines joined with CRLF, without a trailing line break. Kept once built (the runtime's time zone
 * data does not change while it runs): every confirmation of a course reuses it.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string {
  const key = `${timeZone} ${from.getTime()} ${to.getTime()}`;
  let component = built.get(key);
  if (component === undefined) {
    component = buildVtimezone(timeZone, from, to);
    if (built.size >= MAX_BUILT) built.clear();
    built.set(key, component);
  }
  return component;
}

function buildVtimezone(timeZone: string, from: Date, to: Date): string {
  const start = from.getTime() - DAY_MS;
  const transitions = offsetTransitions(timeZone, new Date(start), new Date(to.getTime() + DAY_MS));
  const initial = timeZoneOffsetMinutes(new Date(start), timeZone);
  const standard = Math.min(initial, ...transitions.map((t) => t.to));
  const observance = (
    kind: 'STANDARD' | 'DAYLIGHT',
    dtstart: string,
    fromOffset: number,
    to: number,
  ) => [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    `TZOFFSETFROM:${formatOffset(fromOffset)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    `TZNAME:${offsetName(to)}`,
    `END:${kind}`,
  ];
  const kindOf = (offset: number) => (offset > standard ? 'DAYLIGHT' : 'STANDARD');
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    `X-LIC-LOCATION:${timeZone}`,
    // The offset in force when the span starts (it held since before 1970 as far as these events
    // are concerned).
    ...observance(kindOf(initial), '19700101T000000', initial, initial),
    ...transitions.flatMap((t) => observance(kindOf(t.to), localStamp(t.at, t.from), t.from, t.to)),
    'END:VTIMEZONE',
  ].join('\r\n');
}
