/**
 * The reminder two days before a class's first meeting through the real app, a
 * real SMTP server (smtp-server, read back with mailparser and ical.js), on SQLite and PostgreSQL:
 * at the first meeting minus two days every confirmed participant gets 'Lembrete: sua turma começa
 * …' with the place and the calendar file, once (two instances at once on PostgreSQL, and a second
 * run later), and the waiting list gets nothing.
 */
import { randomUUID } from 'node:crypto';
import { centre, type Course, findCourse, zonedInstant } from '@centro/content';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/api-app.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import {
  createMailApi,
  enrolmentsIn,
  mailTo,
  type MailApi,
  TEST_MAIL_FROM as MAIL_FROM,
} from '../../tests/support/mail-api.js';
import type { TestSmtpServer } from '../../tests/support/smtp-server.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const SUBJECT = 'Lembrete: sua turma começa sábado, 09/03 às 19h30';
/** The class's first meeting: Saturday 09/03/2030, 19:30 in São Paulo. */
const FIRST = zonedInstant('2030-03-09', '19:30');
const TWO_DAYS = 2 * 24 * 60 * 60_000;

const targets = await testDatabaseTargets('class-reminder-mail');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)(
  'the reminder before a class starts ($dialect)',
  { timeout: 60_000 },
  (target) => {
    let app: MailApi;
    let smtp: TestSmtpServer;
    let api: TestApi;
    const enrol = enrolmentsIn(() => api);

    const subjectsTo = (person: string) =>
      smtp.received
        .filter((m) => JSON.stringify(m.to).includes(`${person}@example.org`))
        .map((m) => m.subject);
    /** The messages to `person` whose subject is SUBJECT (waits for one). */
    const remindersTo = (person: string): Promise<ParsedMail[]> =>
      mailTo(smtp, person, SUBJECT, { exact: true });

    beforeAll(async () => {
      app = await createMailApi({ databaseUrl: target.databaseUrl, people: [randomUUID()] });
      ({ smtp, api } = app);
      // Two places; the class starts on Saturday 09/03/2030 at 19:30.
      await api.app.database.db
        .updateTable('classes')
        .set({
          places: 2,
          places_by_staff: 1,
          first_meeting: '2030-03-09',
          meeting_weekday: 'saturday',
          meeting_time: '19:30',
          reminded_at: null,
        })
        .where('course_slug', '=', passe.slug)
        .execute();
    });
    afterAll(() => app.close());

    it('reminds every enrolled person once, two days before, with the place and the calendar', async () => {
      const [ana = '', caio = '', bia = ''] = await api.createPeople(3);
      for (const person of [ana, caio]) {
        const enrolled = await enrol(person, passe);
        expect(enrolled.statusCode).toBe(200);
      }
      const joined = await api.app.inject({
        method: 'POST',
        url: '/api/me/waiting-list/join',
        headers: { authorization: `Bearer ${api.tokenFor(bia)}` },
        payload: { course: passe.slug },
      });
      expect(joined.json()).toMatchObject({ state: 'waiting', position: 1 });

      // A minute too early: nothing.
      expect(
        await api.app.classReminders.sendDue(new Date(FIRST.getTime() - TWO_DAYS - 60_000)),
      ).toBe(0);

      // Two days before: two instances on PostgreSQL (SQLite runs one; its immediate transaction
      // orders the same instance's concurrent runs) remind each enrolled person once.
      const at = new Date(FIRST.getTime() - TWO_DAYS);
      const second =
        target.dialect === 'postgres'
          ? await createTestApi({
              databaseUrl: target.databaseUrl,
              fixture: api.fixture,
              env: { SMTP_URL: smtp.url, MAIL_FROM },
            })
          : undefined;
      try {
        const reminded = await Promise.all([
          api.app.classReminders.sendDue(at),
          (second ?? api).app.classReminders.sendDue(at),
          api.app.classReminders.sendDue(at),
        ]);
        expect(reminded.reduce((a, b) => a + b, 0)).toBe(2);
      } finally {
        await second?.close();
      }

      for (const person of [ana, caio]) {
        const [reminder, ...more] = await remindersTo(person);
        expect(more).toEqual([]);
        expect(reminder?.text).toContain('Primeiro encontro: sábado, 09/03/2030, às 19h30');
        expect(reminder?.text).toContain(centre.address.street);
        const ics = reminder?.attachments.find((a) => a.filename === 'passe.ics');
        const vevent = new ICAL.Component(
          ICAL.parse(ics?.content.toString('utf8') ?? ''),
        ).getFirstSubcomponent('vevent');
        expect(String(vevent?.getFirstPropertyValue('dtstart'))).toBe('2030-03-09T19:30:00');
      }

      // A later run (a restart, the next tick) reminds nobody again; the waiting list never.
      expect(await api.app.classReminders.sendDue(new Date(at.getTime() + 60 * 60_000))).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const person of [ana, caio]) {
        expect(subjectsTo(person).filter((s) => s === SUBJECT)).toHaveLength(1);
      }
      expect(subjectsTo(bia).filter((s) => s?.startsWith('Lembrete'))).toEqual([]);
      expect(await api.app.mail.outbox.counts()).toMatchObject({ pending: 0, failed: 0 });
    });
  },
);
