/**
 * Check-in by QR code through the real server and database (decision 097): each place has a random
 * token, shown to its person only as their QR code; the door's route says whose a token is for the
 * class being marked (with their stored mark), names only the class of a code for another one, finds
 * nothing for an unknown code, refuses a malformed one in Portuguese and anyone without the
 * attendance permission, and records each person it named.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const pgDatabase = await createPostgresTestDatabase('staff_check_in');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const [course, other] = allCourses().filter((c) => !c.prerequisites?.length) as [
  ReturnType<typeof allCourses>[number],
  ReturnType<typeof allCourses>[number],
];
const ADMIN = randomUUID();
const C = `/api/staff/courses/${course.slug}`;

type MyEnrolments = {
  enrolments: { course: string; checkIn: { token: string; modules: string[] } | null }[];
};

describe.each(targets)('check-in by QR code on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let ana: string;
  let bia: string;

  const asPerson = (who: string, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(who)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const enrol = async (person: string, groupId: string) => {
    const enrolled = await api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: groupId, user: person, token: api.tokenFor(person) },
    });
    expect(enrolled.statusCode).toBe(200);
  };
  const tokenOf = async (person: string, slug: string) => {
    const mine = (await asPerson(person, 'GET', '/api/me/enrolments')).json() as MyEnrolments;
    return mine.enrolments.find((e) => e.course === slug)?.checkIn?.token as string;
  };
  const scan = (token: string, by: string = ADMIN) =>
    asPerson(by, 'POST', `${C}/check-in/1`, { code: token });

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
    [ana, bia] = (await api.createPeople(2)) as [string, string];
    await enrol(ana, course.groupId);
    await enrol(bia, other.groupId);
    const settings = await asPerson(
      ADMIN,
      'POST',
      `${C}/settings`,
      courseSettings({ firstMeeting: '2026-01-10', time: '19:30', count: 4 }),
    );
    expect(settings.statusCode).toBe(200);
  });
  afterAll(async () => {
    await api.close();
  });

  it("shows each place's QR code to its person: a random token, not their id or e-mail", async () => {
    const mine = (await asPerson(ana, 'GET', '/api/me/enrolments')).json() as MyEnrolments;
    const code = mine.enrolments.find((e) => e.course === course.slug)?.checkIn;
    expect(code?.token).toMatch(/^[0-9A-F]{32}$/);
    expect(code?.token.toLowerCase()).not.toContain(ana.replaceAll('-', '').slice(0, 8));
    expect(code?.modules.length).toBeGreaterThanOrEqual(21);
    expect(code?.modules.every((row) => row.length === code.modules.length)).toBe(true);
    expect(await tokenOf(bia, other.slug)).not.toBe(code?.token);
  });

  it('names the person of this class with their stored mark, and records whom it named', async () => {
    const token = await tokenOf(ana, course.slug);
    const first = await scan(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ result: 'thisClass', personId: ana, present: null });
    expect((first.json() as { name: string }).name).not.toBe('');

    const marked = await asPerson(ADMIN, 'POST', `${C}/attendance/1`, {
      marks: [{ personId: ana, present: true }],
    });
    expect(marked.statusCode).toBe(200);
    // Read as printed, in lower case and with spaces around: the same person, now marked.
    const again = await scan(`  ${token.toLowerCase()} `);
    expect(again.json()).toMatchObject({ result: 'thisClass', personId: ana, present: true });

    const record = await api.app.database.db
      .selectFrom('staff_actions')
      .select(['actor_id', 'subject_id', 'course_slug'])
      .where('action', '=', 'attendance.checkIn')
      .execute();
    expect(record).toEqual([
      { actor_id: ADMIN, subject_id: ana, course_slug: course.slug },
      { actor_id: ADMIN, subject_id: ana, course_slug: course.slug },
    ]);
  });

  it("names only the class of another class's code, and nothing for an unknown one", async () => {
    const elsewhere = await scan(await tokenOf(bia, other.slug));
    expect(elsewhere.statusCode).toBe(200);
    const answer = elsewhere.json() as { result: string; course: string; turma: string };
    expect(answer).toMatchObject({ result: 'otherClass', course: other.title });
    expect(answer.turma).not.toBe('');
    expect(JSON.stringify(answer)).not.toContain(bia);

    const unknown = await scan('0123456789ABCDEF0123456789ABCDEF');
    expect(unknown.json()).toEqual({ result: 'notFound' });
  });

  it('refuses a malformed code in Portuguese, and anyone without the attendance permission', async () => {
    const malformed = await scan('https://example.org/not-ours');
    expect(malformed.statusCode).toBe(400);
    expect((malformed.json() as { message: string }).message).toContain(
      'Código de presença inválido.',
    );

    const refused = await scan(await tokenOf(ana, course.slug), bia);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: 'Esta área é só para a equipe do centro.',
    });
  });
});
