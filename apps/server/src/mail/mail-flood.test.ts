/**
 * One account cannot make the centre send unlimited e-mail (decision 080), through the real app, a
 * real SMTP server and each database: a person's enrolments, cancellations and waiting-list changes
 * in one course are limited per hour, refused in Portuguese with Retry-After before the directory is
 * called; an unsent confirmation followed by its cancellation sends neither; and a person receives
 * at most MAIL_PER_PERSON_PER_DAY confirmations and notices in 24 hours.
 */
import { findCourse, type Course } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/api-app.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const other = findCourse('global-kardec', 'conheca-o-espiritismo') as Course;
const CHANGES = 4;
const PER_DAY = 3;

const targets = await testDatabaseTargets('mail-flood');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)(
  'a flood of enrolment mail from one account ($dialect)',
  { timeout: 60_000 },
  (target) => {
    let smtp: TestSmtpServer;
    let api: TestApi;
    const directoryCalls: string[] = [];

    const as = (person: string, url: string, body: object) =>
      api.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${api.tokenFor(person)}` },
        payload: body,
      });
    const enrol = (person: string, course = passe) =>
      api.app.inject({
        method: 'POST',
        url: '/api/group/add',
        payload: { group: course.groupId, user: person, token: api.tokenFor(person) },
      });
    const cancel = (person: string, course = passe) =>
      as(person, '/api/me/enrolments/cancel', { course: course.slug });
    const subjectsTo = (person: string) =>
      smtp.received
        .filter((m) => JSON.stringify(m.to).includes(`${person}@example.org`))
        .map((m) => m.subject ?? '');
    /** Waits until `person` received `count` messages. */
    const received = async (person: string, count: number) => {
      const deadline = Date.now() + 20_000;
      while (subjectsTo(person).length < count) {
        if (Date.now() > deadline) throw new Error(`got ${subjectsTo(person).join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return subjectsTo(person);
    };

    beforeAll(async () => {
      smtp = await createTestSmtpServer();
      api = await createTestApi({
        databaseUrl: target.databaseUrl,
        env: {
          SMTP_URL: smtp.url,
          MAIL_FROM: '"Centro Espírita" <nao-responda@centro.org.br>',
          ENROLMENT_CHANGES_PER_HOUR: String(CHANGES),
          MAIL_PER_PERSON_PER_DAY: String(PER_DAY),
        },
      });
      await api.app.ready();
      api.faults.fault = (operation) => {
        directoryCalls.push(operation);
        return undefined;
      };
    });
    afterAll(async () => {
      await api.close();
      await smtp.stop();
    });

    it('refuses a person past the hourly changes of one course, before the directory is called', async () => {
      const [person = ''] = await api.createPeople(1);
      // The same enrolment sent again and again is no change: never refused for itself.
      const repeated = await Promise.all(Array.from({ length: CHANGES + 2 }, () => enrol(person)));
      expect(repeated.map((answer) => answer.statusCode)).toEqual(
        Array.from({ length: CHANGES + 2 }, () => 200),
      );
      // Each cancellation counts: CHANGES cycles of enrolling and cancelling go through.
      const answers: number[] = [(await cancel(person)).statusCode];
      for (let i = 1; i < CHANGES; i++) {
        answers.push((await enrol(person)).statusCode, (await cancel(person)).statusCode);
      }
      expect(answers).toEqual(Array.from({ length: 2 * CHANGES - 1 }, () => 200));

      directoryCalls.length = 0;
      const refused = await enrol(person);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({
        error: 'too_many_requests',
        message: expect.stringMatching(
          /^Você alterou sua inscrição neste curso muitas vezes em pouco tempo\. Aguarde \d+ minutos? e tente novamente\.$/,
        ),
      });
      const waiting = await as(person, '/api/me/waiting-list/join', { course: passe.slug });
      expect(waiting.statusCode).toBe(429);
      expect(directoryCalls).toEqual([]);
      // Another course is another count.
      expect((await enrol(person, other)).statusCode).toBe(200);
    });

    it('sends neither an unsent confirmation nor the cancellation that followed it', async () => {
      const [person = '', witness = ''] = await api.createPeople(2);
      await smtp.stop();
      expect((await enrol(person)).statusCode).toBe(200);
      expect((await cancel(person)).statusCode).toBe(200);
      expect((await enrol(witness)).statusCode).toBe(200);
      // The loop may have claimed the confirmation before the cancellation existed; that attempt
      // is a message being sent, not an unsent one, and on a busy machine its composition can
      // outlast the outage and deliver it. Let every attempt under way end while SMTP is down.
      await api.app.mail.sender.runOnce();
      // SMTP is back, and the outage's wait has passed.
      await smtp.start();
      const past = new Date(Date.now() - 1000).toISOString();
      await api.app.database.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: past })
        .where('status', '=', 'pending')
        .execute();
      await api.app.mail.sender.runOnce();
      expect(await received(witness, 1)).toEqual(['Inscrição confirmada: Passe (Global Kardec)']);
      expect(subjectsTo(person)).toEqual([]);
    });

    it('sends a person at most MAIL_PER_PERSON_PER_DAY confirmations and notices a day', async () => {
      const [person = ''] = await api.createPeople(1);
      for (let i = 0; i < CHANGES; i++) {
        expect((await (i % 2 === 0 ? enrol(person) : cancel(person))).statusCode).toBe(200);
        // Each message leaves before the next change: none replaces another.
        if (i < PER_DAY) await received(person, i + 1);
      }
      await api.app.mail.sender.runOnce();
      const left = await api.app.database.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('person_id', '=', person)
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      expect(left).toEqual([]);
      expect(subjectsTo(person)).toHaveLength(PER_DAY);
    });
  },
);
