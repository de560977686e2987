/**
 * Attendance at the door through the real server and database: a meeting that has not
 * happened is refused with a pt-BR sentence and nothing stored; 'Marcar todos' (every listed person
 * present, one request) works, twice gives the same, and the overview counts follow; the last mark
 * made on a device wins whichever is sent first (decision 089), and a volunteer who lost access has
 * the marks their phone kept refused.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const pgDatabase = await createPostgresTestDatabase('staff_attendance');
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

type Sheet = { marks: { personId: string; present: boolean | null }[] };

describe.each(targets)('attendance at the door on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let people: string[];

  const asPerson = (who: string, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(who)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const as = (method: 'GET' | 'POST', url: string, body?: object) =>
    asPerson(ADMIN, method, url, body);
  const meetingsFrom = (firstMeeting: string) =>
    as('POST', `${C}/settings`, courseSettings({ firstMeeting, time: '19:30', count: 4 }));
  const presentInOverview = async () => {
    const overview = await as('GET', '/api/staff/courses');
    const courses = overview.json().courses as { slug: string; attendance: number[] }[];
    return courses.find((c) => c.slug === course.slug)?.attendance;
  };

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
    people = await api.createPeople(3);
    for (const person of people) {
      const enrolled = await api.app.inject({
        method: 'POST',
        url: '/api/group/add',
        payload: { group: course.groupId, user: person, token: api.tokenFor(person) },
      });
      expect(enrolled.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await api.close();
  });

  it('refuses marks for a meeting that has not happened, in Portuguese, and stores nothing', async () => {
    expect((await meetingsFrom('2099-01-03')).statusCode).toBe(200);
    const overview = await as('GET', '/api/staff/courses');
    const summary = (
      overview.json().courses as { slug: string; schedule: { date: string; start: string }[] }[]
    ).find((c) => c.slug === course.slug);
    expect(summary?.schedule[1]).toEqual({
      date: '2099-01-10',
      start: '2099-01-10T22:30:00.000Z',
    });

    const refused = await as('POST', `${C}/attendance/1`, {
      marks: people.map((personId) => ({ personId, present: true })),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'meeting_not_yet',
      message:
        'Este encontro ainda não aconteceu: a presença pode ser marcada a partir de sáb, 03/01, às 18h30.',
    });
    const sheet = (await as('GET', `${C}/attendance/1`)).json() as Sheet;
    expect(sheet.marks.map((m) => m.present)).toEqual([null, null, null]);
    expect(await presentInOverview()).toEqual([0, 0, 0, 0]);
  });

  it("marks everyone listed present at once ('Marcar todos'), the same when repeated", async () => {
    expect((await meetingsFrom('2026-01-10')).statusCode).toBe(200);
    const absent = people[0] as string;
    await as('POST', `${C}/attendance/2`, { marks: [{ personId: absent, present: false }] });
    expect(await presentInOverview()).toEqual([0, 0, 0, 0]);

    const listed = ((await as('GET', `${C}/attendance/2`)).json() as Sheet).marks;
    const all = { marks: listed.map((m) => ({ personId: m.personId, present: true })) };
    for (let i = 0; i < 2; i++) {
      const marked = await as('POST', `${C}/attendance/2`, all);
      expect(marked.statusCode).toBe(200);
      const sheet = (await as('GET', `${C}/attendance/2`)).json() as Sheet;
      expect(sheet.marks.map((m) => m.present)).toEqual([true, true, true]);
      expect(await presentInOverview()).toEqual([0, 3, 0, 0]);
    }
  });

  it('keeps the last mark made on a device, whichever volunteer sends first, and counts it once', async () => {
    expect((await meetingsFrom('2026-01-10')).statusCode).toBe(200);
    const [ana, bia] = people as [string, string];
    const sheet = async () =>
      new Map(
        ((await as('GET', `${C}/attendance/1`)).json() as Sheet).marks.map((m) => [
          m.personId,
          m.present,
        ]),
      );
    // The first volunteer marked Ana present at 19h40, offline; the second marked her absent at 19h35
    // and sends first. Then the first one's phone finds a signal and sends; then sends again.
    const later = { personId: ana, present: true, markedAt: '2026-01-10T22:40:00.000Z' };
    const earlier = { personId: ana, present: false, markedAt: '2026-01-10T22:35:00.000Z' };
    expect((await as('POST', `${C}/attendance/1`, { marks: [later] })).statusCode).toBe(200);
    expect((await as('POST', `${C}/attendance/1`, { marks: [earlier] })).statusCode).toBe(200);
    expect((await sheet()).get(ana)).toBe(true);
    expect((await as('POST', `${C}/attendance/1`, { marks: [later] })).statusCode).toBe(200);
    expect((await sheet()).get(ana)).toBe(true);
    expect((await presentInOverview())?.[0]).toBe(1);

    // A phone whose clock runs years ahead does not win every later mark: its instant is now.
    const ahead = { personId: bia, present: true, markedAt: '2099-01-01T00:00:00.000Z' };
    expect((await as('POST', `${C}/attendance/1`, { marks: [ahead] })).statusCode).toBe(200);
    expect(
      (await as('POST', `${C}/attendance/1`, { marks: [{ personId: bia, present: false }] }))
        .statusCode,
    ).toBe(200);
    expect((await sheet()).get(bia)).toBe(false);
  });

  it('refuses, in Portuguese, the marks a phone kept after its volunteer lost access, and stores none', async () => {
    expect((await meetingsFrom('2026-01-10')).statusCode).toBe(200);
    const [volunteer] = (await api.createPeople(1)) as [string];
    const granted = await as('POST', '/api/staff/roles/grant', {
      email: `${volunteer}@example.org`,
      role: 'secretaria',
    });
    expect(granted.statusCode).toBe(200);
    const carla = people[2] as string;
    const mark = (present: boolean) =>
      asPerson(volunteer, 'POST', `${C}/attendance/3`, {
        marks: [{ personId: carla, present, markedAt: new Date().toISOString() }],
      });
    expect((await mark(false)).statusCode).toBe(200);
    const revoked = await as('POST', '/api/staff/roles/revoke', {
      personId: volunteer,
      role: 'secretaria',
    });
    expect(revoked.statusCode).toBe(200);

    const refused = await mark(true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: 'Esta área é só para a equipe do centro.',
    });
    const marks = ((await as('GET', `${C}/attendance/3`)).json() as Sheet).marks;
    expect(marks.find((m) => m.personId === carla)?.present).toBe(false);
  });

  it(
    'never keeps a mark the completion did not count, when the class is concluded meanwhile',
    { timeout: 30_000 },
    async () => {
      const other = allCourses().filter(
        (c) => c.slug !== course.slug && !c.prerequisites?.length,
      )[0];
      const K = `/api/staff/courses/${other?.slug}`;
      const broken: string[] = [];
      for (let round = 0; round < 16; round++) {
        const created = await as('POST', `${K}/classes`, { firstMeeting: '2026-03-03' });
        const turma = created.json().class.id as string;
        const oneMeeting = await as(
          'POST',
          `${K}/settings?turma=${turma}`,
          courseSettings({ firstMeeting: '2026-03-03', time: '19:30', count: 1 }),
        );
        expect(oneMeeting.statusCode).toBe(200);
        expect((await as('POST', `${K}/classes/${turma}/open`, {})).statusCode).toBe(200);
        const [person] = (await api.createPeople(1)) as [string];
        const enrolled = await api.app.inject({
          method: 'POST',
          url: '/api/group/add',
          payload: { group: other?.groupId, user: person, token: api.tokenFor(person), turma },
        });
        expect(enrolled.statusCode).toBe(200);
        // The secretary saves the door's marks while the coordinator concludes the class.
        const [marked, concluded] = await Promise.all([
          as('POST', `${K}/attendance/1?turma=${turma}`, {
            marks: [{ personId: person, present: true }],
          }),
          as('POST', `${K}/classes/${turma}/conclude`, { confirm: true }),
        ]);
        expect(concluded.statusCode).toBe(200);
        expect([200, 409]).toContain(marked.statusCode);
        const counted = concluded.json().completions[0]?.concluded as boolean;
        // Saved (200) means counted; refused (409, read-only) means not.
        if (counted !== (marked.statusCode === 200)) broken.push(`${round}: ${marked.statusCode}`);
      }
      expect(broken).toEqual([]);
    },
  );
});
