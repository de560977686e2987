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
import { firstClassOf } from '../support/classes.js';
import { checkEnrolmentInvariants } from '../support/enrolment-invariants.js';
import { rushServers, rushTargets } from '../support/rush-servers.js';
import { seedPeople } from '../support/server-process.js';

const { targets, drop } = await rushTargets('desk_rush');
afterAll(drop);

// A course anyone may enrol in (no prerequisites: decision 061).
const course = allCourses().filter((c) => !c.prerequisites)[6] as ReturnType<
  typeof allCourses
>[number];
const PLACES = 5;
const ADMIN = randomUUID();

describe.each(targets)('desk and web enrolments at once on $dialect', (target) => {
  const servers = rushServers(target, {
    env: { ADMIN_EMAILS: `${ADMIN}@example.org`, RATE_LIMIT_API_PER_MINUTE: '0' },
  });
  const { main, db } = servers;
  let turma = '';

  beforeAll(async () => {
    await servers.start();
    await seedPeople(db(), [ADMIN]);
    turma = await firstClassOf(db(), course.slug);
    await db().updateTable('classes').set({ places: PLACES }).where('id', '=', turma).execute();
  }, 30_000);
  afterAll(() => servers.close());

  const post = (i: number, path: string, body: object, bearer?: string) =>
    servers.post<{ error?: string; state?: string }>(i, path, body, bearer);

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
