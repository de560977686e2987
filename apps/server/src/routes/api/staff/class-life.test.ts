/**
 * A class's life through the real app, a real SMTP server (read back with mailparser and ical.js),
 * on SQLite and PostgreSQL (decisions 076 and 077): every calendar file of a class names one event
 * whose SEQUENCE rises when its meetings change; the WhatsApp invite reaches the people told it
 * would come, once; 'Encerrar turma' before the last meeting asks again with the count, refuses a
 * class that has not started, and tells each person their result and attendance; 'Reabrir turma'
 * withdraws the results, is recorded and tells the people; 'Nova turma' leaves the invite behind.
 */
import { randomUUID } from 'node:crypto';
import {
  allCourses,
  type Course,
  courseCalendarPath,
  formatDate,
  scheduledMeetings,
} from '@centro/content';
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

const open = allCourses().filter((c) => !c.prerequisites?.length);
const [calendarCourse, inviteCourse, lifeCourse] = open as [Course, Course, Course];

const targets = await testDatabaseTargets('class-life');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

/** The UID and SEQUENCE of a calendar file's one event, as a calendar program reads them. */
function eventOf(ics: string): { uid: string; sequence: number; start: string } {
  const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  return { uid: event.uid, sequence: event.sequence, start: event.startDate.toString() };
}

