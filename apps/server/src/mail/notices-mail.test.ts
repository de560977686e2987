/**
 * Telling people what happens to them through the real app (`app.inject`), a
 * real SMTP server (smtp-server, read back with mailparser and ical.js), on SQLite and PostgreSQL:
 * a waiting-list join with its position, a cancellation, the promotion that ends the waiting
 * (instead of the ordinary confirmation), a removal by staff, a staff role given and taken back,
 * and a change of meetings that reaches every enrolled person (only them) with the new time and a
 * new calendar, staff being told how many were written to.
 * Each message read back: its recipient, subject and key sentence. And 'Avise-me quando abrir': one
 * e-mail when the course's enrolment opens, once with two instances sending at the same time.
 */
import { randomUUID } from 'node:crypto';
import { allCourses, type Course, findCourse, formatDate, getProgramme } from '@centro/content';
import { apiPaths, type MyData } from '@centro/contracts';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/api-app.js';
import { courseSettings } from '../../tests/support/course-settings.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import {
  createMailApi,
  enrolmentsIn,
  mailTo,
  type MailApi,
  requestsAs,
  TEST_MAIL_FROM as MAIL_FROM,
} from '../../tests/support/mail-api.js';
import type { TestSmtpServer } from '../../tests/support/smtp-server.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const C = `/api/staff/courses/${passe.slug}`;

