/**
 * The classes the public pages show (decision 075), pure: a course page's classes (those listed
 * to visitors, open or planned, oldest first, else the course's current one: running, else the
 * latest), each with its meetings in effect (the class's settings over the content's). The server
 * renders with them every page that says when courses meet: the course pages (text and JSON-LD),
 * the programme pages' cards and `/horarios`, so that they say what the e-mails, the `.ics` and
 * the staff area say.
 */
import {
  allCourses,
  type ClassMeetings,
  type Course,
  coursePath,
  programmePath,
  programmeSlugs,
} from '@centro/content';
import { classRowsOnPage } from './class-rules.js';
import type { ClassRow } from './class-store.js';
import { settingsColumnsOf } from '../courses/course-store.js';
import { effectiveCourse } from '../courses/effective-course.js';

/** The schedule page, which lists when each course's classes meet. */
export const SCHEDULE_PAGE = '/horarios';

/** The classes a course's page shows, with their meetings in effect; none: the content's. */
export function classesOnPage(course: Course, rows: readonly ClassRow[]): ClassMeetings[] {
  const shown = classRowsOnPage(course.slug, rows);
  if (shown.length === 0) return [{ name: '', meetings: course.meetings }];
  return shown.map((row) => ({
    id: row.id,
    name: row.name,
    meetings: effectiveCourse(course, settingsColumnsOf(row)).meetings,
    ...(row.state === 'concluded' ? { concluded: true } : {}),
  }));
}

/** Every course page's classes, by the page's path. */
export function classesOnPages(
  rows: readonly ClassRow[],
  courses: readonly Course[] = allCourses(),
): Map<string, ClassMeetings[]> {
  return new Map(courses.map((course) => [coursePath(course), classesOnPage(course, rows)]));
}

/** The classes of the build: each course's content's meetings, as the prerendered pages say. */
export function builtClasses(
  courses: readonly Course[] = allCourses(),
): Map<string, ClassMeetings[]> {
  return classesOnPages([], courses);
}

/**
 * What a course page's classes make it say, as a comparable key: equal keys render the same page
 * (a single class's name and id are not shown, its calendar file being the page's own; the order
 * of the meetings' fields does not matter).
 */
export function classesKey(classes: readonly ClassMeetings[]): string {
  const several = classes.length > 1;
  return JSON.stringify(
    classes.map(({ id, name, meetings: m, concluded }) => [
      several ? name : '',
      several ? (id ?? null) : null,
      m.firstMeeting,
      m.weekday,
      m.time,
      m.count,
      m.durationMinutes,
      m.room ?? null,
      m.address ?? null,
      m.changes ?? null,
      concluded === true,
    ]),
  );
}

/**
 * Each page that says when courses meet, with the key of what the classes make it say: the course
 * pages, the programme pages (their cards' lines) and `/horarios`. A page whose key differs from
 * the one it was rendered with is rendered again.
 */
export function classPageKeys(
  classes: ReadonlyMap<string, readonly ClassMeetings[]>,
  courses: readonly Course[] = allCourses(),
): Map<string, string> {
  const keyOf = (course: Course) => classesKey(classes.get(coursePath(course)) ?? []);
  const keys = new Map(courses.map((course) => [coursePath(course), keyOf(course)]));
  for (const programme of programmeSlugs) {
    const own = courses.filter((c) => c.programme === programme);
    keys.set(programmePath(programme), JSON.stringify(own.map(keyOf)));
  }
  keys.set(SCHEDULE_PAGE, JSON.stringify(courses.map(keyOf)));
  return keys;
}
