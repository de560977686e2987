/**
 * A class's meetings as dates (decision 091) and the centre's recesses (decision 092) through the
 * real app, a real SMTP server and both databases: Coordenação skips a holiday and cancels a
 * meeting with a message; the class's people are told with the dates changed and a calendar file
 * whose event excludes the holiday and cancels the meeting (same UID, a higher SEQUENCE);
 * attendance lists only the meetings held; a past meeting cannot change; a recess skips the
 * meetings in it in every class, telling each person once.
 */
import { randomUUID } from 'node:crypto';
import { addDays, type Course, findCourse, formatDate, wallClockAt } from '@centro/content';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../../tests/support/api-app.js';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { testDatabaseTargets } from '../../../../tests/support/databases.js';
import {
  createMailApi,
  enrolmentsIn,
  mailTo,
  type MailApi,
  requestsAs,
} from '../../../../tests/support/mail-api.js';
import type { TestSmtpServer } from '../../../../tests/support/smtp-server.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const C = `/api/staff/courses/${passe.slug}`;

/** A Saturday five weeks or more ahead: every date the test changes is in the future. */
function saturdayAhead(): string {
  const { year, month, day } = wallClockAt(new Date());
  let date = addDays(`${year}-${month}-${day}`, 35);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 6) date = addDays(date, 1);
  return date;
}

