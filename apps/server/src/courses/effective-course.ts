/**
 * A course as it is now: the content's (packages/content), with what the staff area changed in
 * the database (places, the WhatsApp invite code, the meetings), read at each use so
 * that a change made on one instance applies on every instance at once. The confirmation e-mail,
 * its calendar, the course's calendar file and the enrolment's answer all take the course from
 * here, never from the content alone.
 */
import { allCourses, type Course, type Weekday } from '@centro/content';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ClassCalendar } from '../calendar/course-calendar.js';
import { classRowsOnPage } from '../classes/class-rules.js';
import { createClassStore } from '../classes/class-store.js';
import {
  type ClassSettingsColumns,
  type CourseSettingsColumns,
  createCourseStore,
} from './course-store.js';
import { readMeetingChanges } from './meeting-changes.js';

/**
 * The meetings in effect: the database's settings over the content's, with the class's changes to
 * single meetings (decision 091) for `classMeetings` to read.
 */
export function effectiveMeetings(course: Course, row: CourseSettingsColumns) {
  const changes = readMeetingChanges(row.meeting_changes);
  return {
    firstMeeting: row.first_meeting ?? course.meetings.firstMeeting,
    weekday: (row.meeting_weekday ?? course.meetings.weekday) as Weekday,
    time: row.meeting_time ?? course.meetings.time,
    count: row.meeting_count ?? course.meetings.count,
    durationMinutes: row.meeting_duration_minutes ?? course.meetings.durationMinutes,
    room: row.meeting_room ?? course.meetings.room ?? null,
    ...(changes ? { changes: [...changes] } : {}),
  };
}

/** A course in effect: with its class's calendar identity when read from a class (decision 076). */
export type CourseInEffect = Course & { calendar?: ClassCalendar };

/** The content's course with the row's settings applied. */
export function effectiveCourse(course: Course, row: CourseSettingsColumns): Course {
  const { room, ...meetings } = effectiveMeetings(course, row);
  const { address } = course.meetings;
  return {
    ...course,
    places: row.places,
    inviteCode: row.invite_code ?? course.inviteCode,
    meetings: {
      ...meetings,
      ...(room !== null ? { room } : {}),
      ...(address ? { address } : {}),
    },
  };
}

/**
 * Reads a course in effect by slug; undefined for a slug outside the content. `inEffect` applies a
 * settings row the caller has already read in the same request (the enrolment's snapshot reads
 * them with the places, on the rush's hot path), without another query: the row is as fresh as that read.
 */
export type CourseReader = ((slug: string) => Promise<CourseInEffect | undefined>) & {
  inEffect(slug: string, row: CourseSettingsColumns): Course | undefined;
  /** The course as the person's class has it (decision 052), else as its current class has it. */
  forPerson(slug: string, personId: string): Promise<CourseInEffect | undefined>;
  /** The course as one of its classes has it (undefined: no such class of the course). */
  forClass(slug: string, classId: string): Promise<CourseInEffect | undefined>;
  /**
   * The course as one of its classes has it (undefined: no such class of the course), or, without
   * a class, as the first class its page shows has it (decision 075): each class listed on the
   * page has its own calendar file.
   */
  onPage(slug: string, classId?: string): Promise<CourseInEffect | undefined>;
};

/** The course with the class's settings, and the class's calendar identity (decision 076). */
function classCourse(course: Course, row: ClassSettingsColumns): CourseInEffect {
  return {
    ...effectiveCourse(course, row),
    calendar: { classId: row.id, sequence: Number(row.calendar_sequence) },
  };
}

export function createCourseReader(
  db: Kysely<Database>,
  courses: readonly Course[] = allCourses(),
): CourseReader {
  const bySlug = new Map(courses.map((c) => [c.slug, c]));
  const store = createCourseStore(db);
  const classStore = createClassStore(db);
  const read = async (slug: string) => {
    const course = bySlug.get(slug);
    if (!course) return undefined;
    const row = await store.settings(slug);
    return row ? classCourse(course, row) : course;
  };
  return Object.assign(read, {
    inEffect(slug: string, row: CourseSettingsColumns) {
      const course = bySlug.get(slug);
      return course ? effectiveCourse(course, row) : undefined;
    },
    async forPerson(slug: string, personId: string) {
      const course = bySlug.get(slug);
      if (!course) return undefined;
      const row = await store.settingsFor(slug, personId);
      return row ? classCourse(course, row) : course;
    },
    async forClass(slug: string, classId: string) {
      const course = bySlug.get(slug);
      const row = course && (await store.classCalendarSettings(classId));
      return course && row?.course_slug === slug ? classCourse(course, row) : undefined;
    },
    async onPage(slug: string, classId?: string) {
      const course = bySlug.get(slug);
      if (!course) return undefined;
      const rows = await classStore.ofCourse(slug);
      if (classId === undefined) {
        const [first] = classRowsOnPage(slug, rows);
        return first ? classCourse(course, first) : course;
      }
      const row = rows.find((r) => r.id === classId);
      return row && classCourse(course, row);
    },
  });
}
