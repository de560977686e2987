/**
 * The course calendar file, read back with ical.js (a calendar parser, not our own code): first
 * date, time zone, recurrence, place and page address.
 */
import { centre, type Course, findCourse } from '@centro/content';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFileName, courseCalendar } from './course-calendar.js';

const COURSE_URL = 'https://www.centro.org.br/global-kardec/passe';

function course(meetings: Partial<Course['meetings']> = {}): Course {
  const passe = findCourse('global-kardec', 'passe');
  if (!passe) throw new Error('passe is missing from the content');
  return {
    ...passe,
    meetings: {
      firstMeeting: '2026-03-07',
      weekday: 'saturday',
      time: '15:00',
      count: 10,
      durationMinutes: 90,
      room: 'Sala 3',
      ...meetings,
    },
  };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

const text = (c: Course & { calendar?: { classId: string; sequence: number } }) =>
  courseCalendar({
    course: c,
    programmeName: 'Global Kardec',
    centreName: centre.name,
    centreAddress: centre.address,
    courseUrl: COURSE_URL,
    now: new Date('2026-01-10T12:00:00Z'),
  });

describe('courseCalendar', () => {
  it('is one weekly VEVENT in America/Sao_Paulo that a calendar parser reads back', () => {
    const ics = text(course());
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('DTSTART;TZID=America/Sao_Paulo:20260307T150000');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;COUNT=10');
    expect(ics).toContain('DTSTAMP:20260110T120000Z'); // UTC, as RFC 5545 requires
    expect(ics.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);

    const { calendar, vevent, event } = parse(ics);
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(event.startDate.zone?.tzid).toBe('America/Sao_Paulo');
    expect(event.startDate.toString()).toBe('2026-03-07T15:00:00');
    // 15:00 in São Paulo is 18:00 UTC (UTC-3, no summer time).
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-07T18:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-07T19:30:00.000Z');
    const rule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('WEEKLY');
    expect(rule.count).toBe(10);
    expect(event.location).toBe(
      `Sala 3 – ${centre.address.street} - ${centre.address.district}, ${centre.address.city} - ${centre.address.state}, CEP ${centre.address.postalCode}`,
    );
    expect(event.description).toContain(`Página do curso: ${COURSE_URL}`);
    expect(event.summary).toBe('Passe (Global Kardec)');
    expect(event.uid).toBe('global-kardec-passe-2026-03-07@www.centro.org.br');
    expect(calendarFileName(course())).toBe('passe.ics');
  });

  it("names a class's event by the class, whatever its dates, at the class's revision", () => {
    const ofClass = (meetings: Partial<Course['meetings']>, sequence: number) =>
      parse(text({ ...course(meetings), calendar: { classId: 'c1a55e5-0001', sequence } })).event;
    const before = ofClass({}, 0);
    const after = ofClass({ firstMeeting: '2026-03-14', time: '16:00' }, 1);
    expect(before.uid).toBe('global-kardec-passe-c1a55e5-0001@www.centro.org.br');
    expect(after.uid).toBe(before.uid);
    expect([before.sequence, after.sequence]).toEqual([0, 1]);
  });

  it('gives every meeting at 15:00 in São Paulo, also from November to February', () => {
    const { event } = parse(text(course({ firstMeeting: '2026-10-31', count: 12 })));
    const iterator = event.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) {
      starts.push(next.toJSDate().toISOString());
    }
    expect(starts).toHaveLength(12);
    expect(starts[0]).toBe('2026-10-31T18:00:00.000Z');
    // The old Brazilian summer time would have started in November; it no longer exists.
    expect(starts[11]).toBe('2027-01-16T18:00:00.000Z');
    expect(starts.every((s) => s.endsWith('T18:00:00.000Z'))).toBe(true);
  });

  it('carries single meetings changed (decision 091): a skip excluded, a cancellation and a move as instances of the same event, an added meeting apart', () => {
    const ics = text({
      ...course({
        changes: [
          { kind: 'skip', date: '2026-03-14', then: 'later', reason: 'Feriado' },
          { kind: 'cancel', date: '2026-03-21', message: 'Reforma do salão' },
          { kind: 'move', date: '2026-03-28', to: '2026-03-29', time: '10:00' },
          { kind: 'add', date: '2026-04-01', time: '19:00' },
        ],
      }),
      calendar: { classId: 'c1a55e5-0001', sequence: 3 },
    });
    const { calendar, event } = parse(ics);
    expect(ics).toContain('EXDATE;TZID=America/Sao_Paulo:20260314T150000');
    // The skip pushes the end a week later: eleven weeks, ten meetings in place, one added.
    expect(ics).toContain('RRULE:FREQ=WEEKLY;COUNT=11');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const uid = 'global-kardec-passe-c1a55e5-0001@www.centro.org.br';
    const cancelled = events.find(
      (e) => e.component.getFirstPropertyValue('status') === 'CANCELLED',
    );
    expect(cancelled?.uid).toBe(uid);
    expect(cancelled?.sequence).toBe(3);
    expect(cancelled?.recurrenceId?.toString()).toBe('2026-03-21T15:00:00');
    const moved = events.find((e) => e.recurrenceId?.toString() === '2026-03-28T15:00:00');
    expect(moved?.uid).toBe(uid);
    expect(moved?.startDate.toJSDate().toISOString()).toBe('2026-03-29T13:00:00.000Z');
    expect(events.find((e) => e.uid !== uid)?.startDate.toString()).toBe('2026-04-01T19:00:00');
    const starts: string[] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) starts.push(next.toString());
    expect(starts).toHaveLength(10);
    expect(starts).not.toContain('2026-03-14T15:00:00');
    expect(event.description).toContain('Sem encontro em sábado, 14/03/2026 (Feriado)');
  });
});
