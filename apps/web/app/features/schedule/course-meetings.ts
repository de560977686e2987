/**
 * When the courses meet, for /horarios (decision 075), pure: each class a course page shows and
 * that still meets, under its weekday, at its time, as the server read it from the class (the
 * build: the content's meetings). The course pages, their programme's cards and this page read the
 * same classes (`classesOf`), so they say the same day, time, room and first meeting.
 */
import {
  addMinutes,
  type ClassMeetings,
  type Course,
  coursePath,
  formatDate,
  formatTime,
  getProgramme,
  type Weekday,
  weekdayNames,
} from '@centro/content/site';
import type { CourseMeetingDay } from './types';

/** The week as /horarios lists it, from Sunday. */
const WEEK: readonly Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Each weekday on which a course meets, in the week's order, its courses by time. */
export function courseMeetingDays(
  courses: readonly Course[],
  classesOf: (course: Course) => readonly ClassMeetings[],
): CourseMeetingDay[] {
  const entries = courses.flatMap((course, order) => {
    const meeting = classesOf(course).filter((c) => !c.concluded);
    return meeting.map(({ name, meetings: m }) => ({
      weekday: m.weekday,
      order,
      course: {
        time: formatTime(m.time),
        title: meeting.length > 1 ? `${course.title} – ${name}` : course.title,
        path: coursePath(course),
        note: [
          getProgramme(course.programme).name,
          `até ${formatTime(addMinutes(m.time, m.durationMinutes))}`,
          ...(m.room ? [m.room] : []),
          `Primeiro encontro: ${formatDate(m.firstMeeting)}`,
        ].join(' · '),
      },
    }));
  });
  return WEEK.flatMap((weekday) => {
    const today = entries
      .filter((e) => e.weekday === weekday)
      .sort((a, b) => a.course.time.localeCompare(b.course.time) || a.order - b.order);
    if (today.length === 0) return [];
    return [{ day: capitalised(weekdayNames[weekday]), courses: today.map((e) => e.course) }];
  });
}
