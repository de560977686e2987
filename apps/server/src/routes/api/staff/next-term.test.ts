/**
 * 'Preparar próximo semestre' through the real server and database: Coordenação sees every
 * course's class for the next term proposed (a term later, same weekday, time and room, no invite),
 * a wrong row is refused in Portuguese with nothing created, the confirmed table creates every
 * course's planned class once (the same key again, or a new confirmation, creates none) and the
 * record keeps one row; Secretaria may not. 'Nova turma' proposes each course the same class.
 */
import { randomUUID } from 'node:crypto';
import { addDays, allCourses, weekdayOf } from '@centro/content';
import type { StaffTermProposalResponse } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { courseSettings } from '../../../../tests/support/course-settings.js';

const pgDatabase = await createPostgresTestDatabase('staff_next_term');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const ADMIN = randomUUID();
const PATH = '/api/staff/next-term';
const courses = allCourses();

describe.each(targets)('preparing the next term on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let secretaria: string;

  const as = (who: string, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(who)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const plannedCount = async () =>
    Number(
      (
        await api.app.database.db
          .selectFrom('classes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', 'planned')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
    [secretaria] = (await api.createPeople(1)) as [string];
    const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${secretaria}@example.org`,
      role: 'secretaria',
    });
    expect(granted.statusCode).toBe(200);
  });
  afterAll(async () => {
    await api.close();
  });

  it('prefills ‘Nova turma’ with the course’s row of the table, its window as far ahead', async () => {
    const first = courses[0];
    const C = `/api/staff/courses/${first?.slug}`;
    const [latest] = (await as(ADMIN, 'GET', `${C}/classes`)).json().classes;
    const meeting: string = latest.meetings.firstMeeting;
    // Opening a week before the first meeting, closing the day before at noon.
    const settings = await as(
      ADMIN,
      'POST',
      `${C}/settings`,
      courseSettings({
        opensAt: `${addDays(meeting, -7)}T09:00`,
        closesAt: `${addDays(meeting, -1)}T12:00`,
      }),
    );
    expect(settings.statusCode).toBe(200);
    const table = (await as(ADMIN, 'GET', PATH)).json<StaffTermProposalResponse>();
    for (const row of table.courses) {
      const { proposal } = (
        await as(ADMIN, 'GET', `/api/staff/courses/${row.slug}/classes`)
      ).json();
      expect(proposal).toEqual({
        name: row.proposal?.name,
        places: row.proposal?.places,
        opensAt: row.proposal?.opensAt,
        closesAt: row.proposal?.closesAt,
        firstMeeting: row.proposal?.firstMeeting,
      });
    }
    const row = table.courses.find((c) => c.slug === first?.slug)?.proposal;
    expect(row?.opensAt).toBe(`${addDays(row?.firstMeeting ?? '', -7)}T09:00`);
    expect(row?.closesAt).toBe(`${addDays(row?.firstMeeting ?? '', -1)}T12:00`);
  });

  it('proposes, refuses a wrong row, creates every course’s class once, and records it', async () => {
    const refused = await as(secretaria, 'GET', PATH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Coordenação/);

    const proposed = await as(ADMIN, 'GET', PATH);
    expect(proposed.statusCode).toBe(200);
    const { term, key, courses: rows } = proposed.json<StaffTermProposalResponse>();
    expect(rows).toHaveLength(courses.length);
    for (const row of rows) {
      const course = courses.find((c) => c.slug === row.slug);
      expect(row.status).toBe('proposed');
      expect(row.proposal?.name).toBe(`Turma ${term}`);
      expect(weekdayOf(row.proposal?.firstMeeting ?? '')).toBe(course?.meetings.weekday);
      expect(row.proposal?.time).toBe(course?.meetings.time);
      expect(row.proposal?.meetings).toHaveLength(course?.meetings.count ?? 0);
    }
    const classes = rows.map((r, n) => ({
      slug: r.slug,
      firstMeeting: r.proposal?.firstMeeting ?? '',
      time: r.proposal?.time ?? '',
      room: n === 0 ? 'Sala 9' : (r.proposal?.room ?? null),
      places: n === 0 ? 12 : (r.proposal?.places ?? 1),
      opensAt: r.proposal?.opensAt ?? null,
    }));

    const before = await plannedCount();
    const first = rows[0];
    const wrong = await as(ADMIN, 'POST', PATH, {
      key,
      term,
      classes: classes.map((c, n) => (n === 0 ? { ...c, opensAt: `${c.firstMeeting}T23:00` } : c)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      `${first?.title}: a abertura das inscrições deve ser antes do primeiro encontro.`,
    );
    expect(await plannedCount()).toBe(before);

    const created = await as(ADMIN, 'POST', PATH, { key, term, classes });
    expect(created.statusCode).toBe(200);
    expect(created.json().created).toHaveLength(courses.length);
    expect(await plannedCount()).toBe(before + courses.length);
    const list = (await as(ADMIN, 'GET', `/api/staff/courses/${first?.slug}/classes`)).json();
    expect(list.classes.at(-1)).toMatchObject({
      state: 'planned',
      places: 12,
      firstMeeting: first?.proposal?.firstMeeting,
    });

    // The same confirmation twice (a double tap): the first's answer, nothing more.
    const again = await as(ADMIN, 'POST', PATH, { key, term, classes });
    expect(again.json()).toEqual({ ...created.json(), repeated: true });
    // Run again later: every course shows as prepared, and a confirmation creates none.
    const later = (await as(ADMIN, 'GET', PATH)).json<StaffTermProposalResponse>();
    expect(later.term).toBe(term);
    expect(later.courses.every((c) => c.status === 'prepared')).toBe(true);
    const twice = await as(ADMIN, 'POST', PATH, { key: randomUUID(), term, classes });
    expect(twice.json()).toMatchObject({ created: [], repeated: false });
    expect(twice.json().skipped).toHaveLength(courses.length);
    expect(await plannedCount()).toBe(before + courses.length);

    const record = (await as(ADMIN, 'GET', '/api/staff/actions?action=term.prepare')).json();
    expect(record.actions.map((a: { details: object }) => a.details)).toEqual([
      { term, created: 0, skipped: courses.length },
      { term, created: courses.length, skipped: 0 },
    ]);
  });
});
