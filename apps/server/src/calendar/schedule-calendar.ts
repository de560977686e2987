/**
 * The centre's weekly schedule (packages/content's `schedule`) as an iCalendar feed: one VEVENT per
 * activity, repeating weekly without end (`RRULE:FREQ=WEEKLY;BYDAY=..`), its DTSTART in
 * the meetings' zone (`TZID`) with its VTIMEZONE built from Node's time zone data, as the e-mail's
 * course calendar does (course-calendar.ts, decision 020). The first occurrence is in the
 * week of a fixed anchor date, so the feed is the same on every request and every instance, and
 * its UIDs stay stable: a calendar program that subscribes updates the same events.
 */
import {
  addDays,
  addMinutes,
  type Address,
  formatAddress,
  MEETING_TIME_ZONE,
  SCHEDULE_EVENT_MINUTES,
  type ScheduleDay,
  scheduleDayIndex,
  scheduleTime,
  textSlug,
  weekdays,
  zonedInstant,
} from '@centro/content';
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq, ICalWeekday } from 'ical-generator';
import { eventZones } from './vtimezone.js';
import { wallClock } from './wall-clock.js';

/** A Sunday: the week of the feed's first occurrences. */
export const SCHEDULE_ANCHOR_SUNDAY = '2026-01-04';
/** How far ahead the VTIMEZONE describes the zone's offsets. */
const ZONE_SPAN_DAYS = 366 * 10;

const BYDAY: readonly ICalWeekday[] = [
  ICalWeekday.SU,
  ICalWeekday.MO,
  ICalWeekday.TU,
  ICalWeekday.WE,
  ICalWeekday.TH,
  ICalWeekday.FR,
  ICalWeekday.SA,
];

export interface ScheduleCalendarInput {
  schedule: readonly ScheduleDay[];
  centreName: string;
  centreAddress: Address;
  /** Absolute address of the schedule page (/horarios). */
  scheduleUrl: string;
  /** DTSTAMP (default: the anchor, so the feed is byte-for-byte stable). */
  now?: Date;
}

/** The weekly schedule as an iCalendar file (text, CRLF line breaks). */
export function scheduleCalendar(input: ScheduleCalendarInput): string {
  const { schedule, centreName, centreAddress, scheduleUrl } = input;
  const host = new URL(scheduleUrl).hostname || 'localhost';
  const calendar = ical({
    prodId: { company: centreName, product: 'Agenda', language: 'PT-BR' },
    method: ICalCalendarMethod.PUBLISH,
    name: `Agenda semanal – ${centreName}`,
    url: scheduleUrl,
    ttl: 60 * 60 * 24,
    timezone: eventZones(
      zonedInstant(SCHEDULE_ANCHOR_SUNDAY, '00:00'),
      zonedInstant(addDays(SCHEDULE_ANCHOR_SUNDAY, ZONE_SPAN_DAYS), '23:59'),
    ),
  });
  const stamp = input.now ?? zonedInstant(SCHEDULE_ANCHOR_SUNDAY, '00:00');
  for (const day of schedule) {
    const index = scheduleDayIndex(day.day);
    const date = addDays(SCHEDULE_ANCHOR_SUNDAY, index);
    const weekday = BYDAY[index] ?? ICalWeekday.SU;
    for (const activity of day.activities) {
      const start = scheduleTime(activity.time);
      const end = addMinutes(start, SCHEDULE_EVENT_MINUTES);
      calendar.createEvent({
        id: `agenda-${weekdays[index]}-${start.replace(':', '')}-${textSlug(activity.title)}@${host}`,
        stamp,
        start: wallClock(date, start),
        end: wallClock(date, end),
        timezone: MEETING_TIME_ZONE,
        repeating: { freq: ICalEventRepeatingFreq.WEEKLY, byDay: [weekday] },
        summary: activity.title,
        location: `${centreName}, ${formatAddress(centreAddress)}`,
        description: [activity.note, `${day.day}, ${activity.time}.`, `Horários: ${scheduleUrl}`]
          .filter(Boolean)
          .join('\n'),
        url: scheduleUrl,
      });
    }
  }
  return calendar.toString();
}
