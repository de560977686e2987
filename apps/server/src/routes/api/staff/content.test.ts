/**
 * The site's content through the real server (app.inject) and database (decision 054):
 * the 'Comunicação' role (content only), the weekly schedule read and saved, validation with pt-BR
 * messages, a stale save refused with nothing overwritten, and a save published at once: the served
 * /horarios page (rendered again by the build's renderer, with its own CSP) and /agenda.ics, on this
 * instance, on an instance started afterwards, and on a second instance on the same PostgreSQL.
 */
import { createHash, randomUUID } from 'node:crypto';
import { schedule as packagedSchedule } from '@centro/content';
import type { StaffScheduleResponse } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../../tests/support/web-root.js';

const pgDatabase = await createPostgresTestDatabase('staff_content');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const SCHEDULE = '/api/staff/content/schedule';
const ADMIN = randomUUID();

/** The packaged schedule with Tuesday's meeting moved to 20h. */
function tuesdayAt20h() {
  return packagedSchedule.map((day) =>
    day.day === 'Terça-feira'
      ? { ...day, activities: day.activities.map((a) => ({ ...a, time: '20h' })) }
      : day,
  );
}

describe.each(targets)('the site content on $dialect', ({ dialect, databaseUrl }) => {
  let fixture: FixtureWebRoot;
  let api: TestApi;
  /** The first instance was closed by a test (a restart on SQLite). */
  let closed = false;
  let comunicacao: string;
  let secretaria: string;
  let participant: string;

  const as = (person: string | null, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: person === null ? {} : { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const grant = async (person: string, role: string) =>
    expect(
      (await as(ADMIN, 'POST', '/api/staff/roles/grant', { email: `${person}@example.org`, role }))
        .statusCode,
    ).toBe(200);

  beforeAll(async () => {
    fixture = await createFixtureWebRoot({ renderer: true });
    api = await createTestApi({
      databaseUrl,
      fixture,
      env: { ADMIN_EMAILS: `${ADMIN}@example.org` },
    });
    await seedPeople(api.app.database.db, [ADMIN]);
    [comunicacao, secretaria, participant] = (await api.createPeople(3)) as [
      string,
      string,
      string,
    ];
    await grant(comunicacao, 'comunicacao');
    await grant(secretaria, 'secretaria');
  });
  afterAll(async () => {
    if (!closed) await api.close();
    await fixture.cleanup();
  });

  it('lets Comunicação and Coordenação edit the content, and Comunicação nothing else', async () => {
    expect((await as(null, 'GET', SCHEDULE)).statusCode).toBe(401);
    const byParticipant = await as(participant, 'GET', SCHEDULE);
    expect(byParticipant.statusCode).toBe(403);
    expect(byParticipant.json().message).toBe('Esta área é só para a equipe do centro.');
    const bySecretaria = await as(secretaria, 'PUT', SCHEDULE, {
      revision: 0,
      schedule: packagedSchedule,
    });
    expect(bySecretaria.statusCode).toBe(403);
    expect(bySecretaria.json()).toEqual({
      error: 'forbidden',
      message: 'Só a Coordenação e a Comunicação podem alterar o conteúdo do site.',
    });
    expect((await as(ADMIN, 'GET', SCHEDULE)).statusCode).toBe(200);

    const fresh = await as(comunicacao, 'GET', SCHEDULE);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      revision: 0,
      savedAt: null,
      savedBy: null,
      schedule: packagedSchedule,
    });
    expect((await as(comunicacao, 'GET', '/api/staff/me')).json().roles).toEqual(['comunicacao']);

    // No participant data, no course settings, no roles, no record. Where Secretaria may go, the
    // refusal does not say that only Coordenação may.
    const slug = 'passe';
    const byRole = { error: 'forbidden', message: 'Sua função não permite acessar esta área.' };
    const coordinationOnly = { error: 'forbidden', message: 'Só a Coordenação pode fazer isso.' };
    for (const [url, refusal] of [
      ['/api/staff/courses', byRole],
      [`/api/staff/courses/${slug}/participants`, byRole],
      [`/api/staff/courses/${slug}/export.csv`, byRole],
      [`/api/staff/courses/${slug}/export.xlsx`, byRole],
      [`/api/staff/courses/${slug}/attendance/1`, byRole],
      [`/api/staff/courses/${slug}/settings`, coordinationOnly],
      ['/api/staff/roles', coordinationOnly],
      ['/api/staff/actions', coordinationOnly],
    ] as const) {
      const refused = await as(comunicacao, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(refusal);
    }
  });

  it('refuses an invalid schedule with a pt-BR message, and changes nothing', async () => {
    const bad = (change: (days: ReturnType<typeof tuesdayAt20h>) => unknown) =>
      as(comunicacao, 'PUT', SCHEDULE, { revision: 0, schedule: change(tuesdayAt20h()) });
    const cases: [string, (days: ReturnType<typeof tuesdayAt20h>) => unknown][] = [
      [
        'Link inválido: use um endereço https:, mailto:, tel: ou uma página do site (/...).',
        (days) => [{ ...days[0], questionLink: 'javascript:alert(1)' }, ...days.slice(1)],
      ],
      [
        'Título: no máximo 120 caracteres.',
        (days) => [
          { ...days[0], activities: [{ time: '09h', title: 'x'.repeat(121) }] },
          ...days.slice(1),
        ],
      ],
      [
        'Horário no formato 19h30 ou 09h.',
        (days) => [
          { ...days[0], activities: [{ time: '25h', title: 'Reunião' }] },
          ...days.slice(1),
        ],
      ],
      ['Cada dia da semana pode aparecer só uma vez.', (days) => [days[0], ...days]],
    ];
    for (const [message, change] of cases) {
      const answer = await bad(change);
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json()).toEqual({ error: 'invalid_request', message, field: 'schedule' });
    }
    expect((await as(comunicacao, 'GET', SCHEDULE)).json().revision).toBe(0);
  });

  it('publishes a saved schedule on /horarios and /agenda.ics at once, without a restart', async () => {
    const before = await api.app.inject({ method: 'GET', url: '/horarios' });
    expect(before.body).toContain(fixture.markerOf('/horarios'));
    const agendaBefore = (await api.app.inject({ method: 'GET', url: '/agenda.ics' })).body;
    expect(agendaBefore).toContain('DTSTART;TZID=America/Sao_Paulo:20260106T193000');

    const saved = await as(comunicacao, 'PUT', SCHEDULE, {
      revision: 0,
      schedule: [
        ...tuesdayAt20h(),
        {
          day: 'Quinta-feira',
          activities: [{ time: '10h', title: 'Evangelização <Infantil>' }],
          whatsappTopic: 'Evangelização Infantil',
          questionLink: '/contato',
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<StaffScheduleResponse>();
    expect(body).toMatchObject({ revision: 1, savedBy: expect.any(String) });
    expect(body.schedule.at(-1)?.day).toBe('Quinta-feira');

    const page = await api.app.inject({ method: 'GET', url: '/horarios' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<li>Terça-feira, 20h: Reunião Pública</li>');
    expect(page.body).toContain('<li>Quinta-feira, 10h: Evangelização &#60;Infantil&#62;</li>');
    expect(page.body).not.toContain(fixture.markerOf('/horarios'));
    // The new page's inline script is allowed by its own CSP; the other pages are the build's.
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    const compressed = await api.app.inject({
      method: 'GET',
      url: '/horarios',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).not.toBe(before.headers.etag);
    expect((await api.app.inject({ method: 'GET', url: '/' })).body).toContain(
      fixture.markerOf('/'),
    );

    const agenda = (await api.app.inject({ method: 'GET', url: '/agenda.ics' })).body;
    expect(agenda).toContain('DTSTART;TZID=America/Sao_Paulo:20260106T200000');
    expect(agenda).not.toContain('DTSTART;TZID=America/Sao_Paulo:20260106T193000');
    expect(agenda).toContain('DTSTART;TZID=America/Sao_Paulo:20260108T100000');

    const sitemap = (await api.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`/horarios</loc><lastmod>${body.savedAt}</lastmod></url>`);
    expect(sitemap).toMatch(/<loc>[^<]*\/contato<\/loc><\/url>/);

    const actions = (await as(ADMIN, 'GET', '/api/staff/actions?action=content.save')).json()
      .actions as {
      action: string;
    }[];
    expect(actions[0]).toMatchObject({ action: 'content.save' });
  });

  it('refuses a save made from an older revision, keeping the newer one', async () => {
    const stale = await as(ADMIN, 'PUT', SCHEDULE, { revision: 0, schedule: packagedSchedule });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'content_stale',
      message: 'Outra pessoa alterou esta página enquanto você editava.',
    });
    const current = (await as(ADMIN, 'GET', SCHEDULE)).json<StaffScheduleResponse>();
    expect(current.revision).toBe(1);
    expect(current.schedule.at(-1)?.day).toBe('Quinta-feira');
    expect((await api.app.inject({ method: 'GET', url: '/horarios' })).body).toContain(
      'Terça-feira, 20h',
    );
  });

  // A new instance renders the saved pages at its start, loading the build's renderer: seconds on
  // a busy machine.
  it('serves the saved schedule from an instance started afterwards', async () => {
    // On SQLite (one instance in production) the next instance is a restart: the first closes
    // first. Both would share this test's one thread, and better-sqlite3 waits for the file's write
    // lock synchronously: a write of the first left open across an await (its outbox, its jobs)
    // would then hold the second for the whole busy timeout and fail it ('database is locked').
    if (dialect === 'sqlite') {
      await api.close();
      closed = true;
    }
    const next = await createTestApi({ databaseUrl, fixture });
    try {
      expect((await next.app.inject({ method: 'GET', url: '/horarios' })).body).toContain(
        'Terça-feira, 20h',
      );
      expect((await next.app.inject({ method: 'GET', url: '/agenda.ics' })).body).toContain(
        '20260106T200000',
      );
    } finally {
      await next.app.close();
    }
  }, 30_000);

  it.runIf(dialect === 'postgres')(
    'shows a save made on one instance on the other within seconds',
    async () => {
      const other = await createTestApi({ databaseUrl, fixture });
      try {
        const saved = await as(comunicacao, 'PUT', SCHEDULE, {
          revision: 1,
          schedule: packagedSchedule,
        });
        expect(saved.statusCode).toBe(200);
        await expect
          .poll(async () => (await other.app.inject({ method: 'GET', url: '/horarios' })).body, {
            timeout: 6000,
            interval: 250,
          })
          .toContain('Terça-feira, 19h30');
        expect((await other.app.inject({ method: 'GET', url: '/agenda.ics' })).body).toContain(
          '20260106T193000',
        );
      } finally {
        await other.app.close();
      }
    },
    20_000,
  );
});
