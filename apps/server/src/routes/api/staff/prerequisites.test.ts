/**
 * Prerequisites through the real server and database (decision 061):
 * 'Finalizar inscrição' in a '… II' course without its '… I' concluded is refused 409
 * `prerequisite_missing` with the courses named in Portuguese, and so is the waiting list; a
 * 'Concluiu' lets the person in; 'Liberar inscrição' by Secretaria lets one person in; Coordenação
 * changes a course's list; Coordenação changes one completion with a reason, recorded before and
 * after, and Secretaria can do neither.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const pgDatabase = await createPostgresTestDatabase('staff_prerequisites');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const courseOf = (slug: string) => {
  const course = allCourses().find((c) => c.slug === slug);
  if (!course) throw new Error(`no course ${slug}`);
  return course;
};
const first = courseOf('estudando-andre-luiz-i');
const second = courseOf('estudando-andre-luiz-ii');
const institute = courseOf('instituto-do-jovem');
const ADMIN = randomUUID();
const MISSING_I =
  'Este curso é para quem concluiu: Estudando André Luiz I. Se você já concluiu em outra casa, fale com a secretaria.';

describe.each(targets)('prerequisites on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let secretaria: string;
  let concluded: string;
  let notConcluded: string;
  let newcomer: string;
  let firstClass: string;

  const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(who)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const enrol = (person: string, groupId = second.groupId) =>
    api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: groupId, user: person, token: api.tokenFor(person) },
    });
  const complete = (
    person: string,
    slug: string,
    done: boolean,
    classId: string = randomUUID(),
    attendance: { present: number; meetings: number } | null = null,
  ) =>
    api.app.database.db
      .insertInto('completions')
      .values({
        person_id: person,
        course_slug: slug,
        class_id: classId,
        concluded: done ? 1 : 0,
        concluded_at: '2026-07-01T12:00:00.000Z',
        changed_by: null,
        reason: null,
        present: attendance?.present ?? null,
        meetings: attendance?.meetings ?? null,
      })
      .execute();
  const recorded = async (action: string) =>
    (await as(ADMIN, 'GET', `/api/staff/actions?action=${action}`)).json().actions as {
      actorId: string;
      subjectId: string | null;
      details: Record<string, unknown>;
    }[];

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
    [secretaria, concluded, notConcluded, newcomer] = (await api.createPeople(4)) as [
      string,
      string,
      string,
      string,
    ];
    const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${secretaria}@example.org`,
      role: 'secretaria',
    });
    expect(granted.statusCode).toBe(200);
    const row = await api.app.database.db
      .selectFrom('classes')
      .select('id')
      .where('course_slug', '=', first.slug)
      .executeTakeFirstOrThrow();
    firstClass = row.id;
    await complete(concluded, first.slug, true, firstClass);
    await complete(notConcluded, first.slug, false, firstClass, { present: 5, meetings: 10 });
  });
  afterAll(async () => {
    await api.close();
  });

  it('refuses a person who has not concluded the course before, in Portuguese, and lets in one who has', async () => {
    const refused = await enrol(newcomer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'prerequisite_missing', message: MISSING_I });
    // Who took the course here reads their own attendance, not the sentence for newcomers.
    const attended = await enrol(notConcluded);
    expect(attended.statusCode).toBe(409);
    expect(attended.json()).toEqual({
      error: 'prerequisite_missing',
      message:
        'Este curso é para quem concluiu: Estudando André Luiz I. Você fez Estudando André Luiz I aqui e esteve em 5 de 10 encontros; para concluir são precisos pelo menos 75 % (8 encontros). Faça Estudando André Luiz I de novo numa próxima turma ou fale com a secretaria.',
    });
    const waiting = await as(newcomer, 'POST', '/api/me/waiting-list/join', {
      course: second.slug,
    });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toBe('prerequisite_missing');
    expect((await enrol(concluded)).statusCode).toBe(200);
    // A course without prerequisites takes anyone.
    expect((await enrol(newcomer, first.groupId)).statusCode).toBe(200);
  });

  it('names every course of the introductory cycle still missing, joined as pt-BR writes a list', async () => {
    const person = (await api.createPeople(1))[0] as string;
    for (const slug of ['conheca-o-espiritismo', 'nosso-lar', 'passe']) {
      await complete(person, slug, true);
    }
    const refused = await enrol(person, institute.groupId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Este curso é para quem concluiu: Corrente e Vibração. Se você já concluiu em outra casa, fale com a secretaria.',
    );
  });

  it("lets Secretaria find a person and 'Liberar inscrição' for one course, recorded", async () => {
    const found = await as(secretaria, 'GET', `/api/staff/people?q=${newcomer}@example.org`);
    expect(found.statusCode).toBe(200);
    expect(found.json().people).toEqual([
      { id: newcomer, name: `Pessoa ${newcomer.slice(0, 8)}`, email: `${newcomer}@example.org` },
    ]);
    const short = await as(secretaria, 'GET', '/api/staff/people?q=ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(
      'Digite o e-mail completo, o celular com DDD ou o nome e o sobrenome da pessoa.',
    );

    const freed = await as(secretaria, 'POST', `/api/staff/courses/${second.slug}/exceptions`, {
      personId: newcomer,
    });
    expect(freed.statusCode).toBe(200);
    expect((await enrol(newcomer)).statusCode).toBe(200);
    // One person, one course: the institute still asks for the cycle.
    expect((await enrol(newcomer, institute.groupId)).statusCode).toBe(409);

    const view = await as(secretaria, 'GET', `/api/staff/courses/${second.slug}/prerequisites`);
    expect(view.json()).toMatchObject({
      required: [{ slug: first.slug, title: first.title }],
      byStaff: false,
      exceptions: [{ personId: newcomer, name: `Pessoa ${newcomer.slice(0, 8)}` }],
    });
    // Coordenação chooses among the 19 other courses.
    const choices = (view.json().choices as { slug: string }[]).map((c) => c.slug);
    expect(choices).toHaveLength(allCourses().length - 1);
    expect(choices).not.toContain(second.slug);
    const [exception] = await recorded('prerequisite.exception');
    expect(exception).toMatchObject({ actorId: secretaria, subjectId: newcomer });
  });

  it('lets Coordenação change a course’s prerequisites (not Secretaria), and back to the default', async () => {
    const url = `/api/staff/courses/${second.slug}/prerequisites`;
    expect((await as(secretaria, 'PUT', url, { required: [] })).statusCode).toBe(403);
    const itself = await as(ADMIN, 'PUT', url, { required: [second.slug] });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe('Um curso não pode ser pré-requisito de si mesmo.');

    const none = await as(ADMIN, 'PUT', url, { required: [] });
    expect(none.json()).toMatchObject({ required: [], byStaff: true });
    const person = (await api.createPeople(1))[0] as string;
    expect((await enrol(person)).statusCode).toBe(200);

    const other = (await api.createPeople(1))[0] as string;
    await as(ADMIN, 'PUT', url, { required: ['passe', first.slug] });
    expect((await enrol(other)).json().message).toBe(
      'Este curso é para quem concluiu: Passe e Estudando André Luiz I. Se você já concluiu em outra casa, fale com a secretaria.',
    );
    const back = await as(ADMIN, 'PUT', url, { required: null });
    expect(back.json()).toMatchObject({ required: [{ slug: first.slug }], byStaff: false });
    const [change] = await recorded('prerequisites.update');
    expect(change?.details).toEqual({
      before: ['passe', first.slug],
      after: [first.slug],
      byStaff: false,
    });
  });

  it('lets Coordenação change one completion with a reason, recorded before and after', async () => {
    const url = `/api/staff/courses/${first.slug}/completions/${firstClass}/${notConcluded}`;
    const noReason = await as(ADMIN, 'POST', url, { concluded: true, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/motivo/);
    const bySecretaria = await as(secretaria, 'POST', url, { concluded: true, reason: 'Atestado' });
    expect(bySecretaria.statusCode).toBe(403);
    const unknown = await as(
      ADMIN,
      'POST',
      `/api/staff/courses/${first.slug}/completions/${firstClass}/${newcomer}`,
      { concluded: true, reason: 'Atestado' },
    );
    expect(unknown.statusCode).toBe(404);

    const changed = await as(ADMIN, 'POST', url, {
      concluded: true,
      reason: 'Reposição das aulas feita',
    });
    expect(changed.statusCode).toBe(200);
    const list = await as(secretaria, 'GET', `/api/staff/courses/${first.slug}/completions`);
    expect(list.json().completions).toContainEqual(
      expect.objectContaining({
        personId: notConcluded,
        classId: firstClass,
        concluded: true,
        reason: 'Reposição das aulas feita',
      }),
    );
    const [change] = await recorded('completion.change');
    expect(change).toMatchObject({
      actorId: ADMIN,
      subjectId: notConcluded,
      details: { class: firstClass, before: false, after: true },
    });
    // Now concluded: the '… II' takes them.
    expect((await enrol(notConcluded)).statusCode).toBe(200);
  });

  it("lets a person of a concluded class of '… I' with 'Concluiu' enrol in '… II' (rows per class)", async () => {
    const [graduate] = (await api.createPeople(1)) as [string];
    expect((await enrol(graduate, first.groupId)).statusCode).toBe(200);
    expect((await enrol(graduate)).json().error).toBe('prerequisite_missing');
    const C = `/api/staff/courses/${first.slug}`;
    // One meeting, past, attended: 'Encerrar turma' gives 'Concluiu'.
    const settings = await as(
      ADMIN,
      'POST',
      `${C}/settings`,
      courseSettings({ places: 30, firstMeeting: '2026-03-03', time: '19:30', count: 1 }),
    );
    expect(settings.statusCode).toBe(200);
    const marked = await as(ADMIN, 'POST', `${C}/attendance/1`, {
      marks: [{ personId: graduate, present: true }],
    });
    expect(marked.statusCode).toBe(200);
    const done = await as(ADMIN, 'POST', `${C}/classes/${firstClass}/conclude`, { confirm: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().completions).toContainEqual({ personId: graduate, concluded: true });
    expect((await enrol(graduate)).statusCode).toBe(200);
  });
});
