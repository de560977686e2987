/**
 * The day enrolment opens, through real listening servers on 127.0.0.1 and real databases: 200
 * people at once for 10 places (SQLite with one instance; PostgreSQL with two instances sharing the
 * database), one person clicking 20 times at once, the directory failing in the middle of the rush,
 * and a 'pending' row left by a crash repaired when the server starts.
 */
import { allCourses } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryError } from '../../src/directory/directory.js';
import { createTestApi } from '../support/api-app.js';
import { firstClassOf } from '../support/classes.js';
import { rushServers, rushTargets } from '../support/rush-servers.js';

const { targets, drop } = await rushTargets('rush');
afterAll(drop);

const courses = allCourses();
const [rushCourse, sameCourse, faultCourse, repairCourse] = courses as [
  (typeof courses)[number],
  (typeof courses)[number],
  (typeof courses)[number],
  (typeof courses)[number],
];

/** Generous: these machines are shared and their load varies; the tests take about a second. */
const RUSH_TIMEOUT_MS = 30_000;

interface Answer {
  status: number;
  body: { error?: string; data?: { alreadyEnrolled: boolean } };
}

describe.each(targets)('enrolment rush on $dialect ($instances instance(s))', (target) => {
  const servers = rushServers(target);
  const { apis, main, db } = servers;

  beforeAll(() => servers.start(), 30_000);
  afterAll(() => servers.close());

  async function setPlaces(slug: string, places: number) {
    await db().updateTable('classes').set({ places }).where('course_slug', '=', slug).execute();
  }

  /** One enrolment, sent to instance `i % instances`. */
  function enrol(i: number, groupId: string, userId: string): Promise<Answer> {
    return servers.post<Answer['body']>(i, '/api/group/add', {
      group: groupId,
      user: userId,
      token: main().tokenFor(userId),
    });
  }

  async function rowsOf(slug: string) {
    return db()
      .selectFrom('enrolments')
      .select(['user_id', 'status'])
      .where('course_slug', '=', slug)
      .execute();
  }

  async function membersOf(groupId: string) {
    const rows = await db()
      .selectFrom('directory_memberships')
      .select('user_id')
      .where('group_id', '=', groupId.toLowerCase())
      .execute();
    return rows.map((r) => r.user_id).sort();
  }

  const count = (answers: Answer[], status: number) =>
    answers.filter((a) => a.status === status).length;

  it(
    'gives 10 places to exactly 10 of 200 people enrolling at once',
    async () => {
      await setPlaces(rushCourse.slug, 10);
      const people = await main().createPeople(200);

      const started = performance.now();
      const answers = await Promise.all(people.map((p, i) => enrol(i, rushCourse.groupId, p)));
      const elapsed = performance.now() - started;
      console.info(
        `[rush] ${target.dialect}, ${target.instances} instance(s): 200 simultaneous enrolments for 10 places answered in ${elapsed.toFixed(0)} ms`,
      );

      expect(count(answers, 200)).toBe(10);
      expect(count(answers, 409)).toBe(190);
      expect(
        answers.filter((a) => a.status === 409).every((a) => a.body.error === 'course_full'),
      ).toBe(true);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);

      const winners = people.filter((_, i) => answers[i]?.status === 200).sort();
      const rows = await rowsOf(rushCourse.slug);
      expect(rows.map((r) => r.user_id).sort()).toEqual(winners);
      expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
      expect(await membersOf(rushCourse.groupId)).toEqual(winners);
    },
    RUSH_TIMEOUT_MS,
  );

  it(
    'takes exactly one place for one person enrolling 20 times at once',
    async () => {
      await setPlaces(sameCourse.slug, 10);
      const [person] = (await main().createPeople(1)) as [string];

      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => enrol(i, sameCourse.groupId, person)),
      );
      console.info(
        `[rush] ${target.dialect}: one person enrolling 20 times at once answered in ${(performance.now() - started).toFixed(0)} ms`,
      );

      expect(count(answers, 200)).toBe(20);
      expect(answers.filter((a) => a.body.data?.alreadyEnrolled === false).length).toBeGreaterThan(
        0,
      );
      expect(await rowsOf(sameCourse.slug)).toEqual([{ user_id: person, status: 'confirmed' }]);
    },
    RUSH_TIMEOUT_MS,
  );

  it(
    'loses no enrolment and counts no phantom place when the directory fails during the rush',
    async () => {
      await setPlaces(faultCourse.slug, 10);
      const people = await main().createPeople(60);
      let calls = 0;
      for (const api of apis) {
        api.faults.fault = (operation) =>
          operation === 'addToGroup' && ++calls % 3 === 0
            ? new DirectoryError('Graph answered 503', 503)
            : undefined;
      }
      let answers: Answer[];
      try {
        answers = await Promise.all(people.map((p, i) => enrol(i, faultCourse.groupId, p)));
      } finally {
        for (const api of apis) api.faults.fault = undefined;
      }

      expect(count(answers, 503)).toBeGreaterThan(0);
      expect(answers.every((a) => [200, 409, 503].includes(a.status))).toBe(true);
      const accepted = people.filter((_, i) => answers[i]?.status === 200).sort();
      expect(accepted.length).toBeGreaterThan(0);
      expect(accepted.length).toBeLessThanOrEqual(10);

      // Every accepted person holds a confirmed place and is in the group; nobody else is.
      const rows = await rowsOf(faultCourse.slug);
      expect(rows.map((r) => r.user_id).sort()).toEqual(accepted);
      expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
      expect(await membersOf(faultCourse.groupId)).toEqual(accepted);
    },
    RUSH_TIMEOUT_MS,
  );

  it(
    'repairs, at start-up, pending enrolments left by a crash',
    async () => {
      const [member, stranger, confirmed] = (await main().createPeople(3)) as [
        string,
        string,
        string,
      ];
      const old = new Date(Date.now() - 10 * 60_000).toISOString();
      const classId = await firstClassOf(db(), repairCourse.slug);
      const pending = (user_id: string, status: 'pending' | 'confirmed' = 'pending') => ({
        course_slug: repairCourse.slug,
        class_id: classId,
        user_id,
        status,
        created_at: old,
        updated_at: old,
      });
      await db()
        .insertInto('enrolments')
        .values([pending(member), pending(stranger), pending(confirmed, 'confirmed')])
        .execute();
      // The crash came after the directory added `member` to the group, before the confirmation.
      await main().app.directory.addToGroup(repairCourse.groupId, member);
      // The crashed instance writes nothing more. Its mail sender would otherwise keep delivering
      // the rush's confirmations, and SQLite's write lock, held by one instance of this process,
      // makes the other's start-up wait synchronously, so neither gets on (database is locked).
      await main().app.mail.stop();

      const restarted = await createTestApi({
        databaseUrl: target.databaseUrl,
        fixture: main().fixture,
      });
      try {
        const rows = await rowsOf(repairCourse.slug);
        expect(rows.sort((a, b) => a.user_id.localeCompare(b.user_id))).toEqual(
          [
            { user_id: member, status: 'confirmed' },
            { user_id: confirmed, status: 'confirmed' },
          ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
        );
      } finally {
        await restarted.close();
      }
    },
    RUSH_TIMEOUT_MS,
  );
});