const targets = await testDatabaseTargets('notices-mail');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)(
  'notices of what happens to a person ($dialect)',
  { timeout: 60_000 },
  (target) => {
    let app: MailApi;
    let smtp: TestSmtpServer;
    let api: TestApi;
    const ADMIN = randomUUID();

    const as = requestsAs(() => api);
    const enrolIn = enrolmentsIn(() => api);
    const enrol = (person: string) => enrolIn(person, passe);
    /** The one message to `person` whose subject starts with `subject` (waits for it). */
    const messageTo = async (person: string, subject: string): Promise<ParsedMail> => {
      const match = await mailTo(smtp, person, subject);
      expect(match).toHaveLength(1);
      return match[0] as ParsedMail;
    };
    /** A class of last term: its meetings over, so 'Encerrar turma' needs no second confirmation. */
    const lastTerm = (classId: string) =>
      api.app.database.db
        .updateTable('classes')
        .set({ first_meeting: '2026-01-03', meeting_weekday: 'saturday', meeting_count: 4 })
        .where('id', '=', classId)
        .execute();
    const subjectsTo = (person: string) =>
      smtp.received
        .filter((m) => JSON.stringify(m.to).includes(`${person}@example.org`))
        .map((m) => m.subject);

    beforeAll(async () => {
      app = await createMailApi({ databaseUrl: target.databaseUrl, admin: ADMIN, people: [ADMIN] });
      ({ smtp, api } = app);
      await api.app.database.db
        .updateTable('classes')
        .set({ places: 1 })
        .where('course_slug', '=', passe.slug)
        .execute();
    });
    afterAll(() => app.close());

    it('tells each person what happened and what to do, one message per event', async () => {
      const [ana = '', bia = '', caio = ''] = await api.createPeople(3);
      expect((await enrol(ana)).statusCode).toBe(200);
      await messageTo(ana, 'Inscrição confirmada: Passe');

      // Bia and Caio join the waiting list of the full course: each learns their position.
      const joinBia = await as(bia, 'POST', '/api/me/waiting-list/join', { course: passe.slug });
      expect(joinBia.json()).toMatchObject({ state: 'waiting', position: 1 });
      expect(
        (await as(caio, 'POST', '/api/me/waiting-list/join', { course: passe.slug })).json(),
      ).toMatchObject({ position: 2 });
      const waitBia = await messageTo(bia, 'Lista de espera: Passe (Global Kardec)');
      expect(waitBia.text).toContain('Sua posição na fila: 1º.');
      expect(waitBia.text).toContain('a vaga será sua sem que você precise fazer nada');
      expect((await messageTo(caio, 'Lista de espera: Passe')).text).toContain(
        'Sua posição na fila: 2º.',
      );
      // A second join changes nothing and sends nothing.
      await as(bia, 'POST', '/api/me/waiting-list/join', { course: passe.slug });

      // Ana cancels: she is told; Bia's waiting ends and the place is hers (not the plain confirmation).
      expect(
        (await as(ana, 'POST', '/api/me/enrolments/cancel', { course: passe.slug })).json(),
      ).toMatchObject({ cancelled: true });
      const cancelled = await messageTo(ana, 'Inscrição cancelada: Passe (Global Kardec)');
      expect(cancelled.text).toContain(
        'Sua inscrição no curso Passe, do programa Global Kardec, foi cancelada, como você pediu.',
      );
      const promoted = await messageTo(bia, 'Sua vaga chegou: Passe (Global Kardec)');
      expect(promoted.text).toContain('abriu uma vaga e a sua espera terminou. A vaga é sua');
      expect(promoted.attachments.some((a) => a.filename === 'passe.ics')).toBe(true);
      expect(subjectsTo(bia).filter((s) => s?.startsWith('Inscrição confirmada'))).toEqual([]);

      // Coordenação gives Caio the role Secretaria: Caio is told, without being named.
      const grant = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
        email: `${caio}@example.org`,
        role: 'secretaria',
      });
      expect(grant.statusCode).toBe(200);
      const role = await messageTo(caio, 'Você agora faz parte da equipe: Secretaria');
      expect(role.text).toContain('deu a você a função Secretaria');
      expect(role.text).toMatch(/^Olá!\n/);
      expect(role.text).toMatch(/\/equipe/);
      // Granting it again tells nothing more.
      await as(ADMIN, 'POST', '/api/staff/roles/grant', {
        email: `${caio}@example.org`,
        role: 'secretaria',
      });
      // Coordenação takes the role back: Caio learns it rather than find the area closed.
      const revoke = await as(ADMIN, 'POST', '/api/staff/roles/revoke', {
        personId: caio,
        role: 'secretaria',
      });
      expect(revoke.statusCode).toBe(200);
      const revoked = await messageTo(caio, 'Sua função na equipe foi retirada: Secretaria');
      expect(revoked.text).toContain('retirou a sua função Secretaria');
      expect(revoked.text).toMatch(/^Olá!\n/);
      // Taking back a role no longer held tells nothing.
      await as(ADMIN, 'POST', '/api/staff/roles/revoke', { personId: caio, role: 'secretaria' });

      // The meetings move to 20:15: Bia (enrolled) gets the new time and calendar; Caio (waiting)
      // and Ana (cancelled) get nothing.
      const before = smtp.received.length;
      const changed = await as(
        ADMIN,
        'POST',
        `${C}/settings`,
        courseSettings({ places: 1, time: '20:15' }),
      );
      expect(changed.statusCode).toBe(200);
      // Staff are told who was e-mailed: the one enrolled person.
      expect(changed.json()).toMatchObject({ notified: 1 });
      const moved = await messageTo(bia, 'Mudança nos encontros: Passe (Global Kardec)');
      expect(moved.text).toContain(
        'Os encontros do curso Passe, do programa Global Kardec, mudaram.',
      );
      expect(moved.text).toContain('às 20h15');
      const ics = moved.attachments.find((a) => a.filename === 'passe.ics');
      const vevent = new ICAL.Component(
        ICAL.parse(ics?.content.toString('utf8') ?? ''),
      ).getFirstSubcomponent('vevent');
      expect(String(vevent?.getFirstPropertyValue('dtstart'))).toMatch(/T20:15:00$/);
      // Saving the same meetings again tells nobody.
      const again = await as(
        ADMIN,
        'POST',
        `${C}/settings`,
        courseSettings({ places: 1, time: '20:15' }),
      );
      expect(again.json()).toMatchObject({ notified: 0 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(smtp.received.length - before).toBe(1);

      // Coordenação removes Bia: she is told whom to ask; Caio is promoted.
      const removed = await as(ADMIN, 'POST', `${C}/participants/${bia}/remove`, { confirm: true });
      expect(removed.statusCode).toBe(200);
      const gone = await messageTo(bia, 'Inscrição encerrada: Passe (Global Kardec)');
      expect(gone.text).toContain('A equipe do centro encerrou sua inscrição no curso Passe');
      await messageTo(caio, 'Sua vaga chegou: Passe');

      expect(subjectsTo(ana)).toHaveLength(2);
      expect(subjectsTo(bia)).toHaveLength(4);
      expect(subjectsTo(caio)).toHaveLength(4);
      expect(await api.app.mail.outbox.counts()).toMatchObject({ pending: 0, failed: 0 });
      // Her data lists each e-mail sent by its subject, those composed only when sent too.
      const held = (await as(bia, 'GET', apiPaths.myData)).json<MyData>().messages;
      expect(held.map((m) => [m.subject, m.status])).toEqual(
        [...subjectsTo(bia)].map((subject) => [subject, 'sent']),
      );
    });

    it("tells a person of last term's class the meetings of the class that opens", async () => {
      const course = allCourses().filter(
        (c) => c.slug !== passe.slug && !c.prerequisites?.length,
      )[1] as Course;
      const K = `/api/staff/courses/${course.slug}`;
      const [fia = ''] = await api.createPeople(1);
      const enrolled = await enrolIn(fia, course);
      expect(enrolled.statusCode).toBe(200);
      const [last] = (await as(ADMIN, 'GET', `${K}/classes`)).json().classes as { id: string }[];
      await lastTerm(last?.id as string);
      expect(
        (await as(ADMIN, 'POST', `${K}/classes/${last?.id}/conclude`, { confirm: true }))
          .statusCode,
      ).toBe(200);
      const created = await as(ADMIN, 'POST', `${K}/classes`, {
        firstMeeting: '2027-09-04',
        opensAt: '2030-01-10T09:00',
        closesAt: null,
      });
      const next = created.json().class.id as string;
      expect((await as(ADMIN, 'POST', `${K}/classes/${next}/open`, {})).statusCode).toBe(200);
      expect(
        (await as(fia, 'POST', '/api/me/opening-alert', { course: course.slug })).statusCode,
      ).toBe(200);
      await api.app.database.db
        .updateTable('classes')
        .set({ enrolment_opens_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', next)
        .execute();
      expect(await api.app.openingAlerts.sendDue()).toBe(1);
      const opened = await messageTo(fia, 'Inscrições abertas');
      // It used to give the concluded class's first meeting (the person's own old row).
      expect(opened.text).toContain('04/09/2027');
      expect(opened.text).not.toContain(formatDate(course.meetings.firstMeeting));
    });

    it("takes 'Avise-me quando abrir' for the next class and sends it once that class takes enrolments", async () => {
      const course = allCourses().filter(
        (c) => c.slug !== passe.slug && !c.prerequisites?.length,
      )[2] as Course;
      const K = `/api/staff/courses/${course.slug}`;
      const [gil = ''] = await api.createPeople(1);
      const [last] = (await as(ADMIN, 'GET', `${K}/classes`)).json().classes as { id: string }[];
      // Last term's class: still open, its enrolment closed; the next one announced, planned.
      await api.app.database.db
        .updateTable('classes')
        .set({ enrolment_closes_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', last?.id as string)
        .execute();
      await lastTerm(last?.id as string);
      const created = await as(ADMIN, 'POST', `${K}/classes`, {
        opensAt: '2030-01-10T09:00',
        closesAt: null,
      });
      const next = created.json().class.id as string;
      // The page offers 'Avise-me quando abrir': it used to be refused as closed (last term's).
      const asked = await as(gil, 'POST', '/api/me/opening-alert', { course: course.slug });
      expect(asked.json()).toEqual({ course: course.slug, alert: true });
      expect(
        (await as(ADMIN, 'POST', `${K}/classes/${last?.id}/conclude`, { confirm: true }))
          .statusCode,
      ).toBe(200);
      // Its opening instant passed, but staff have not opened it: nobody can enrol yet, nobody is
      // told (it used to tell them, once, then never again).
      await api.app.database.db
        .updateTable('classes')
        .set({ enrolment_opens_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', next)
        .execute();
      expect(await api.app.openingAlerts.sendDue()).toBe(0);
      expect((await as(ADMIN, 'POST', `${K}/classes/${next}/open`, {})).statusCode).toBe(200);
      expect(await api.app.openingAlerts.sendDue()).toBe(1);
      await messageTo(gil, 'Inscrições abertas');
    });

    it("sends 'Avise-me quando abrir' once when enrolment opens, with two instances at once", async () => {
      const course = allCourses().find((c) => c.slug !== passe.slug) as Course;
      const programme = getProgramme(course.programme).name;
      const [dora = '', edu = ''] = await api.createPeople(2);
      const setOpens = (at: Date) =>
        api.app.database.db
          .updateTable('classes')
          .set({ enrolment_opens_at: at.toISOString(), enrolment_closes_at: null })
          .where('course_slug', '=', course.slug)
          .execute();
      const ask = (person: string, slug = course.slug) =>
        as(person, 'POST', '/api/me/opening-alert', { course: slug });

      // Open already: nothing to wait for.
      const open = await ask(dora, passe.slug);
      expect(open.statusCode).toBe(409);
      expect(open.json()).toEqual({
        error: 'enrolment_open',
        message: 'As inscrições deste curso já estão abertas: faça a sua inscrição.',
      });

      await setOpens(new Date(Date.now() + 24 * 60 * 60_000));
      for (const person of [dora, edu, dora]) {
        expect((await ask(person)).json()).toEqual({ course: course.slug, alert: true });
      }
      // Edu changes his mind.
      expect(
        (await as(edu, 'POST', '/api/me/opening-alert/cancel', { course: course.slug })).json(),
      ).toEqual({ course: course.slug, alert: false });
      const mine = async (person: string) =>
        (await as(person, 'GET', '/api/me/opening-alerts')).json<{ courses: string[] }>().courses;
      expect(await mine(dora)).toEqual([course.slug]);
      expect(await mine(edu)).toEqual([]);
      expect(await api.app.openingAlerts.sendDue()).toBe(0);

      await setOpens(new Date(Date.now() - 1000));
      // Two instances on PostgreSQL; SQLite runs one instance (its immediate transaction orders
      // the same instance's concurrent runs).
      const second =
        target.dialect === 'postgres'
          ? await createTestApi({
              databaseUrl: target.databaseUrl,
              fixture: api.fixture,
              env: { SMTP_URL: smtp.url, MAIL_FROM },
            })
          : undefined;
      try {
        const told = await Promise.all([
          api.app.openingAlerts.sendDue(),
          (second ?? api).app.openingAlerts.sendDue(),
          api.app.openingAlerts.sendDue(),
        ]);
        expect(told.reduce((a, b) => a + b, 0)).toBe(1);
      } finally {
        await second?.close();
      }
      const opened = await messageTo(dora, `Inscrições abertas: ${course.title} (${programme})`);
      expect(opened.text).toContain(
        `As inscrições do curso ${course.title}, do programa ${programme}, estão abertas.`,
      );
      expect(opened.text).toContain('Este é o único aviso');
      expect(await api.app.openingAlerts.sendDue()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(subjectsTo(dora).filter((s) => s?.startsWith('Inscrições abertas'))).toHaveLength(1);
      expect(subjectsTo(edu)).toEqual([]);
      expect(await mine(dora)).toEqual([]);
    });
  },
);
