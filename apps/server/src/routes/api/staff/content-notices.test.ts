/**
 * Notices ('Avisos', decision 056) through the real server (app.inject) and database:
 * saved through /api/staff/content/notices, validated with pt-BR messages, a stale save refused,
 * and each notice put into the served HTML of its pages only (with its stylesheet in the page's
 * CSP), within its period on a controlled clock: it appears and goes without a save or restart,
 * also on an instance started afterwards, and at the very end of its period (decision 072). The
 * course pages' class hint (decision 070) is put and refreshed by the same checks.
 */
import { createHash, randomUUID } from 'node:crypto';
import { schedule as packagedSchedule } from '@centro/content';
import type { Banner } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../../tests/support/web-root.js';

const NOTICES = '/api/staff/content/notices';
const ADMIN = randomUUID();
const COURSE = '/global-kardec/conheca-o-espiritismo';

const holiday: Banner = {
  title: 'Feriado de Natal',
  text: 'Não haverá reunião na sexta-feira, 25 de dezembro.',
  from: '2026-12-20T00:00',
  until: '2026-12-26T00:00',
  place: 'home',
};
const courseNotice: Banner = {
  title: 'Aula <remarcada>',
  text: 'A aula de terça passa para quarta & quinta.',
  from: '2026-12-01T00:00',
  until: '2027-01-10T00:00',
  place: 'course',
  course: COURSE,
};
const everywhere: Banner = {
  title: 'Recesso',
  text: 'O centro fecha de 25 a 27 de dezembro.',
  from: '2026-12-25T00:00',
  until: '2026-12-28T00:00',
  place: 'everywhere',
};

