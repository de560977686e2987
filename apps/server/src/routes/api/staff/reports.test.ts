/**
 * 'Relatórios' through the real server and database, on SQLite and PostgreSQL: a term is seeded
 * (enrolments through the API at chosen instants after an opening, a full class with a waiting
 * list that moves, attendance marks, completions) and every figure of the answer is compared with
 * a count taken directly from the database. Only Coordenação may read it.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import type { StaffReports } from '@centro/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { firstClassOf } from '../../../../tests/support/classes.js';

const pgDatabase = await createPostgresTestDatabase('staff_reports');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const [busy, small] = allCourses() as [
  ReturnType<typeof allCourses>[number],
  ReturnType<typeof allCourses>[number],
];
const ADMIN = randomUUID();
const SECRETARY = randomUUID();
const OPENS_AT = '2026-02-01T12:00:00.000Z';
const HOUR = 3_600_000;

describe.each(targets)("'Relatórios' on $dialect", ({ databaseUrl }) => {
  let api: TestApi;
  let busyClass: string;
  let smallClass: string;
  let reports: StaffReports;

  const get = (url: string, person = ADMIN) =>
    api.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
    });
  const enrol = (course: typeof busy, person: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: course.groupId, user: person, token: api.tokenFor(person) },
    });
  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) =>
    Number((await query.execute(api.app.database.db)).rows[0]?.n ?? 0);

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    const db = api.app.database.db;
    await seedPeople(db, [ADMIN, SECRETARY]);
    await db
      .insertInto('staff_roles')
      .values({
        person_id: SECRETARY,
        role: 'secretaria',
        granted_by: ADMIN,
        granted_at: new Date().toISOString(),
      })
      .execute();
    busyClass = await firstClassOf(db, busy.slug);
    smallClass = await firstClassOf(db, small.slug);
    await db
      .updateTable('classes')
      .set({ places: 2, places_by_staff: 1 })
      .where('id', '=', smallClass)
      .execute();
    await db
      .updateTable('classes')
      .set({ enrolment_opens_at: OPENS_AT })
      .where('id', 'in', [busyClass, smallClass])
      .execute();
    // The window is in the past: the enrolments below go through, and are dated after it.
    const people = await api.createPeople(9);
    for (const person of people.slice(0, 5))
      expect((await enrol(busy, person)).statusCode).toBe(200);
    const offsets = [0, 10 * 60_000, 1.5 * HOUR, 5 * HOUR, 30 * HOUR];
    for (const [i, person] of people.slice(0, 5).entries()) {
      await db
        .updateTable('enrolments')
        .set({ created_at: new Date(Date.parse(OPENS_AT) + (offsets[i] ?? 0)).toISOString() })
        .where('class_id', '=', busyClass)
        .where('user_id', '=', person)
        .execute();
    }
    // Two places, four people: two wait; one cancels, the first waiting takes the place.
    for (const person of people.slice(5, 9)) {
      const answer = await enrol(small, person);
      expect([200, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 409) {
        const joined = await api.app.inject({
          method: 'POST',
          url: '/api/me/waiting-list/join',
          headers: { authorization: `Bearer ${api.tokenFor(person)}` },
          payload: { course: small.slug },
        });
        expect(joined.statusCode).toBeLessThan(300);
      }
    }
    const cancelled = await api.app.inject({
      method: 'POST',
      url: '/api/me/enrolments/cancel',
      headers: { authorization: `Bearer ${api.tokenFor(people[5] as string)}` },
      payload: { course: small.slug },
    });
    expect(cancelled.statusCode).toBeLessThan(300);
    // Attendance of two meetings of the busy class, and completions as if it had concluded.
    const now = new Date().toISOString();
    await db
      .insertInto('attendance')
      .values(
        people.slice(0, 5).flatMap((person, i) =>
          [1, 2].map((meeting) => ({
            course_slug: busy.slug,
            class_id: busyClass,
            meeting,
            person_id: person,
            present: meeting === 1 || i < 2 ? 1 : 0,
            marked_by: ADMIN,
            marked_at: now,
          })),
        ),
      )
      .execute();
    await db
      .insertInto('completions')
      .values(
        people.slice(0, 5).map((person, i) => ({
          person_id: person,
          course_slug: busy.slug,
          class_id: busyClass,
          concluded: i < 3 ? 1 : 0,
          concluded_at: now,
          changed_by: null,
          reason: null,
        })),
      )
      .execute();
    const answer = await get('/api/staff/reports?ano=2027');
    expect(answer.statusCode).toBe(200);
    reports = (answer.json() as { data: StaffReports }).data;
  });
  afterAll(async () => {
    await api.close();
  });

  it('lists the year’s classes with the places taken and the people waiting, as stored', async () => {
    expect(reports.year).toBe(2027);
    expect(reports.years).toContain(2027);
    expect(reports.classes).toHaveLength(
      await count(sql`select count(*) as n from classes where first_meeting is null`),
    );
    for (const id of [busyClass, smallClass]) {
      const shown = reports.classes.find((c) => c.id === id);
      expect(shown?.taken).toBe(
        await count(sql`select count(*) as n from enrolments where class_id = ${id}`),
      );
      expect(shown?.waiting).toBe(
        await count(
          sql`select count(*) as n from waiting_list where class_id = ${id} and active = 1`,
        ),
      );
      expect(shown?.places).toBe(
        await count(sql`select places as n from classes where id = ${id}`),
      );
    }
    expect(reports.classes.find((c) => c.id === smallClass)).toMatchObject({
      taken: 2,
      waiting: 1,
    });
  });

  it('counts the enrolments of each hour after the opening as the database dates them', async () => {
    const opening = reports.openings.find((o) => o.classId === busyClass);
    expect(opening?.opensAt).toBe(OPENS_AT);
    for (let hour = 0; hour < 24; hour += 1) {
      const from = new Date(Date.parse(OPENS_AT) + hour * HOUR).toISOString();
      const to = new Date(Date.parse(OPENS_AT) + (hour + 1) * HOUR).toISOString();
      expect(opening?.perHour[hour], `hour ${hour}`).toBe(
        await count(
          sql`select count(*) as n from enrolments where class_id = ${busyClass}
            and created_at >= ${from} and created_at < ${to}`,
        ),
      );
    }
    expect(opening?.perHour.slice(0, 6)).toEqual([2, 1, 0, 0, 0, 1]);
    expect(opening?.later).toBe(1);
  });

  it('gives each meeting’s present and absent marks, and completions per class, course and year', async () => {
    const sheet = reports.attendance.find((a) => a.classId === busyClass);
    for (const meeting of [1, 2]) {
      const shown = sheet?.meetings.find((m) => m.meeting === meeting);
      expect(shown?.present).toBe(
        await count(
          sql`select count(*) as n from attendance
            where class_id = ${busyClass} and meeting = ${meeting} and present = 1`,
        ),
      );
      expect(shown?.absent).toBe(
        await count(
          sql`select count(*) as n from attendance
            where class_id = ${busyClass} and meeting = ${meeting} and present = 0`,
        ),
      );
    }
    expect(sheet?.meetings.map((m) => [m.present, m.absent])).toEqual([
      [5, 0],
      [2, 3],
    ]);
    const completed = await count(
      sql`select count(*) as n from completions where class_id = ${busyClass} and concluded = 1`,
    );
    const notCompleted = await count(
      sql`select count(*) as n from completions where class_id = ${busyClass} and concluded = 0`,
    );
    expect([completed, notCompleted]).toEqual([3, 2]);
    expect(reports.completion.byClass).toEqual([
      {
        key: busyClass,
        label: `${busy.title} · ${reports.classes.find((c) => c.id === busyClass)?.name}`,
        completed,
        notCompleted,
      },
    ]);
    expect(reports.completion.byCourse).toEqual([
      { key: busy.slug, label: busy.title, completed, notCompleted },
    ]);
    expect(reports.completion.byYear).toEqual([
      { key: '2027', label: '2027', completed, notCompleted },
    ]);
  });

  it('follows the waiting list’s length day by day to what it is now', async () => {
    const waiting = reports.waiting.find((w) => w.classId === smallClass);
    expect(waiting?.days.at(-1)?.length).toBe(
      await count(
        sql`select count(*) as n from waiting_list where class_id = ${smallClass} and active = 1`,
      ),
    );
    const changes = await count(
      sql`select count(*) as n from waiting_list_changes where class_id = ${smallClass}`,
    );
    // Two joined, one left for the freed place.
    expect(changes).toBe(3);
  });

  it('is for Coordenação only, and says which year it cannot read', async () => {
    const secretary = await get('/api/staff/reports', SECRETARY);
    expect(secretary.statusCode).toBe(403);
    expect(secretary.json()).toMatchObject({ error: 'forbidden' });
    const badYear = await get('/api/staff/reports?ano=20x7');
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json()).toMatchObject({ error: 'invalid_request' });
    // Without a year: this year when it has classes, else the newest that has.
    const noYear = await get('/api/staff/reports');
    const thisYear = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(),
    );
    expect((noYear.json() as { data: StaffReports }).data.year).toBe(
      reports.years.includes(thisYear) ? thisYear : reports.years[0],
    );
  });
});
