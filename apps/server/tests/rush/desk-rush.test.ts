/**
 * 'Inscrever no balcão' (decision 095) in a rush, through real listening servers and real databases
 * (SQLite with one instance; PostgreSQL with two sharing it): desk enrolments of people without an
 * account and web enrolments into a class's last places, all at once, never overbook it, never
 * answer 5xx, and the desk's people who found no place are on the waiting list in one order.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { DESK_CONSENT_TEXT } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api-app.js';
import { firstClassOf } from '../support/classes.js';
import { checkEnrolmentInvariants } from '../support/enrolment-invariants.js';
import { createPostgresTestDatabase } from '../support/postgres.js';
import { seedPeople } from '../support/server-process.js';

const pgDatabase = await createPostgresTestDatabase('desk_rush');
afterAll(async () => {
  await pgDatabase?.drop();
});

const targets = [
  { dialect: 'sqlite', databaseUrl: undefined, instances: 1 },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url, instances: 2 }] : []),
];

// A course anyone may enrol in (no prerequisites: decision 061).
const course = allCourses().filter((c) => !c.prerequisites)[6] as ReturnType<
  typeof allCourses
>[number];
const PLACES = 5;
const ADMIN = randomUUID();

describe.each(targets)('desk and web enrolments at once on $dialect', (target) => {
  const apis: TestApi[] = [];
  const origins: string[] = [];
  let turma = '';

  beforeAll(async () => {
    const env = { ADMIN_EMAILS: `${ADMIN}@example.org`, RATE_LIMIT_API_PER_MINUTE: '0' };
    const first = await createTestApi({ databaseUrl: target.databaseUrl, env });
    apis.push(first);
    for (let i = 1; i < target.instances; i++) {
      apis.push(
        await createTestApi({ databaseUrl: target.databaseUrl, fixture: first.fixture, env }),
      );
    }
    for (const api of apis) origins.push(await api.app.listen({ host: '127.0.0.1', port: 0 }));
    const { db } = first.app.database;
    await seedPeople(db, [ADMIN]);
    turma = await firstClassOf(db, course.slug);
    await db.updateTable('classes').set({ places: PLACES }).where('id', '=', turma).execute();
  }, 30_000);
  afterAll(async () => {
    for (const api of apis.reverse()) await api.close();
  });

  const main = () => apis[0] as TestApi;
  const db = () => main().app.database.db;
  const post = async (i: number, path: string, body: object, bearer?: string) => {
    const res = await fetch(`${origins[i % origins.length] as string}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: string; state?: string } };
  };

  it('never overbooks the class', async () => {
    const webPeople = await main().createPeople(12);
    const desk = Array.from({ length: 12 }, (_, i) =>
      post(
        i,
        `/api/staff/courses/${course.slug}/desk-enrol?turma=${turma}`,
        {
          person: {
            name: `Pessoa do Balcão ${i}`,
            phone: `(21) 97777-${String(1000 + i)}`,
            consentText: DESK_CONSENT_TEXT,
          },
        },
        main().tokenFor(ADMIN),
      ).then((a) => ({ ...a, kind: 'desk' })),
    );
    const web = webPeople.map((user, i) =>
      post(i + 1, '/api/group/add', {
        group: course.groupId,
        user,
        token: main().tokenFor(user),
        turma,
      }).then((a) => ({ ...a, kind: 'web' })),
    );
    const answers = await Promise.all([...desk, ...web]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const webRefused = answers.filter((a) => a.kind === 'web' && a.status !== 200);
    expect(webRefused.every((a) => a.body.error === 'course_full')).toBe(true);
    const deskAnswers = answers.filter((a) => a.kind === 'desk');
    expect(deskAnswers.every((a) => a.status === 200)).toBe(true);

    const rows = await db()
      .selectFrom('enrolments')
      .select('user_id')
      .where('class_id', '=', turma)
      .execute();
    expect(rows).toHaveLength(PLACES);
    const { taken } = await db()
      .selectFrom('classes')
      .select('taken')
      .where('id', '=', turma)
      .executeTakeFirstOrThrow();
    expect(taken).toBe(PLACES);
    const placed = deskAnswers.filter((a) => a.body.state === 'enrolled').length;
    const waiting = await db()
      .selectFrom('waiting_list')
      .select('user_id')
      .where('class_id', '=', turma)
      .execute();
    expect(waiting).toHaveLength(12 - placed);
    expect(placed + answers.filter((a) => a.kind === 'web' && a.status === 200).length).toBe(
      PLACES,
    );
    const { violations } = await checkEnrolmentInvariants(db(), { accepted: new Set() });
    expect(violations).toEqual([]);
  }, 60_000);
});