const targets = await testDatabaseTargets('staff-meetings');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)(
  'meetings as dates and recesses ($dialect)',
  { timeout: 60_000 },
  (target) => {
    let app: MailApi;
    let smtp: TestSmtpServer;
    let api: TestApi;
    const ADMIN = randomUUID();
    const SECRETARIA = randomUUID();
    const first = saturdayAhead();
    const [holiday, cancelled, third, fourth] = [7, 14, 21, 28].map((d) => addDays(first, d)) as [
      string,
      string,
      string,
      string,
    ];

    const as = requestsAs(() => api);
    const enrol = enrolmentsIn(() => api);
    const messagesTo = (person: string, subject: string): ParsedMail[] =>
      smtp.received.filter(
        (m) =>
          JSON.stringify(m.to).includes(`${person}@example.org`) && m.subject?.startsWith(subject),
      );
    const waitFor = async (person: string, subject: string, count: number): Promise<ParsedMail> =>
      (await mailTo(smtp, person, subject, { count }))[count - 1] as ParsedMail;
    const events = (mail: ParsedMail) => {
      const ics = mail.attachments.find((a) => a.filename === 'passe.ics');
      const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
      return {
        text: ics?.content.toString('utf8') ?? '',
        events: calendar.getAllSubcomponents('vevent'),
      };
    };
    const schedule = async (classId: string) =>
      (
        (await as(ADMIN, 'GET', `${C}/classes`)).json().classes as {
          id: string;
          schedule: { date: string }[];
        }[]
      )
        .find((k) => k.id === classId)
        ?.schedule.map((m) => m.date);

    beforeAll(async () => {
      app = await createMailApi({
        databaseUrl: target.databaseUrl,
        admin: ADMIN,
        people: [ADMIN, SECRETARIA],
        roles: { [SECRETARIA]: 'secretaria' },
      });
      ({ smtp, api } = app);
    });
    afterAll(() => app.close());

    it('skips a holiday, cancels a meeting with a message, and a recess skips every class once', async () => {
      const [ana = ''] = await api.createPeople(1);
      const settings = await as(
        ADMIN,
        'POST',
        `${C}/settings`,
        courseSettings({ places: 5, firstMeeting: first, time: '19:00', count: 4 }),
      );
      expect(settings.statusCode).toBe(200);
      const classId: string = settings.json().classId;
      const enrolled = await enrol(ana, passe);
      expect(enrolled.statusCode).toBe(200);
      const M = `${C}/classes/${classId}/meetings`;

      const skipped = await as(ADMIN, 'POST', M, {
        kind: 'skip',
        date: holiday,
        then: 'later',
        reason: 'Feriado',
      });
      expect(skipped.statusCode).toBe(200);
      expect(skipped.json().notified).toBe(1);
      const afterSkip = await waitFor(ana, 'Mudança nos encontros: Passe', 1);
      const cancel = await as(ADMIN, 'POST', M, {
        kind: 'cancel',
        date: cancelled,
        message: 'Reforma do salão',
      });
      expect(cancel.statusCode).toBe(200);
      expect(
        cancel.json().meetings.map((m: { date: string; status: string }) => [m.date, m.status]),
      ).toEqual([
        [first, 'scheduled'],
        [holiday, 'skipped'],
        [cancelled, 'cancelled'],
        [third, 'scheduled'],
        [fourth, 'scheduled'],
      ]);

      // Ana is told, and her calendar's event excludes the holiday and cancels the meeting.
      const told = await waitFor(ana, 'Mudança nos encontros: Passe', 2);
      expect(told.text).toContain(
        `Encontro de sábado, ${formatDate(cancelled)} cancelado: Reforma do salão`,
      );
      expect(told.text).toContain(`Sem encontro em sábado, ${formatDate(holiday)} (Feriado)`);
      const before = events(afterSkip).events[0];
      const { text, events: now } = events(told);
      expect(text).toContain(`EXDATE;TZID=America/Sao_Paulo:${holiday.replaceAll('-', '')}T190000`);
      const master = now.find((v) => !v.hasProperty('recurrence-id'));
      const gone = now.find((v) => v.getFirstPropertyValue('status') === 'CANCELLED');
      expect(gone?.getFirstPropertyValue('uid')).toBe(master?.getFirstPropertyValue('uid'));
      expect(master?.getFirstPropertyValue('uid')).toBe(before?.getFirstPropertyValue('uid'));
      expect(Number(master?.getFirstPropertyValue('sequence'))).toBeGreaterThan(
        Number(before?.getFirstPropertyValue('sequence')),
      );
      expect(String(gone?.getFirstPropertyValue('recurrence-id'))).toBe(`${cancelled}T19:00:00`);

      // Attendance lists only the meetings held.
      expect(await schedule(classId)).toEqual([first, third, fourth]);

      // A date not in the class, a date past, Secretaria: refused in Portuguese, nothing changes.
      const unknown = await as(ADMIN, 'POST', M, {
        kind: 'skip',
        date: addDays(first, 1),
        then: 'later',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Este encontro não existe nesta turma.');
      const past = await as(ADMIN, 'POST', M, {
        kind: 'move',
        date: third,
        to: '2020-01-04',
        time: '19:00',
      });
      expect(past.statusCode).toBe(409);
      expect(past.json().message).toBe(
        'Só encontros que ainda não começaram podem ser mudados, e para uma data futura.',
      );
      const secretaria = await as(SECRETARIA, 'POST', M, {
        kind: 'skip',
        date: third,
        then: 'fewer',
      });
      expect(secretaria.statusCode).toBe(403);
      const bad = await as(ADMIN, 'POST', M, { kind: 'skip', date: third });
      expect(bad.statusCode).toBe(400);

      // A second class of the course, then a recess over the third meeting: both classes skip it.
      const second = await as(ADMIN, 'POST', `${C}/classes`, {
        name: 'Turma B',
        firstMeeting: cancelled,
      });
      expect(second.statusCode).toBe(200);
      const secondId: string = second.json().class.id;
      const recess = await as(ADMIN, 'POST', '/api/staff/recesses', {
        name: 'Recesso de fim de ano',
        startsOn: addDays(third, -1),
        endsOn: addDays(third, 1),
        then: 'fewer',
      });
      expect(recess.statusCode).toBe(200);
      expect(recess.json()).toMatchObject({ classes: 2, notified: 1 });
      expect(recess.json().recesses).toMatchObject([
        { name: 'Recesso de fim de ano', then: 'fewer' },
      ]);
      expect(await schedule(classId)).toEqual([first, fourth]);
      expect(await schedule(secondId)).not.toContain(third);
      const byRecess = await waitFor(ana, 'Mudança nos encontros: Passe', 3);
      expect(byRecess.text).toContain('(Recesso de fim de ano)');
      // Told once: nothing more arrives for the recess.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(messagesTo(ana, 'Mudança nos encontros: Passe')).toHaveLength(3);

      // A recess that has begun is refused; removing the recess takes its skips back.
      const begun = await as(ADMIN, 'POST', '/api/staff/recesses', {
        name: 'Tarde',
        startsOn: '2020-01-01',
        endsOn: '2020-01-02',
        then: 'later',
      });
      expect(begun.statusCode).toBe(409);
      const id: string = recess.json().recesses[0].id;
      const removed = await as(ADMIN, 'POST', `/api/staff/recesses/${id}/remove`, {
        confirm: true,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ recesses: [], classes: 2 });
      expect(await schedule(classId)).toEqual([first, third, fourth]);

      const recorded = await api.app.database.db
        .selectFrom('staff_actions')
        .select('action')
        .where('action', 'in', ['class.meetings', 'recess.create', 'recess.remove'])
        .execute();
      expect(recorded.map((r) => r.action).sort()).toEqual([
        'class.meetings',
        'class.meetings',
        'recess.create',
        'recess.remove',
      ]);
    });
  },
);
