/**
 * 'Enviar mensagem à turma' (decision 063) through the real app (`app.inject`)
 * and a real SMTP server, on SQLite and PostgreSQL: Secretaria writes to a class; each confirmed
 * person gets the text as plain text (markup escaped, paragraphs kept) with the centre's footer and
 * the line saying why; the waiting list only when asked; the fourth message within 24 hours is
 * refused with when the next may go; each send is kept with who sent it and to how many, never
 * the text; bad input is refused beside its field.
 */
import { randomUUID } from 'node:crypto';
import { allCourses, type Course, findCourse } from '@centro/content';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../tests/support/api-app.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import {
  createMailApi,
  enrolmentsIn,
  mailTo,
  type MailApi,
  requestsAs,
} from '../../tests/support/mail-api.js';
import type { TestSmtpServer } from '../../tests/support/smtp-server.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const C = `/api/staff/courses/${passe.slug}`;

const targets = await testDatabaseTargets('class-message-mail');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('a message to a class ($dialect)', { timeout: 60_000 }, (target) => {
  let app: MailApi;
  let smtp: TestSmtpServer;
  let api: TestApi;
  const ADMIN = randomUUID();

  const as = requestsAs(() => api);
  const enrol = enrolmentsIn(() => api);
  const to = (person: string) =>
    smtp.received.filter((m) => JSON.stringify(m.to).includes(`${person}@example.org`));
  /** The messages to `person` with this subject, once `count` arrived. */
  const waitFor = (person: string, subject: string, count = 1): Promise<ParsedMail[]> =>
    mailTo(smtp, person, subject, { count, exact: true });

  beforeAll(async () => {
    app = await createMailApi({ databaseUrl: target.databaseUrl, admin: ADMIN, people: [ADMIN] });
    ({ smtp, api } = app);
    await api.app.database.db
      .updateTable('classes')
      .set({ places: 2 })
      .where('course_slug', '=', passe.slug)
      .execute();
  });
  afterAll(() => app.close());

  it('reaches the class as plain text, the waiting list when asked, three times a day', async () => {
    const [ana = '', bia = '', caio = '', sec = ''] = await api.createPeople(4);
    for (const person of [ana, bia]) {
      const enrolled = await enrol(person, passe);
      expect(enrolled.statusCode).toBe(200);
    }
    const joined = await as(caio, 'POST', '/api/me/waiting-list/join', { course: passe.slug });
    expect(joined.json()).toMatchObject({ state: 'waiting', position: 1 });
    const grant = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${sec}@example.org`,
      role: 'secretaria',
    });
    expect(grant.statusCode).toBe(200);
    const classes = (await as(sec, 'GET', `${C}/classes`)).json() as {
      classes: { id: string; name: string }[];
    };
    const turma = classes.classes.at(-1) ?? { id: '', name: '' };
    const url = `${C}/classes/${turma.id}/messages`;

    // Bad input: refused beside its field, in pt-BR, nothing sent.
    const empty = await as(sec, 'POST', url, { subject: '  ', text: 'Olá', waitingList: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'subject', message: 'Escreva o assunto.' });
    const long = await as(sec, 'POST', url, {
      subject: 'Aviso',
      text: 'a'.repeat(5001),
      waitingList: false,
    });
    expect(long.json()).toMatchObject({
      field: 'text',
      message: 'Mensagem: use no máximo 5000 caracteres.',
    });
    // A participant is not staff.
    expect(
      (await as(ana, 'POST', url, { subject: 'x', text: 'y', waitingList: false })).statusCode,
    ).toBe(403);

    // 1: the confirmed people only; the staff's markup arrives as text.
    const first = await as(sec, 'POST', url, {
      subject: 'Sala nova <b>amanhã</b>',
      text: 'Queridos participantes,\n\nO encontro de amanhã será na <b>sala 2</b>.\nTragam o livro.',
      waitingList: false,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ recipients: 2, left: 2 });
    const [toAna] = await waitFor(ana, 'Sala nova <b>amanhã</b>');
    await waitFor(bia, 'Sala nova <b>amanhã</b>');
    expect(toAna?.text).toContain(
      'Queridos participantes,\n\nO encontro de amanhã será na <b>sala 2</b>.\nTragam o livro.',
    );
    expect(toAna?.text).toContain(
      `Você recebe esta mensagem por estar inscrito(a) na turma ${turma.name} de Passe.`,
    );
    expect(toAna?.html).toContain('na &lt;b&gt;sala 2&lt;/b&gt;.<br/>Tragam o livro.');
    expect(toAna?.html).not.toContain('<b>sala 2</b>');
    expect(toAna?.text).toContain('Dúvidas:');
    expect(to(caio)).toHaveLength(1); // the waiting-list notice only

    // 2: with the waiting list, whose footer says why they get it.
    const second = await as(sec, 'POST', url, {
      subject: 'Material',
      text: 'O material está na secretaria.',
      waitingList: true,
    });
    expect(second.json()).toEqual({ recipients: 3, left: 1 });
    const [toCaio] = await waitFor(caio, 'Material');
    expect(toCaio?.text).toContain(
      `Você recebe esta mensagem por estar na lista de espera da turma ${turma.name} de Passe.`,
    );

    // 3, then the fourth of the day is refused with when the next may go.
    const third = await as(ADMIN, 'POST', url, { subject: 'Três', text: 'c', waitingList: false });
    expect(third.json()).toEqual({ recipients: 2, left: 0 });
    const fourth = await as(sec, 'POST', url, { subject: 'Quatro', text: 'd', waitingList: false });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ error: 'too_many_requests' });
    expect((fourth.json() as { message: string }).message).toMatch(
      /^Esta turma já recebeu 3 mensagens nas últimas 24 horas\. A próxima poderá ser enviada a partir de \d{2}\/\d{2}\/\d{4} às \d{2}h\d{2}\.$/,
    );
    await waitFor(ana, 'Três');
    expect(to(ana).map((m) => m.subject)).not.toContain('Quatro');

    // Kept: who sent, subject, how many; no text. The record names the sender and the count.
    const rows = await api.app.database.db
      .selectFrom('class_messages')
      .selectAll()
      .where('class_id', '=', turma.id)
      .orderBy('sent_at')
      .execute();
    expect(rows.map((r) => [r.sender_id, r.subject, r.recipients, r.with_waiting_list])).toEqual([
      [sec, 'Sala nova <b>amanhã</b>', 2, 0],
      [sec, 'Material', 3, 1],
      [ADMIN, 'Três', 2, 0],
    ]);
    expect(JSON.stringify(rows)).not.toContain('sala 2');
    const record = (await as(ADMIN, 'GET', `/api/staff/actions?action=class.message`)).json() as {
      actions: { actorId: string; details: Record<string, unknown> }[];
    };
    expect(record.actions.map((a) => [a.actorId, a.details.recipients])).toEqual([
      [ADMIN, 2],
      [sec, 3],
      [sec, 2],
    ]);
  });

  it('refuses a class of another course and a class with nobody to tell', async () => {
    const other = allCourses().find((c) => c.slug !== passe.slug) as Course;
    const OTHER = `/api/staff/courses/${other.slug}`;
    const classes = (await as(ADMIN, 'GET', `${OTHER}/classes`)).json() as {
      classes: { id: string }[];
    };
    const url = (course: string) => `${course}/classes/${classes.classes[0]?.id ?? ''}/messages`;
    const body = { subject: 'Aviso', text: 'Texto', waitingList: true };
    const wrong = await as(ADMIN, 'POST', url(C), body);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ message: 'Turma não encontrada.' });
    const empty = await as(ADMIN, 'POST', url(OTHER), body);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      message: 'Esta turma não tem ninguém para receber a mensagem.',
    });
  });

  it('five sends at once: three go, two are refused, whatever the instant', async () => {
    const third = allCourses().filter((c) => c.slug !== passe.slug)[1] as Course;
    const [eva = ''] = await api.createPeople(1);
    const enrolled = await enrol(eva, third);
    expect(enrolled.statusCode).toBe(200);
    const base = `/api/staff/courses/${third.slug}`;
    const classes = (await as(ADMIN, 'GET', `${base}/classes`)).json() as {
      classes: { id: string }[];
    };
    const url = `${base}/classes/${classes.classes.at(-1)?.id ?? ''}/messages`;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        as(ADMIN, 'POST', url, { subject: `Aviso ${n}`, text: 'Texto', waitingList: false }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    await expect
      .poll(() => to(eva).filter((m) => m.subject?.startsWith('Aviso ')).length, {
        timeout: 20_000,
      })
      .toBe(3);
  });
});