describe('notices', () => {
  let fixture: FixtureWebRoot;
  let api: TestApi;
  let comunicacao: string;
  // São Paulo, 22 December, noon.
  let clock = new Date('2026-12-22T15:00:00Z');
  const notices = { now: () => clock, checkMs: 50 };

  const as = (person: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const page = async (app: TestApi, url: string) => app.app.inject({ method: 'GET', url });
  const body = async (url: string, app = api) => (await page(app, url)).body;

  beforeAll(async () => {
    fixture = await createFixtureWebRoot({ renderer: true });
    api = await createTestApi({
      fixture,
      env: { ADMIN_EMAILS: `${ADMIN}@example.org` },
      notices,
    });
    await seedPeople(api.app.database.db, [ADMIN]);
    [comunicacao] = (await api.createPeople(1)) as [string];
    const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${comunicacao}@example.org`,
      role: 'comunicacao',
    });
    expect(granted.statusCode).toBe(200);
  });
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });

  it('refuses bad notices with pt-BR messages, and changes nothing', async () => {
    const bad = await as(comunicacao, 'PUT', NOTICES, {
      revision: 0,
      notices: [
        { ...holiday, until: '2026-12-19T00:00' },
        { ...courseNotice, course: '/x/y' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Fim: precisa ser depois do início.');
    const unknownCourse = await as(comunicacao, 'PUT', NOTICES, {
      revision: 0,
      notices: [{ ...courseNotice, course: '/global-kardec/nenhum' }],
    });
    expect(unknownCourse.statusCode).toBe(400);
    expect(unknownCourse.json().message).toContain('Escolha o curso.');
    expect((await as(comunicacao, 'GET', NOTICES)).json()).toEqual({
      revision: 0,
      savedAt: null,
      savedBy: null,
      notices: [],
    });
    expect(await body('/')).not.toContain('class="avisos"');
  });

  it('shows a saved notice on its pages only, within its period', async () => {
    const saved = await as(comunicacao, 'PUT', NOTICES, {
      revision: 0,
      notices: [holiday, courseNotice, everywhere],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      revision: 1,
      notices: [holiday, courseNotice, everywhere],
    });

    const home = await page(api, '/');
    expect(home.body).toContain('<strong>Feriado de Natal</strong> Não haverá reunião');
    expect(home.body).not.toContain('Aula');
    expect(home.body).not.toContain('Recesso');
    // The banner's stylesheet is allowed by the page's own CSP.
    const style = /<style>(\.avisos[^<]*)<\/style>/.exec(home.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(home.headers['content-security-policy']).toContain(`'sha256-${hash}'`);

    const course = await body(COURSE);
    expect(course).toContain(
      '<strong>Aula &lt;remarcada&gt;</strong> A aula de terça passa para quarta &amp; quinta.',
    );
    expect(course).not.toContain('Feriado de Natal');
    expect(await body('/horarios')).not.toContain('class="avisos"');
    expect(await body('/horarios')).toContain('<h1>Página /horarios</h1>');

    // 25 December in São Paulo: the 'every page' notice shows everywhere, without a save.
    clock = new Date('2026-12-25T03:00:00Z');
    await expect.poll(() => body('/horarios'), { timeout: 5000 }).toContain('Recesso');
    expect(await body('/')).toContain('Recesso');
    expect(await body('/')).toContain('Feriado de Natal');
    // A page rendered again for another document keeps its banner.
    const schedule = await as(comunicacao, 'PUT', '/api/staff/content/schedule', {
      revision: 0,
      schedule: packagedSchedule.map((day) =>
        day.day === 'Terça-feira'
          ? { ...day, activities: day.activities.map((a) => ({ ...a, time: '20h' })) }
          : day,
      ),
    });
    expect(schedule.statusCode).toBe(200);
    expect(await body('/horarios')).toContain('<h1>Horários</h1>');
    expect(await body('/horarios')).toContain('<strong>Recesso</strong>');

    // 26 December, midnight in São Paulo: the holiday notice is gone, the others stay.
    clock = new Date('2026-12-26T03:00:00Z');
    await expect.poll(() => body('/'), { timeout: 5000 }).not.toContain('Feriado de Natal');
    expect(await body('/')).toContain('Recesso');
    expect(await body(COURSE)).toContain('Aula &lt;remarcada&gt;');
  });

  // A new instance renders the saved pages at its start, loading the build's renderer: seconds on
  // a busy machine.
  it('refuses a save from an old revision, and an instance started later shows the notices', async () => {
    const stale = await as(comunicacao, 'PUT', NOTICES, { revision: 0, notices: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Outra pessoa alterou esta página enquanto você editava.');

    const next = await createTestApi({ fixture, notices });
    try {
      expect(await body('/', next)).toContain('Recesso');
      expect(await body(COURSE, next)).toContain('Aula &lt;remarcada&gt;');
      expect(await body('/', next)).not.toContain('Feriado de Natal');
    } finally {
      await next.close();
    }
  }, 30_000);
  it('serves each course page with its class hint, which follows the classes without a save (decision 070)', async () => {
    const hint = async () => /<html[^>]*data-turmas="(\d)"/.exec(await body(COURSE))?.[1];
    const slug = COURSE.split('/')[2] as string;
    const setState = (state: 'open' | 'running') =>
      api.app.database.db
        .updateTable('classes')
        .set({ state })
        .where('course_slug', '=', slug)
        .execute();
    expect(await hint()).toBe('1');
    // Its class starts: none listed, the box will say so.
    await setState('running');
    await expect.poll(hint, { timeout: 5000 }).toBe('0');
    await setState('open');
    await expect.poll(hint, { timeout: 5000 }).toBe('1');
    // Not a course page: no hint.
    expect(await body('/horarios')).not.toContain('data-turmas');
  });

  it("renders a course page with its class's meetings once Coordenação saves them, and a second class apart (decision 075)", async () => {
    const slug = COURSE.split('/')[2] as string;
    const settings = {
      places: null,
      inviteCode: null,
      opensAt: null,
      closesAt: null,
      firstMeeting: '2027-11-27',
      time: '19:00',
      count: 10,
      durationMinutes: 120,
      room: 'Salão Bezerra de Menezes',
    };
    const saved = await as(ADMIN, 'POST', `/api/staff/courses/${slug}/settings`, settings);
    expect(saved.statusCode).toBe(200);
    const said =
      'Turma Turma 2026/2: 2027-11-27, saturday, 19:00, 120 min, 10 encontros, Salão Bezerra de Menezes';
    const classLines = async () =>
      [...(await body(COURSE)).matchAll(/<li>(Turma [^<]*)<\/li>/g)].map((m) => m[1]);
    await expect.poll(classLines, { timeout: 5000 }).toEqual([said]);
    // Another course's page stays the build's.
    expect(await body('/global-kardec/passe')).toContain(fixture.markerOf('/global-kardec/passe'));
    // A second class opens (saved on another instance: straight into the database).
    const [first] = await api.app.database.db
      .selectFrom('classes')
      .select(['id', 'name'])
      .where('course_slug', '=', slug)
      .execute();
    expect(first?.name).toBe('Turma 2026/2');
    await api.app.database.db
      .insertInto('classes')
      .values({
        id: randomUUID(),
        course_slug: slug,
        name: 'Turma 2028/1',
        places: 20,
        places_by_staff: 1,
        state: 'open',
        invite_code: null,
        enrolment_opens_at: null,
        enrolment_closes_at: null,
        first_meeting: '2028-03-07',
        meeting_weekday: 'tuesday',
        meeting_time: '20:00',
        meeting_count: 8,
        meeting_duration_minutes: 90,
        meeting_room: 'Sala 2',
        created_at: '2099-01-01T00:00:00.000Z',
        updated_at: '2099-01-01T00:00:00.000Z',
      })
      .execute();
    await expect
      .poll(classLines, { timeout: 5000 })
      .toEqual([
        said,
        'Turma Turma 2028/1: 2028-03-07, tuesday, 20:00, 90 min, 8 encontros, Sala 2',
      ]);
  });

  it('takes a notice down at the end of its period, long before the next periodic check', async () => {
    // 'Recesso' ends on 28 December at midnight in São Paulo; this instance's clock moves with
    // the real one and its periodic check is an hour away.
    const end = Date.parse('2026-12-28T03:00:00Z');
    let offset = 0;
    const moving = await createTestApi({
      fixture,
      notices: { now: () => new Date(Date.now() + offset), checkMs: 3_600_000 },
    });
    try {
      // Five seconds before the end, the notices are saved again on this instance.
      offset = end - 5_000 - Date.now();
      const saved = await moving.app.inject({
        method: 'PUT',
        url: NOTICES,
        headers: { authorization: `Bearer ${moving.tokenFor(comunicacao)}` },
        payload: { revision: 1, notices: [courseNotice, everywhere] },
      });
      expect(saved.statusCode).toBe(200);
      expect(await body('/', moving)).toContain('Recesso');
      await expect.poll(() => body('/', moving), { timeout: 10_000 }).not.toContain('Recesso');
      expect(Date.now() + offset).toBeGreaterThanOrEqual(end);
      expect(await body(COURSE, moving)).toContain('Aula &lt;remarcada&gt;');
    } finally {
      await moving.close();
    }
  }, 30_000);
});
