/**
 * The calendar file (RFC 5545, made with ical-generator) of a course's meetings, attached to the
 * enrolment confirmation: one VEVENT repeating weekly (`RRULE:FREQ=WEEKLY;COUNT=n`) from the first
 * meeting, with its single meetings' changes as exceptions of the same event (decision 091), its DTSTART in America/Sao_Paulo (`TZID`) with the zone's VTIMEZONE (vtimezone.ts), the
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
  classMeetings,
  formatMeetingChanges,
  MEETING_TIME_ZONE,
  zonedInstant,
} from '@centro/content';
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq, ICalEventStatus } from 'ical-generator';
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
  /**
   * A class the person left (a move, decision 090): its event is cancelled in the same file
   * (its UID at a higher SEQUENCE, `STATUS:CANCELLED`), so it leaves their calendar (decision 091).
   */
  cancels?: CourseCalendarInput['course'];
}

/** The UID of a class's event without its host: the class, never its dates (decision 076). */
function eventUid(course: CourseCalendarInput['course']): string {
  const { calendar: of } = course;
  return `${course.programme}-${course.slug}-${of ? of.classId : course.meetings.firstMeeting}`;
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
    input.cancels ?? null,
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

/**
 * The class's meetings (decision 091) as one recurring event and its exceptions: the weekly rule
 * over the weeks it spans (`RRULE:FREQ=WEEKLY;COUNT=`), a skipped date excluded (`EXDATE`), a
 * cancelled meeting as an instance of the same UID with `STATUS:CANCELLED` and a moved one as an
 * instance with its new start (`RECURRENCE-ID` = the rule's date), each at the class's SEQUENCE;
 * a meeting added outside the rule is an event of its own (`…-extra-<date>` UID). A calendar that
 * imports the file again replaces the event with its instances, since the SEQUENCE is higher.
 */
function writeCourseCalendar(input: CourseCalendarInput): string {
  const { course, programmeName, centreName, centreAddress, courseUrl } = input;
  const { meetings } = course;
  const all = classMeetings(meetings);
  const held = all.filter((m) => m.status === 'scheduled');
  const ruleDates = all.filter((m) => m.slot !== null);
  const ends = (m: { date: string; time: string }) => addMinutes(m.time, meetings.durationMinutes);
  const last = all.reduce(
    (latest, m) => (m.date > latest.date ? m : latest),
    all[0] ?? { date: meetings.firstMeeting, time: meetings.time },
  );
  const host = new URL(courseUrl).hostname || 'localhost';
  const calendar = ical({
    prodId: { company: centreName, product: 'Cursos', language: 'PT-BR' },
    method: ICalCalendarMethod.PUBLISH,
    name: `${course.title} – ${programmeName}`,
    timezone: eventZones(
      zonedInstant(meetings.firstMeeting, meetings.time),
      zonedInstant(last.date, ends(last)),
    ),
  });
  const { calendar: of } = course;
  const uid = eventUid(course);
  const common = {
    sequence: of?.sequence ?? 0,
    stamp: input.now ?? new Date(),
    timezone: MEETING_TIME_ZONE,
    summary: `${course.title} (${programmeName})`,
    location: formatMeetingPlace(meetings, centreAddress),
    description: [
      `${course.title} – ${programmeName}, ${centreName}.`,
      `${formatWeeklySlot(meetings)} (${formatMeetingCount(held.length)}).`,
      ...formatMeetingChanges(meetings),
      `Página do curso: ${courseUrl}`,
    ].join('\n'),
    url: courseUrl,
  };
  const skipped = ruleDates.filter((m) => m.status === 'skipped');
  calendar.createEvent({
    ...common,
    id: `${uid}@${host}`,
    start: wallClock(meetings.firstMeeting, meetings.time),
    end: wallClock(meetings.firstMeeting, addMinutes(meetings.time, meetings.durationMinutes)),
    repeating: {
      freq: ICalEventRepeatingFreq.WEEKLY,
      count: Math.max(1, ruleDates.length),
      ...(skipped.length > 0
        ? { exclude: skipped.map((m) => wallClock(m.date, meetings.time)) }
        : {}),
    },
  });
  for (const m of ruleDates) {
    if (m.status !== 'cancelled' && !m.movedFrom) continue;
    calendar.createEvent({
      ...common,
      id: `${uid}@${host}`,
      recurrenceId: wallClock(m.slot ?? m.date, meetings.time),
      start: wallClock(m.date, m.time),
      end: wallClock(m.date, ends(m)),
      ...(m.status === 'cancelled' ? { status: ICalEventStatus.CANCELLED } : {}),
    });
  }
  const left = input.cancels;
  if (left) {
    // The whole series of the class left, one revision after the last one sent of it.
    const end = addMinutes(left.meetings.time, left.meetings.durationMinutes);
    calendar.createEvent({
      ...common,
      id: `${eventUid(left)}@${host}`,
      sequence: (left.calendar?.sequence ?? 0) + 1,
      status: ICalEventStatus.CANCELLED,
      start: wallClock(left.meetings.firstMeeting, left.meetings.time),
      end: wallClock(left.meetings.firstMeeting, end),
      description: `${course.title} – ${programmeName}: você não está mais nesta turma.`,
    });
  }
  for (const m of held.filter((x) => x.added)) {
    calendar.createEvent({
      ...common,
      id: `${uid}-extra-${m.date}@${host}`,
      start: wallClock(m.date, m.time),
      end: wallClock(m.date, ends(m)),
    });
  }
  return calendar.toString();
}
