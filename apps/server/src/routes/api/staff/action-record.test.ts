/**
 * The record of staff actions through the real server and database, on SQLite and PostgreSQL
 * (decision 049): a staff member's name stays on their actions after
 * their account is deleted, repeated views are one counted row, the record is paged and filtered,
 * a settings change says what changed, participants are named, and the refusals of the record's filters.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { ACCOUNT_DELETE_CONFIRMATION } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const pgDatabase = await createPostgresTestDatabase('staff_record');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const [course, other, third] = allCourses() as [
  ReturnType<typeof allCourses>[number],
  ReturnType<typeof allCourses>[number],
  ReturnType<typeof allCourses>[number],
];
const C = `/api/staff/courses/${course.slug}`;

interface Row {
  id: string;
  at: string;
  lastAt: string;
  count: number;
  actorId: string;
  actorName: string;
  actorEmail: string | null;
  action: string;
  course: string | null;
  subjectId: string | null;
  subjectName: string | null;
  details: Record<string, unknown>;
}
interface Page {
  actions: Row[];
  next: string | null;
  places: { at: string; kind: string; personId: string; name: string | null }[] | null;
  actors: { id: string; name: string; email: string | null }[];
}

describe.each(targets)('the staff record on $dialect', ({ databaseUrl }) => {
  const ADMIN = randomUUID();
  let api: TestApi;

  const as = (person: string, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const page = async (query = '') => {
    const answer = await as(ADMIN, 'GET', `/api/staff/actions${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Page>();
  };
  const grant = async (person: string, role: 'secretaria' | 'coordenacao') =>
    expect(
      (
        await as(ADMIN, 'POST', '/api/staff/roles/grant', {
          email: `${person}@example.org`,
          role,
        })
      ).statusCode,
    ).toBe(200);

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
  });
  afterAll(async () => {
    await api.close();
  });

  it(
    'keeps a deleted Secretaria’s name on her export; 1005 views are one counted row',
    { timeout: 60_000 },
    async () => {
      const [secretaria, participant] = (await api.createPeople(2)) as [string, string];
      await api.app.database.db
        .updateTable('accounts')
        .set({ display_name: 'Sílvia Secretária' })
        .where('id', '=', secretaria)
        .execute();
      await grant(secretaria, 'secretaria');
      const enrol = await api.app.inject({
        method: 'POST',
        url: '/api/group/add',
        payload: { group: course.groupId, user: participant, token: api.tokenFor(participant) },
      });
      expect(enrol.statusCode).toBe(200);
      expect((await as(secretaria, 'GET', `${C}/export.csv`)).statusCode).toBe(200);
      // She deletes her own account (she is no coordinator: nothing refuses it).
      const deleted = await as(secretaria, 'POST', '/api/me/delete', {
        confirmation: ACCOUNT_DELETE_CONFIRMATION,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);

      // 1005 overview views in a row, some at once: one row, counted.
      for (let i = 0; i < 1005; i += 15) {
        const batch = Array.from({ length: Math.min(15, 1005 - i) }, () =>
          as(ADMIN, 'GET', '/api/staff/courses'),
        );
        for (const answer of await Promise.all(batch)) expect(answer.statusCode).toBe(200);
      }
      const first = await page();
      const views = first.actions.filter((a) => a.action === 'overview.view');
      expect(views.reduce((n, a) => n + a.count, 0)).toBe(1005);
      expect(views.length).toBeLessThanOrEqual(15);
      const exported = first.actions.find((a) => a.action === 'export.csv');
      expect(exported).toMatchObject({
        actorId: secretaria,
        actorName: 'Sílvia Secretária',
        actorEmail: `${secretaria}@example.org`,
        course: course.slug,
      });
      // What was done to her is about a deleted account now.
      expect(
        first.actions.find((a) => a.action === 'role.grant' && a.subjectId?.startsWith('anonimo-')),
      ).toMatchObject({ subjectName: 'Conta excluída' });
      // She stays a staff member one can filter by, by name.
      expect(first.actors).toContainEqual({
        id: secretaria,
        name: 'Sílvia Secretária',
        email: `${secretaria}@example.org`,
      });
      const hers = await page(`?actor=${secretaria}`);
      expect(hers.actions.map((a) => a.action).sort()).toEqual(['export.csv']);
      // Her deletion is there too, by nobody the record can name.
      expect(first.actions.find((a) => a.action === 'account.delete')).toMatchObject({
        actorName: 'Conta excluída',
      });
    },
  );

  it('pages the record and filters it by action, course and participant', async () => {
    const [a, b] = (await api.createPeople(2)) as [string, string];
    await grant(a, 'secretaria');
    await grant(b, 'secretaria');
    expect((await as(ADMIN, 'GET', `/api/staff/courses/${other.slug}/settings`)).statusCode).toBe(
      200,
    );
    const all: Row[] = [];
    let next: string | null = '';
    let pages = 0;
    while (next !== null) {
      const p: Page = await page(`?limit=2&action=role.grant${next ? `&before=${next}` : ''}`);
      expect(p.actions.length).toBeLessThanOrEqual(2);
      all.push(...p.actions);
      next = p.next;
      pages++;
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.every((r) => r.action === 'role.grant')).toBe(true);
    const times = all.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());
    // The participant filter finds the grants to `a`, named, never as an id alone.
    const aboutA = await page(`?person=${a}`);
    expect(aboutA.actions).toEqual([
      expect.objectContaining({
        action: 'role.grant',
        subjectId: a,
        subjectName: `Pessoa ${a.slice(0, 8)}`,
      }),
    ]);
    const onOther = await page(`?course=${other.slug}`);
    // Reading the record about a course is itself recorded about that course.
    expect(onOther.actions.map((r) => r.action)).toEqual(['actions.view', 'settings.view']);
    // The default page is 50 rows.
    for (let i = 0; i < 55; i++) {
      await as(ADMIN, 'GET', `/api/staff/courses/${course.slug}/attendance/${(i % 2) + 1}`);
    }
    const full = await page();
    expect(full.actions).toHaveLength(50);
    expect(full.next).not.toBeNull();
  });

  it('refuses bad filters with a pt-BR message', async () => {
    for (const [query, message] of [
      ['?limit=0', 'Quantidade de linhas inválida: use um número de 1 a 200.'],
      ['?limit=abc', 'Quantidade de linhas inválida: use um número de 1 a 200.'],
      ['?action=account.steal', 'Tipo de ação desconhecido no filtro.'],
      ['?before=ontem', 'Posição do registro inválida: recarregue a página.'],
      ['?course=Curso%20X', 'Curso inválido no filtro.'],
      ['?quem=eu', 'Campo não permitido: "quem".'],
    ] as const) {
      const answer = await as(ADMIN, 'GET', `/api/staff/actions${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toEqual({ error: 'invalid_request', message });
    }
  });

  it('says which settings changed, before and after; refuses a room with line breaks', async () => {
    const first = await as(
      ADMIN,
      'POST',
      `${other.slug === '' ? '' : `/api/staff/courses/${other.slug}`}/settings`,
      courseSettings({ places: 40, room: 'Sala 2' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await as(
      ADMIN,
      'POST',
      `/api/staff/courses/${other.slug}/settings`,
      courseSettings({ places: 45, room: 'Sala 2', time: '19:30' }),
    );
    expect(second.statusCode, second.body).toBe(200);
    const updates = (await page(`?action=settings.update&course=${other.slug}`)).actions;
    expect(updates.map((u) => u.details.changes)).toEqual([
      [
        { field: 'places', before: 40, after: 45 },
        { field: 'time', before: null, after: '19:30' },
      ],
      [
        { field: 'places', before: null, after: 40 },
        { field: 'room', before: null, after: 'Sala 2' },
      ],
    ]);
    for (const room of ['Sala 1\r\nBcc: x', 'Sala\t1', 'Sala\u00071', 'Sala\u202E1']) {
      const refused = await as(
        ADMIN,
        'POST',
        `/api/staff/courses/${other.slug}/settings`,
        courseSettings({ room }),
      );
      expect(refused.statusCode, JSON.stringify(room)).toBe(400);
      expect(refused.json()).toEqual({
        error: 'invalid_request',
        message: 'A sala não pode ter quebras de linha nem caracteres de controle.',
        field: 'room',
      });
    }
    const now = await as(ADMIN, 'GET', `/api/staff/courses/${other.slug}/settings`);
    expect(now.json().settings.room).toBe('Sala 2');
  });

  it('refuses revoking the ADMIN_EMAILS coordinator, and records nothing', async () => {
    const before = await api.app.database.db
      .selectFrom('staff_actions')
      .select('id')
      .where('action', '=', 'role.revoke')
      .execute();
    const revoke = await as(ADMIN, 'POST', '/api/staff/roles/revoke', {
      personId: ADMIN,
      role: 'coordenacao',
    });
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json()).toEqual({
      error: 'role_from_admin_emails',
      message:
        'Esta pessoa é Coordenação porque o e-mail dela está em ADMIN_EMAILS, na configuração do servidor: a função só pode ser retirada tirando o e-mail de lá.',
    });
    const after = await api.app.database.db
      .selectFrom('staff_actions')
      .select('id')
      .where('action', '=', 'role.revoke')
      .execute();
    expect(after).toEqual(before);
  });

  it('refuses deleting the account of the only Coordenação, as revoking is', async () => {
    const refused = await as(ADMIN, 'POST', '/api/me/delete', {
      confirmation: ACCOUNT_DELETE_CONFIRMATION,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'last_coordinator',
      message:
        'Você é a única pessoa na Coordenação: conceda a função a outra pessoa antes de excluir a sua conta.',
    });
    expect(
      await api.app.database.db
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', ADMIN)
        .execute(),
    ).toHaveLength(1);
    // With a second coordinator, the granted one may go.
    const [second] = (await api.createPeople(1)) as [string];
    await grant(second, 'coordenacao');
    const gone = await as(second, 'POST', '/api/me/delete', {
      confirmation: ACCOUNT_DELETE_CONFIRMATION,
    });
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('shows what participants and the waiting list did to a course’s places', async () => {
    const [ana, bruno, carla] = (await api.createPeople(3)) as [string, string, string];
    const base = `/api/staff/courses/${third.slug}`;
    expect(
      (await as(ADMIN, 'POST', `${base}/settings`, courseSettings({ places: 1 }))).statusCode,
    ).toBe(200);
    const enrol = await api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: third.groupId, user: ana, token: api.tokenFor(ana) },
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    for (const person of [bruno, carla]) {
      const join = await as(person, 'POST', '/api/me/waiting-list/join', { course: third.slug });
      expect(join.statusCode, join.body).toBe(200);
    }
    const cancel = await as(ana, 'POST', '/api/me/enrolments/cancel', { course: third.slug });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const seen = await page(`?course=${third.slug}`);
    expect(seen.places?.map((p) => [p.kind, p.name])).toEqual([
      ['promoted', `Pessoa ${bruno.slice(0, 8)}`],
      ['waiting', `Pessoa ${carla.slice(0, 8)}`],
    ]);
    // Only with a course, and narrowed by a person.
    expect((await page()).places).toBeNull();
    expect((await page(`?course=${third.slug}&person=${carla}`)).places).toEqual([
      expect.objectContaining({ kind: 'waiting', personId: carla }),
    ]);
  });
});
