/**
 * A course's classes in the staff area through the real server and
 * database: 'Nova turma' creates a planned class prefilled from the latest one, a term later and
 * with no place taken; 'Encerrar turma' gives each participant 'Concluiu' (attendance at least
 * 75 %) or 'Não concluiu', the class takes no more enrolments and holds no places; Secretaria sees
 * the classes but cannot create or conclude one, and concluding twice is refused, in Portuguese.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { ACCOUNT_DELETE_CONFIRMATION, type StaffTermProposalResponse } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const pgDatabase = await createPostgresTestDatabase('staff_classes');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const course = allCourses()[0] as ReturnType<typeof allCourses>[number];
const ADMIN = randomUUID();
const C = `/api/staff/courses/${course.slug}`;

interface StaffClass {
  id: string;
  name: string;
  state: string;
  places: number;
  taken: number;
  firstMeeting: string | null;
}

describe.each(targets)('a course’s classes on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let secretaria: string;
  let above: string;
  let below: string;
  let newcomer: string;

  const as = (who: string, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(who)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const enrol = (person: string, turma?: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: {
        group: course.groupId,
        user: person,
        token: api.tokenFor(person),
        ...(turma ? { turma } : {}),
      },
    });
  const classesAs = async (who: string) =>
    (await as(who, 'GET', `${C}/classes`)).json().classes as StaffClass[];

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
    [secretaria, above, below, newcomer] = (await api.createPeople(4)) as [
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
    for (const p of [above, below]) expect((await enrol(p)).statusCode).toBe(200);
    // Four meetings, all past: 'above' at three (75 %), 'below' at two (50 %).
    const settings = await as(
      ADMIN,
      'POST',
      `${C}/settings`,
      courseSettings({ places: 30, firstMeeting: '2026-03-03', time: '19:30', count: 4 }),
    );
    expect(settings.statusCode).toBe(200);
    for (const meeting of [1, 2, 3, 4]) {
      const marked = await as(ADMIN, 'POST', `${C}/attendance/${meeting}`, {
        marks: [
          { personId: above, present: meeting <= 3 },
          { personId: below, present: meeting <= 2 },
        ],
      });
      expect(marked.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await api.close();
  });

  it('lets Secretaria see the classes but not create or conclude one (403, in Portuguese)', async () => {
    const [only] = await classesAs(secretaria);
    expect(only).toMatchObject({ state: 'open', places: 30, taken: 2, firstMeeting: '2026-03-03' });
    const created = await as(secretaria, 'POST', `${C}/classes`, {});
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toMatch(/Coordenação/);
    const concluded = await as(secretaria, 'POST', `${C}/classes/${only?.id}/conclude`, {
      confirm: true,
    });
    expect(concluded.statusCode).toBe(403);
    expect(await classesAs(ADMIN)).toHaveLength(1);
  });

  it('creates a planned class a term later with no place taken, then concludes the old one', async () => {
    const [old] = await classesAs(ADMIN);
    // What 'Preparar próximo semestre' proposes for the course (decision 105).
    const table = (
      await as(ADMIN, 'GET', '/api/staff/next-term')
    ).json<StaffTermProposalResponse>();
    const row = table.courses.find((c) => c.slug === course.slug)?.proposal;
    const created = await as(ADMIN, 'POST', `${C}/classes`, {});
    expect(created.statusCode).toBe(200);
    const next = created.json().class as StaffClass;
    expect(next).toMatchObject({ name: row?.name, state: 'planned', places: 30, taken: 0 });
    expect(next.firstMeeting).toBe(row?.firstMeeting);
    const named = await as(ADMIN, 'POST', `${C}/classes`, { name: 'Turma de sábado', places: 12 });
    expect(named.json().class).toMatchObject({ name: 'Turma de sábado', places: 12, taken: 0 });

    const unconfirmed = await as(ADMIN, 'POST', `${C}/classes/${old?.id}/conclude`, {});
    expect(unconfirmed.statusCode).toBe(400);
    const concluded = await as(ADMIN, 'POST', `${C}/classes/${old?.id}/conclude`, {
      confirm: true,
    });
    expect(concluded.statusCode).toBe(200);
    expect(concluded.json().completions).toEqual(
      expect.arrayContaining([
        { personId: above, concluded: true },
        { personId: below, concluded: false },
      ]),
    );
    const stored = await api.app.database.db
      .selectFrom('completions')
      .select(['person_id', 'concluded', 'course_slug'])
      .where('class_id', '=', old?.id as string)
      .orderBy('concluded', 'desc')
      .execute();
    expect(stored).toEqual([
      { person_id: above, concluded: 1, course_slug: course.slug },
      { person_id: below, concluded: 0, course_slug: course.slug },
    ]);
    const recorded = await api.app.database.db
      .selectFrom('staff_actions')
      .select('action')
      .where('action', 'in', ['class.create', 'class.conclude'])
      .execute();
    expect(recorded.map((r) => r.action).sort()).toEqual([
      'class.conclude',
      'class.create',
      'class.create',
    ]);

    // The course's group holds the people of its active classes (decision 060).
    const members = await api.app.database.db
      .selectFrom('directory_memberships')
      .select('user_id')
      .where('group_id', '=', course.groupId.toLowerCase())
      .execute();
    expect(members.map((m) => m.user_id)).not.toContain(above);
    expect(members.map((m) => m.user_id)).not.toContain(below);

    const after = await classesAs(secretaria);
    expect(after.find((c) => c.id === old?.id)).toMatchObject({ state: 'concluded', taken: 0 });
    const refused = await enrol(newcomer, old?.id);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const enrolled = await api.app.database.db
      .selectFrom('enrolments')
      .select('user_id')
      .where('user_id', '=', newcomer)
      .execute();
    expect(enrolled).toEqual([]);
  });

  it('refuses concluding a class twice (409, in Portuguese) and changes nothing', async () => {
    const old = (await classesAs(ADMIN)).find((c) => c.state === 'concluded');
    const again = await as(ADMIN, 'POST', `${C}/classes/${old?.id}/conclude`, { confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'class_concluded',
      message: 'Esta turma já foi encerrada.',
    });
    const rows = await api.app.database.db.selectFrom('completions').select('person_id').execute();
    expect(rows).toHaveLength(2);
    const unknown = await as(ADMIN, 'POST', `${C}/classes/${randomUUID()}/conclude`, {
      confirm: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a date that is no day of the calendar, or out of 2000–2100, beside its field', async () => {
    const before = (await classesAs(ADMIN)).length;
    const SETTINGS = courseSettings({
      places: 30,
      firstMeeting: '2027-03-02',
      time: '19:30',
      count: 2,
    });
    // 13/45 used to be stored as 14/02/2028; year 9999 made 'Nova turma' propose a class in 10000
    // whose opening, compared as text, came before today; year 0026 counted as 1926.
    const refused = [
      await as(ADMIN, 'POST', `${C}/classes`, { opensAt: '2027-13-45T10:00' }),
      await as(ADMIN, 'POST', `${C}/classes`, { firstMeeting: '9999-12-28' }),
      await as(ADMIN, 'POST', `${C}/settings`, { ...SETTINGS, closesAt: '2027-02-30T10:00' }),
      await as(ADMIN, 'POST', `${C}/settings`, { ...SETTINGS, firstMeeting: '0026-03-03' }),
    ];
    expect(refused.map((r) => [r.statusCode, r.json().field])).toEqual([
      [400, 'opensAt'],
      [400, 'firstMeeting'],
      [400, 'closesAt'],
      [400, 'firstMeeting'],
    ]);
    for (const r of refused) expect(r.json().message).toBe('Use uma data entre 2000 e 2100.');
    expect(await classesAs(ADMIN)).toHaveLength(before);
  });

  it('refuses a first meeting that puts the class past its retention (a year mistyped), beside its field', async () => {
    // RETENTION_MONTHS_AFTER_COURSE at its default, 24, on an instance of its own (the file's
    // other tests save fixed dates, and run with a longer period: createTestApi): 30 months ago is
    // past it, 12 is not.
    const coordinator = `guard-${randomUUID()}`;
    const guarded = await createTestApi({
      databaseUrl,
      env: { ADMIN_EMAILS: `${coordinator}@example.org`, RETENTION_MONTHS_AFTER_COURSE: '24' },
    });
    await seedPeople(guarded.app.database.db, [coordinator]);
    const asCoordinator = (method: 'GET' | 'POST', url: string, body?: object) =>
      guarded.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${guarded.tokenFor(coordinator)}` },
        ...(body === undefined ? {} : { payload: body }),
      });
    const classesNow = async () =>
      (await asCoordinator('GET', `${C}/classes`)).json().classes as StaffClass[];
    try {
      const monthsAgo = (months: number) => {
        const date = new Date();
        date.setUTCDate(1);
        date.setUTCMonth(date.getUTCMonth() - months);
        return date.toISOString().slice(0, 10);
      };
      const SETTINGS = courseSettings({ places: 30, time: '19:30', count: 4 });
      const message =
        'Com essa data, os dados da turma já estariam fora do prazo de guarda e seriam anonimizados. Confira o ano.';
      const classesBefore = await classesNow();
      const settingsBefore = (await asCoordinator('GET', `${C}/settings`)).json();
      const refused = [
        await asCoordinator('POST', `${C}/settings`, { ...SETTINGS, firstMeeting: monthsAgo(30) }),
        await asCoordinator('POST', `${C}/classes`, { firstMeeting: monthsAgo(30) }),
      ];
      for (const r of refused) {
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({ error: 'invalid_request', message, field: 'firstMeeting' });
      }
      expect((await asCoordinator('GET', `${C}/settings`)).json()).toEqual(settingsBefore);
      expect(await classesNow()).toEqual(classesBefore);
      const accepted = await asCoordinator('POST', `${C}/settings`, {
        ...SETTINGS,
        firstMeeting: monthsAgo(12),
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().settings.firstMeeting).toBe(monthsAgo(12));
    } finally {
      await guarded.close();
    }
  });

  it('keeps a completion while the account exists and deletes it with the account', async () => {
    const deleted = await as(below, 'POST', '/api/me/delete', {
      confirmation: ACCOUNT_DELETE_CONFIRMATION,
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await api.app.database.db
      .selectFrom('completions')
      .select(['person_id', 'concluded'])
      .execute();
    expect(rows).toEqual([{ person_id: above, concluded: 1 }]);
  });
});
