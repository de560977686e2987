/**
 * The site's calendar files read back with ical.js (a calendar parser, not our own code): the
 * weekly schedule's recurring events and a course's meetings, each with its weekly rule and the
 * America/Sao_Paulo zone (TZID and its VTIMEZONE), served as text/calendar; both at the centre's
 * address in effect (decision 073).
 */
import {
  allCourses,
  centre,
  courseCalendarPath,
  findCourse,
  schedule,
  scheduleCalendarPath,
} from '@centro/content';
import { fastify, type FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarRoutes } from './index.js';

const SITE_URL = 'https://www.centro.org.br';
let app: FastifyInstance;
/** The content's courses, each page showing its one class (the reader's own: staff.test.ts). */
const contentCourses = Object.assign(
  async (slug: string) => allCourses().find((c) => c.slug === slug),
  { onPage: async (slug: string) => allCourses().find((c) => c.slug === slug) },
);

beforeAll(async () => {
  app = fastify();
  // The content's courses as they are (the staff's changes: routes/api/staff/staff.test.ts).
  app.decorate('courseOf', contentCourses);
  await app.register(calendarRoutes, { siteUrl: SITE_URL });
  await app.ready();
});
afterAll(() => app.close());

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  return { calendar, zones, events: calendar.getAllSubcomponents('vevent') };
}

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  // Asked again on every use: an edit in the staff area shows at once, not after a cache's hour.
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.body;
}

describe('GET /agenda.ics', () => {
  it('holds every weekly activity as an endless weekly event in America/Sao_Paulo', async () => {
    const { zones, events } = parse(await get(scheduleCalendarPath));
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['America/Sao_Paulo']);
    const activities = schedule.flatMap((day) => day.activities);
    expect(events).toHaveLength(activities.length);
    const byDay = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
    for (const vevent of events) {
      const event = new ICAL.Event(vevent);
      expect(event.startDate.zone?.tzid).toBe('America/Sao_Paulo');
      const rule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
      expect(rule.freq).toBe('WEEKLY');
      expect(rule.count).toBeFalsy();
      // BYDAY names the day of the first occurrence.
      expect(rule.parts.BYDAY).toEqual([byDay[event.startDate.dayOfWeek() - 1]]);
      expect(activities.map((a) => a.title)).toContain(event.summary);
    }
    // Monday 19h30: Triagem Fraterna, at 22:30 UTC (São Paulo is UTC−3).
    const triagem = events
      .map((e) => new ICAL.Event(e))
      .find((e) => e.summary === 'Triagem Fraterna');
    expect(triagem?.startDate.toJSDate().toISOString()).toBe('2026-01-05T22:30:00.000Z');
  });

  it('is the same file on every request (stable UIDs and DTSTAMP)', async () => {
    expect(await get(scheduleCalendarPath)).toBe(await get(scheduleCalendarPath));
    // Subscribed calendars refresh daily.
    expect(await get(scheduleCalendarPath)).toContain('X-PUBLISHED-TTL:P1D');
  });
});

describe('GET /<programme>/<course>/encontros.ics', () => {
  it("holds each course's meetings as a weekly event with their count", async () => {
    for (const course of allCourses()) {
      const { zones, events } = parse(await get(courseCalendarPath(course)));
      expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['America/Sao_Paulo']);
      expect(events).toHaveLength(1);
      const [vevent] = events;
      if (!vevent) throw new Error('no VEVENT');
      const rule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
      expect(rule.freq).toBe('WEEKLY');
      expect(rule.count).toBe(course.meetings.count);
      const event = new ICAL.Event(vevent);
      expect(event.startDate.zone?.tzid).toBe('America/Sao_Paulo');
      expect(event.startDate.toString().slice(0, 10)).toBe(course.meetings.firstMeeting);
    }
  });
});

describe('the address in the calendar files', () => {
  it('is the one published, from the next request after a save', async () => {
    const published = { revision: 0, address: centre.address };
    const edited = fastify();
    edited.decorate('courseOf', contentCourses);
    await edited.register(calendarRoutes, { siteUrl: SITE_URL, address: () => published });
    const locations = async (url: string) => {
      const body = (await edited.inject({ method: 'GET', url })).body;
      return parse(body).events.map((e) => String(e.getFirstPropertyValue('location')));
    };
    const passe = findCourse('global-kardec', 'passe');
    if (!passe) throw new Error('no course');
    try {
      expect((await locations(scheduleCalendarPath)).join()).toContain(centre.address.street);
      published.revision = 1;
      published.address = { ...centre.address, street: 'Avenida Nova, 1000' };
      for (const url of [scheduleCalendarPath, courseCalendarPath(passe)]) {
        const found = await locations(url);
        expect(found.length, url).toBeGreaterThan(0);
        for (const location of found) {
          expect(location, url).toContain('Avenida Nova, 1000');
          expect(location, url).not.toContain(centre.address.street);
        }
      }
    } finally {
      await edited.close();
    }
  });
});
