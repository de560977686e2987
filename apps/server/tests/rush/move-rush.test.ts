/**
 * 'Mover para outra turma' (decision 090) in a rush, through real listening servers and real
 * databases (SQLite with one instance; PostgreSQL with two sharing it): staff moving people into a
 * class's last places, web enrolments into the same class, and moves the other way, all at once,
 * never overbook a class, never answer 5xx (no deadlock between moves in opposite directions), and
 * every person ends with one place in the course.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassStore } from '../../src/classes/class-store.js';
import { firstClassOf } from '../support/classes.js';
import { checkEnrolmentInvariants } from '../support/enrolment-invariants.js';
import { rushServers, rushTargets } from '../support/rush-servers.js';
import { seedPeople } from '../support/server-process.js';

const { targets, drop } = await rushTargets('move_rush');
afterAll(drop);

// A course anyone may enrol in (no prerequisites: decision 061).
const course = allCourses().filter((c) => !c.prerequisites)[5] as ReturnType<
  typeof allCourses
>[number];
const TARGET_PLACES = 4;
const ADMIN = randomUUID();

describe.each(targets)('moves and enrolments at once on $dialect', (target) => {
  const servers = rushServers(target, {
    env: { ADMIN_EMAILS: `${ADMIN}@example.org`, RATE_LIMIT_API_PER_MINUTE: '0' },
  });
  const { main, db } = servers;
  let from = '';
  let to = '';

  beforeAll(async () => {
    await servers.start();
    await seedPeople(db(), [ADMIN]);
    from = await firstClassOf(db(), course.slug);
    await db().updateTable('classes').set({ places: 100 }).where('id', '=', from).execute();
    to = await createClassStore(db()).create({
      course_slug: course.slug,
      name: 'Turma de sábado',
      places: TARGET_PLACES,
      state: 'open',
      first_meeting: '2027-03-06',
      meeting_weekday: 'saturday',
      meeting_time: '15:00',
    });
  }, 30_000);
  afterAll(() => servers.close());

  const post = (i: number, path: string, body: object, bearer?: string) =>
    servers.post<{ error?: string }>(i, path, body, bearer);
  const enrol = (i: number, user: string, turma: string) =>
    post(i, '/api/group/add', {
      group: course.groupId,
      user,
      token: main().tokenFor(user),
      turma,
    });
  const move = (i: number, person: string, turma: string, into: string) =>
    post(
      i,
      `/api/staff/courses/${course.slug}/participants/${person}/move?turma=${turma}`,
      { to: into },
      main().tokenFor(ADMIN),
    );
  const rows = async (turma: string) =>
    (
      await db().selectFrom('enrolments').select('user_id').where('class_id', '=', turma).execute()
    ).map((r) => r.user_id);

  it('never overbooks the class people are moved into', async () => {
    const inFrom = await main().createPeople(8);
    const inTo = await main().createPeople(2);
    for (const [i, p] of inFrom.entries()) expect((await enrol(i, p, from)).status).toBe(200);
    for (const [i, p] of inTo.entries()) expect((await enrol(i, p, to)).status).toBe(200);
    const newcomers = await main().createPeople(16);

    const answers = await Promise.all([
      ...inFrom.map((p, i) => move(i, p, from, to).then((a) => ({ ...a, kind: 'in' }))),
      ...inTo.map((p, i) => move(i, p, to, from).then((a) => ({ ...a, kind: 'out' }))),
      ...newcomers.map((p, i) => enrol(i, p, to).then((a) => ({ ...a, kind: 'web' }))),
    ]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(
      answers.filter((a) => a.status !== 200).every((a) => a.body.error === 'course_full'),
    ).toBe(true);

    const there = await rows(to);
    expect(there.length).toBeLessThanOrEqual(TARGET_PLACES);
    const ok = (kind: string) => answers.filter((a) => a.kind === kind && a.status === 200).length;
    expect(there).toHaveLength(inTo.length - ok('out') + ok('in') + ok('web'));
    const { taken } = await db()
      .selectFrom('classes')
      .select('taken')
      .where('id', '=', to)
      .executeTakeFirstOrThrow();
    expect(taken).toBe(there.length);
    // Nobody lost their place or holds two: each moved person is in exactly one of the classes.
    const both = [...there, ...(await rows(from))];
    for (const p of [...inFrom, ...inTo]) expect(both.filter((u) => u === p)).toHaveLength(1);
    const { violations } = await checkEnrolmentInvariants(db(), { accepted: new Set() });
    expect(violations).toEqual([]);
  }, 60_000);
});
