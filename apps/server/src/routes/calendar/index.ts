/**
 * Calendar files of the site (issue 16), rendered once at start-up from packages/content:
 * GET /agenda.ics, the centre's weekly schedule as recurring events, and
 * GET /<programme>/<course>/encontros.ics, each course's meetings (the same file as the
 * enrolment e-mail's attachment). Site routes, outside /api: no rate limit, not in the OpenAPI
 * document; `text/calendar; charset=utf-8`, cached for an hour like the sitemap.
 */
import {
  allCourses,
  centre,
  courseCalendarPath,
  coursePath,
  getProgramme,
  schedule,
  scheduleCalendarPath,
} from '@centro/content';
import type { FastifyPluginAsync } from 'fastify';
import { scheduleCalendar } from '../../calendar/schedule-calendar.js';
import { courseCalendar } from '../../mail/calendar.js';

export interface CalendarRoutesOptions {
  siteUrl: string;
}

const SCHEDULE_PAGE_PATH = '/horarios';
const CACHE = 'public, max-age=3600';
const TYPE = 'text/calendar; charset=utf-8';

export const calendarRoutes: FastifyPluginAsync<CalendarRoutesOptions> = async (
  app,
  { siteUrl },
) => {
  const url = (path: string) => new URL(path, `${siteUrl}/`).href;
  // A fixed DTSTAMP: the files change only with the content (and a new deployment).
  const files = new Map<string, { name: string; body: string }>();
  files.set(scheduleCalendarPath, {
    name: 'agenda.ics',
    body: scheduleCalendar({
      schedule,
      centreName: centre.name,
      centreAddress: centre.address,
      scheduleUrl: url(SCHEDULE_PAGE_PATH),
    }),
  });
  for (const course of allCourses()) {
    files.set(courseCalendarPath(course), {
      name: `${course.slug}.ics`,
      body: courseCalendar({
        course,
        programmeName: getProgramme(course.programme).name,
        centreName: centre.name,
        centreAddress: centre.address,
        courseUrl: url(coursePath(course)),
        now: new Date(`${course.meetings.firstMeeting}T00:00:00Z`),
      }),
    });
  }
  for (const [path, file] of files) {
    app.get(path, (_request, reply) =>
      reply
        .type(TYPE)
        .header('cache-control', CACHE)
        .header('content-disposition', `inline; filename="${file.name}"`)
        .send(file.body),
    );
  }
};
