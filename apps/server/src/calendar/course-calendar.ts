/**
 * The calendar file (RFC 5545, made with ical-generator) of a course's meetings, attached to the
 * enrolment confirmation: one VEVENT repeating weekly (`RRULE:FREQ=WEEKLY;COUNT=n`) from the first
 * meeting, its DTSTART in America/Sao_Paulo (`TZID`) with the zone's VTIMEZONE (vtimezone.ts), the
 * place, and the course page's address. The UID names the course's class and the SEQUENCE the
 * revision of its meetings (decision 076): every file served for a class (the confirmation's, the
 * page's 'Adicionar à minha agenda', the notice of changed meetings, the reminder) says the same
 * pair, and a file sent after a change replaces the event instead of adding another.
 */
import {
  addMinutes,
  type Address,
  type Course,
  formatMeetingCount,
  formatMeetingPlace,
  formatWeeklySlot,
  MEETING_TIME_ZONE,
  meetingDates,
  zonedInstant,
} from '@centro/content';
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq } from 'ical-generator';
import { eventZones } from './vtimezone.js';
import { wallClock } from './wall-clock.js';

/** The class a calendar file is of (decision 076): its event's UID and SEQUENCE. */
export interface ClassCalendar {
  classId: string;
  /** The revision of the class's meetings: raised each time they change in effect. */
  sequence: number;
}

export interface CourseCalendarInput {
  /** `calendar`: the class read with the course (absent: the content's course, no class). */
  course: Pick<Course, 'slug' | 'programme' | 'title' | 'meetings'> & { calendar?: ClassCalendar };
  /** "Global Kardec" */
  programmeName: string;
  /** The centre's name (the calendar's producer and the events' organiser line). */
  centreName: string;
  /** Where the course meets unless its meetings name another address: the centre's. */
  centreAddress: Address;
  /** Absolute address of the course page, in the description and as the event's URL. */
  courseUrl: string;
  /** DTSTAMP (default: now). */
  now?: Date;
}

/** The file name of a course's calendar attachment. */
export function calendarFileName(course: Pick<Course, 'slug'>): string {
  return `${course.slug}.ics`;
}

/** Files already written, by course and minute: every confirmation of a rush shares one. */
const written = new Map<string, string>();
const MAX_WRITTEN = 256;

/**
 * The course's meetings as an iCalendar file (text, CRLF line breaks). DTSTAMP is the minute it
 * was made: the files of one course within a minute are one file, made once (ical-generator takes
 * about a millisecond, and a confirmation is composed in every enrolment request).
 */
export function courseCalendar(input: CourseCalendarInput): string {
  const stamp = new Date(Math.floor((input.now ?? new Date()).getTime() / 60_000) * 60_000);
  const key = JSON.stringify([
    input.course.programme,
    input.course.slug,
    input.course.title,
    input.course.meetings,
    input.course.calendar,
    input.programmeName,
    input.centreName,
    input.centreAddress,
    input.courseUrl,
    stamp.getTime(),
  ]);
  let file = written.get(key);
  if (file === undefined) {
    file = writeCourseCalendar({ ...input, now: stamp });
    if (written.size >= MAX_WRITTEN) written.clear();
    written.set(key, file);
  }
  return file;
}

function writeCourseCalendar(input: CourseCalendarInput): string {
  const { course, programmeName, centreName, centreAddress, courseUrl } = input;
  const { meetings } = course;
  const dates = meetingDates(meetings);
  const lastDate = dates[dates.length - 1] ?? meetings.firstMeeting;
  const end = addMinutes(meetings.time, meetings.durationMinutes);
  const host = new URL(courseUrl).hostname || 'localhost';
  const calendar = ical({
    prodId: { company: centreName, product: 'Cursos', language: 'PT-BR' },
    method: ICalCalendarMethod.PUBLISH,
    name: `${course.title} – ${programmeName}`,
    timezone: eventZones(
      zonedInstant(meetings.firstMeeting, meetings.time),
      zonedInstant(lastDate, end),
    ),
  });
  const { calendar: of } = course;
  calendar.createEvent({
    // The class, never its dates: a change of the first meeting is a new revision of one event.
    id: `${course.programme}-${course.slug}-${of ? of.classId : meetings.firstMeeting}@${host}`,
    sequence: of?.sequence ?? 0,
    stamp: input.now ?? new Date(),
    start: wallClock(meetings.firstMeeting, meetings.time),
    end: wallClock(meetings.firstMeeting, end),
    timezone: MEETING_TIME_ZONE,
    repeating: { freq: ICalEventRepeatingFreq.WEEKLY, count: meetings.count },
    summary: `${course.title} (${programmeName})`,
    location: formatMeetingPlace(meetings, centreAddress),
    description: [
      `${course.title} – ${programmeName}, ${centreName}.`,
      `${formatWeeklySlot(meetings)} (${formatMeetingCount(meetings.count)}).`,
      `Página do curso: ${courseUrl}`,
    ].join('\n'),
    url: courseUrl,
  });
  return calendar.toString();
}
