/**
 * The classes a course page shows (decision 075), pure: the classes listed to visitors (open or
 * planned, oldest first), else the course's current one (running, else the latest), each with its
 * meetings in effect (the class's settings over the content's). The server renders a course page
 * with them, so that its text and JSON-LD say what the e-mails, the `.ics` and the staff area say.
 */
import { allCourses, type ClassMeetings, type Course, coursePath } from '@centro/content';
import type { ClassRow } from './class-store.js';
import { settingsColumnsOf } from '../courses/course-store.js';
import { effectiveCourse } from '../courses/effective-course.js';

/** Visitors see these classes (as GET /api/courses/classes lists them). */
const LISTED: readonly ClassRow['state'][] = ['open', 'planned'];
/** Which class stands for the course when none is listed (as `currentClassId` orders them). */
const RANK: Record<ClassRow['state'], number> = { open: 0, running: 1, planned: 2, concluded: 3 };

const byAge = (a: ClassRow, b: ClassRow) =>
  a.created_at === b.created_at
    ? a.id.localeCompare(b.id)
    : a.created_at.localeCompare(b.created_at);

/** The classes a course's page shows, from its classes (any order); none: the content's. */
export function classesOnPage(course: Course, rows: readonly ClassRow[]): ClassMeetings[] {
  const own = rows.filter((r) => r.course_slug === course.slug).sort(byAge);
  const listed = own.filter((r) => LISTED.includes(r.state));
  const current = [...own].sort((a, b) => RANK[a.state] - RANK[b.state] || byAge(b, a))[0];
  const shown = listed.length > 0 ? listed : current ? [current] : [];
  if (shown.length === 0) return [{ name: '', meetings: course.meetings }];
  return shown.map((row) => ({
    name: row.name,
    meetings: effectiveCourse(course, settingsColumnsOf(row)).meetings,
  }));
}

/** Every course page's classes, by the page's path. */
export function classesOnPages(
  rows: readonly ClassRow[],
  courses: readonly Course[] = allCourses(),
): Map<string, ClassMeetings[]> {
  return new Map(courses.map((course) => [coursePath(course), classesOnPage(course, rows)]));
}

/**
 * What a page's classes make it say, as a comparable key: equal keys render the same page (a
 * single class's name is not shown; the order of the meetings' fields does not matter).
 */
export function classesKey(classes: readonly ClassMeetings[]): string {
  return JSON.stringify(
    classes.map(({ name, meetings: m }) => [
      classes.length > 1 ? name : '',
      m.firstMeeting,
      m.weekday,
      m.time,
      m.count,
      m.durationMinutes,
      m.room ?? null,
      m.address ?? null,
      m.changes ?? null,
    ]),
  );
}

/** The key of the page as the build rendered it: one class, the content's meetings. */
export const builtClassesKey = (course: Course): string =>
  classesKey([{ name: '', meetings: course.meetings }]);
