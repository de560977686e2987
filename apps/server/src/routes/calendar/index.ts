/**
 * Calendar files of the site: GET /agenda.ics, the centre's weekly schedule as
 * recurring events, rendered from the schedule in effect (packages/content, or the staff's latest
 * revision: decision 054) once per revision of it or of the contact details; and
 * GET /<programme>/<course>/encontros.ics, the meetings in effect of the class the course page
 * shows, or with `?turma=<id>` of that class of the course (a page listing several links each;
 * another id: 404), read at each request (the staff area may change them), the same event as the
 * enrolment e-mail's attachment. Site routes, outside /api: no rate limit, not
 * in the OpenAPI document; `text/calendar; charset=utf-8`, cached for an hour like the sitemap.
 * Both give the centre's address as published (the contact details edited in 'Conteúdo', decision
 * 073), like the pages and the e-mails.
 */
import {
  type Address,
  allCourses,
  centre,
  courseCalendarPath,
  coursePath,
  getProgramme,
  schedule as packagedSchedule,
  type ScheduleDay,
  scheduleCalendarPath,
} from '@centro/content';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { scheduleCalendar } from '../../calendar/schedule-calendar.js';
import { calendarFileName, courseCalendar } from '../../calendar/course-calendar.js';

export interface CalendarRoutesOptions {
  siteUrl: string;
  /** The schedule in effect with its revision (default: the packaged one, revision 0). */
  schedule?: () => { revision: number; days: readonly ScheduleDay[] };
  /** The centre's address in effect with its revision (default: the packaged one, revision 0). */
  address?: () => { revision: number; address: Address };
}

const PACKAGED = { revision: 0, days: packagedSchedule };
const PACKAGED_ADDRESS = { revision: 0, address: centre.address };

const SCHEDULE_PAGE_PATH = '/horarios';
/**
 * Asked again on every use, as the pages are: the schedule, the address and a class's meetings are
 * edited in the staff area and published at once; a calendar kept for an hour by a shared
 * cache would give the old time.
 */
const CACHE = 'no-cache';
const TYPE = 'text/calendar; charset=utf-8';

export const calendarRoutes: FastifyPluginAsync<CalendarRoutesOptions> = async (
  app,
  { siteUrl, schedule = () => PACKAGED, address = () => PACKAGED_ADDRESS },
) => {
  const url = (path: string) => new URL(path, `${siteUrl}/`).href;
  const send = (reply: FastifyReply, name: string, body: string) =>
    reply
      .type(TYPE)
      .header('cache-control', CACHE)
      .header('content-disposition', `inline; filename="${name}"`)
      .send(body);

  // A fixed DTSTAMP: the file changes only with the schedule; rendered once per revision.
  let agenda: { revisions: string; file: string } | undefined;
  const currentAgenda = () => {
    const { revision, days } = schedule();
    const place = address();
    const revisions = `${revision}/${place.revision}`;
    if (agenda?.revisions !== revisions) {
      const file = scheduleCalendar({
        schedule: days,
        centreName: centre.name,
        centreAddress: place.address,
        scheduleUrl: url(SCHEDULE_PAGE_PATH),
      });
      agenda = { revisions, file };
    }
    return agenda.file;
  };
  currentAgenda();
  app.get(scheduleCalendarPath, (_request, reply) => send(reply, 'agenda.ics', currentAgenda()));

  const { courseOf } = app;
  for (const { slug, programme } of allCourses()) {
    const path = courseCalendarPath({ slug, programme });
    app.get<{ Querystring: { turma?: unknown } }>(path, async (request, reply) => {
      // A page listing several classes links each class's own file (decision 076).
      const { turma } = request.query;
      const course = await courseOf.onPage(slug, typeof turma === 'string' ? turma : undefined);
      if (!course) return reply.callNotFound();
      return send(
        reply,
        calendarFileName(course),
        courseCalendar({
          course,
          programmeName: getProgramme(programme).name,
          centreName: centre.name,
          centreAddress: address().address,
          courseUrl: url(coursePath(course)),
          // A DTSTAMP fixed by the first meeting: subscribers see the same events until it moves.
          now: new Date(`${course.meetings.firstMeeting}T00:00:00Z`),
        }),
      );
    });
  }
};