/** "YYYY-MM-DD", `days` from today (UTC). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

describe.each(targets)('a class’s life ($dialect)', { timeout: 60_000 }, (target) => {
  let app: MailApi;
  let smtp: TestSmtpServer;
  let api: TestApi;
  const ADMIN = randomUUID();

  const as = requestsAs(() => api);
  const enrol = enrolmentsIn(() => api);
  /** The messages to `person` whose subject starts with `subject`, once `count` arrived. */
  const messagesTo = (person: string, subject: string, count = 1): Promise<ParsedMail[]> =>
    mailTo(smtp, person, subject, { count });
  const calendarOf = (mail: ParsedMail) =>
    eventOf(mail.attachments.find((a) => a.filename?.endsWith('.ics'))?.content.toString() ?? '');

  beforeAll(async () => {
    app = await createMailApi({ databaseUrl: target.databaseUrl, admin: ADMIN, people: [ADMIN] });
    ({ smtp, api } = app);
  });
  afterAll(() => app.close());

  it('gives every calendar file of a class one event, whose SEQUENCE rises when its meetings change', async () => {
    const C = `/api/staff/courses/${calendarCourse.slug}/settings`;
    const page = courseCalendarPath(calendarCourse);
    const [ana = ''] = await api.createPeople(1);
    expect((await enrol(ana, calendarCourse)).statusCode).toBe(200);
    const [confirmation] = await messagesTo(ana, 'Inscrição confirmada');
    const first = calendarOf(confirmation as ParsedMail);
    // 'Adicionar à minha agenda' serves the same event, at the same revision.
    expect(eventOf((await api.app.inject({ url: page })).body)).toEqual(first);

    expect((await as(ADMIN, 'POST', C, courseSettings({ time: '20:15' }))).statusCode).toBe(200);
    const [moved] = await messagesTo(ana, 'Mudança nos encontros');
    expect(moved?.text).toContain(
      'Anexamos um novo arquivo de calendário (.ics): abra-o para atualizar os encontros na sua agenda.',
    );
    const second = calendarOf(moved as ParsedMail);
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBe(first.sequence + 1);
    expect(second.start).toMatch(/T20:15:00$/);
    expect(eventOf((await api.app.inject({ url: page })).body)).toEqual(second);

    // A new first meeting is the same event too (its UID does not name the date).
    const later = scheduledMeetings(calendarCourse.meetings)[1]?.date;
    const changed = await as(
      ADMIN,
      'POST',
      C,
      courseSettings({ time: '20:15', firstMeeting: later }),
    );
    expect(changed.statusCode).toBe(200);
    const third = calendarOf((await messagesTo(ana, 'Mudança nos encontros', 2))[1] as ParsedMail);
    expect(third).toEqual({
      uid: first.uid,
      sequence: first.sequence + 2,
      start: `${later}T20:15:00`,
    });

    // A second class listed on the page has its own file, its own event (decision 076).
    const created = await as(
      ADMIN,
      'POST',
      `/api/staff/courses/${calendarCourse.slug}/classes`,
      {},
    );
    const next = created.json().class as { id: string; firstMeeting: string };
    const own = eventOf((await api.app.inject({ url: `${page}?turma=${next.id}` })).body);
    expect(own.uid).toContain(next.id);
    expect(own.uid).not.toBe(first.uid);
    expect(own.start.slice(0, 10)).toBe(next.firstMeeting);
    expect(eventOf((await api.app.inject({ url: page })).body)).toEqual(third);
    const other = await api.app.inject({ url: `${page}?turma=${randomUUID()}` });
    expect(other.statusCode).toBe(404);
  });

  it('mails the WhatsApp invite to the people told it would come, once, when it is saved', async () => {
    const C = `/api/staff/courses/${inviteCourse.slug}/settings`;
    const [bia = '', caio = ''] = await api.createPeople(2);
    expect((await enrol(bia, inviteCourse)).statusCode).toBe(200);
    const [confirmed] = await messagesTo(bia, 'Inscrição confirmada');
    expect(confirmed?.text).toContain(
      'O link do grupo de WhatsApp da turma será enviado a você mais tarde',
    );

    const saved = await as(ADMIN, 'POST', C, courseSettings({ inviteCode: 'GrupoDaTurma2027A' }));
    expect(saved.statusCode).toBe(200);
    const [invite] = await messagesTo(bia, 'Grupo de WhatsApp da turma');
    expect(invite?.text).toContain('https://chat.whatsapp.com/GrupoDaTurma2027A');

    // Someone enrolling now has the link in their confirmation; a new invite saved later and a
    // change of meetings send no second invite.
    expect((await enrol(caio, inviteCourse)).statusCode).toBe(200);
    const [caioConfirmed] = await messagesTo(caio, 'Inscrição confirmada');
    expect(caioConfirmed?.text).toContain('https://chat.whatsapp.com/GrupoDaTurma2027A');
    await as(ADMIN, 'POST', C, courseSettings({ inviteCode: 'GrupoDaTurma2027B' }));
    await as(ADMIN, 'POST', C, courseSettings({ inviteCode: 'GrupoDaTurma2027B', time: '21:00' }));
    await messagesTo(bia, 'Mudança nos encontros');
    await messagesTo(caio, 'Mudança nos encontros');
    const invites = smtp.received.filter((m) => m.subject?.startsWith('Grupo de WhatsApp'));
    expect(invites.map((m) => JSON.stringify(m.to).includes(bia))).toEqual([true]);
  });

  it('asks again before the last meeting, tells each result and attendance, and reopens a class concluded by mistake', async () => {
    const K = `/api/staff/courses/${lifeCourse.slug}`;
    const [dani = '', edu = ''] = await api.createPeople(2);
    for (const person of [dani, edu])
      expect((await enrol(person, lifeCourse)).statusCode).toBe(200);
    const [turma] = (await as(ADMIN, 'GET', `${K}/classes`)).json().classes as { id: string }[];
    const id = turma?.id as string;
    // Seven weekly meetings: six behind, the last one ahead.
    const firstMeeting = dayFromToday(-38);
    const meetings = courseSettings({ firstMeeting, count: 7, inviteCode: 'GrupoDaTurma2026X' });
    expect((await as(ADMIN, 'POST', `${K}/settings`, meetings)).statusCode).toBe(200);
    for (let meeting = 1; meeting <= 6; meeting++) {
      const marks = [
        { personId: dani, present: true },
        { personId: edu, present: meeting <= 2 },
      ];
      const marked = await as(ADMIN, 'POST', `${K}/attendance/${meeting}?turma=${id}`, { marks });
      expect(marked.statusCode).toBe(200);
    }

    const asked = await as(ADMIN, 'POST', `${K}/classes/${id}/conclude`, { confirm: true });
    expect(asked.statusCode).toBe(409);
    const last = scheduledMeetings({ firstMeeting, count: 7, time: '19:00' })[6]?.date ?? '';
    expect(asked.json()).toEqual({
      error: 'class_meetings_remain',
      message: `Ainda falta 1 encontro desta turma (o último em ${formatDate(last)}). Se encerrar agora, cada participante recebe o resultado só com a presença marcada até hoje. Confirme de novo para encerrar mesmo assim.`,
    });
    const concluded = await as(ADMIN, 'POST', `${K}/classes/${id}/conclude`, {
      confirm: true,
      meetingsRemaining: 1,
    });
    expect(concluded.statusCode).toBe(200);
    const [passed] = await messagesTo(dani, 'Curso concluído');
    expect(passed?.text).toContain('Resultado: Concluído. Você esteve em 6 de 7 encontros.');
    const [failed] = await messagesTo(edu, 'Turma encerrada');
    expect(failed?.text).toContain(
      'Resultado: Não concluído. Você esteve em 2 de 7 encontros, e para concluir são precisos pelo menos 75 % deles (6 encontros).',
    );

    const reopened = await as(ADMIN, 'POST', `${K}/classes/${id}/reopen`, { confirm: true });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().class).toMatchObject({ id, state: 'running', taken: 2 });
    const completions = await api.app.database.db
      .selectFrom('completions')
      .select('person_id')
      .where('class_id', '=', id)
      .execute();
    expect(completions).toEqual([]);
    for (const person of [dani, edu]) {
      const [told] = await messagesTo(person, 'Turma reaberta');
      expect(told?.text).toContain(
        'O resultado que enviamos (Concluído ou Não concluído) foi retirado',
      );
    }
    const record = (await as(ADMIN, 'GET', '/api/staff/actions?action=class.reopen')).json()
      .actions as { details: Record<string, unknown> }[];
    expect(record).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ class: id, withdrawn: 2 }) }),
    ]);
    const again = await as(ADMIN, 'POST', `${K}/classes/${id}/reopen`, { confirm: true });
    expect(again.json().error).toBe('conflict');

    // 'Nova turma' is planned, for next term, without the running class's WhatsApp group.
    const created = await as(ADMIN, 'POST', `${K}/classes`, {});
    expect(created.statusCode).toBe(200);
    const next = created.json().class.id as string;
    const nextSettings = await as(ADMIN, 'GET', `${K}/settings?turma=${next}`);
    expect(nextSettings.json().settings.inviteCode).toBeNull();
    const early = await as(ADMIN, 'POST', `${K}/classes/${next}/conclude`, { confirm: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('class_not_started');
  });
});
