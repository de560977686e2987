/**
 * The schedule page, prepared at build time from the content, or from the schedule saved in the
 * staff area when the server renders it again (decision 054), and when the courses meet, from
 * their classes as the server read them (decision 075).
 */
import {
  addMinutes,
  allCourses,
  centre,
  formatDate,
  type ClassMeetings,
  type Course,
  MEETING_TIME_ZONE,
  schedule as packagedSchedule,
  type ScheduleDay,
  SCHEDULE_EVENT_MINUTES,
  scheduleQuestionLink,
  scheduleTime,
  scheduleWeekday,
} from '@centro/content';
import { weeklyEventsJsonLd } from '~/lib/json-ld';
import { buildPageMeta } from '~/lib/seo';
import { getSite } from '~/lib/site.server';
import { SCHEDULE_TITLE } from './copy';
import { courseMeetingDays } from './course-meetings';
import type { ScheduleLoaderData } from './types';

/** A recess as the server gives it to the page (decision 092). */
export interface ScheduleRecess {
  name: string;
  startsOn: string;
  endsOn: string;
}

export function getSchedulePage(
  schedule: readonly ScheduleDay[] = packagedSchedule,
  whatsapp: string = centre.whatsapp,
  classesOf: (course: Course) => readonly ClassMeetings[] = (course) => [
    { name: '', meetings: course.meetings },
  ],
  recesses: readonly ScheduleRecess[] = [],
): ScheduleLoaderData {
  const days = schedule.map((day) => ({
    day: day.day,
    activities: day.activities.map(({ time, title, note }) => ({
      time,
      title,
      ...(note ? { note } : {}),
    })),
    questionHref: day.questionLink ?? scheduleQuestionLink(whatsapp, day),
  }));
  const activities = schedule.flatMap((day) =>
    day.activities.map((activity) => {
      const startTime = scheduleTime(activity.time);
      return {
        name: activity.title,
        ...(activity.note ? { description: activity.note } : {}),
        weekday: scheduleWeekday(day.day),
        startTime,
        endTime: addMinutes(startTime, SCHEDULE_EVENT_MINUTES),
        timeZone: MEETING_TIME_ZONE,
      };
    }),
  );
  const site = getSite();
  const summary = schedule.map((day) => `${day.day}: ${day.whatsappTopic}`).join('; ');
  const lines = recesses.map(
    (r) => `${r.name}: de ${formatDate(r.startsOn)} a ${formatDate(r.endsOn)}`,
  );
  return {
    page: {
      days,
      courseDays: courseMeetingDays(allCourses(), classesOf),
      ...(lines.length > 0 ? { recesses: lines } : {}),
    },
    meta: buildPageMeta(site, {
      title: SCHEDULE_TITLE,
      description: `Dias e horários das atividades da semana. ${summary}.`,
      path: '/horarios',
      jsonLd: [weeklyEventsJsonLd(site.origin, centre, activities)],
    }),
  };
}
