/**
 * 'Preparar próximo semestre' written on SQLite and PostgreSQL: each course's class created once,
 * whether the same confirmation comes twice (its key) or two confirmations race (the lock and the
 * check inside the transaction).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import type { ClassRow } from './class-store.js';
import { createCourseStore } from '../courses/course-store.js';
import { termOf, type Term } from './next-term-rules.js';
import { createNextTermStore, type NewTermClass } from './next-term-store.js';

const COURSES = ['curso-a', 'curso-b', 'curso-c'].map((slug, n) => ({
  slug,
  groupId: `cccccccc-3333-4333-8333-33333333333${n}`,
  places: 5,
}));
const TERM: Term = '2027/1';
const NOW = new Date('2026-11-28T12:00:00.000Z');

const planned = (slug: string): NewTermClass => ({
  course_slug: slug,
  name: 'Turma 2027/1',
  places: 12,
  invite_code: null,
  enrolment_opens_at: '2027-02-01T22:30:00.000Z',
  enrolment_closes_at: null,
  first_meeting: '2027-02-08',
  meeting_weekday: 'monday',
  meeting_time: '19:30',
  meeting_count: 10,
  meeting_duration_minutes: 90,
  meeting_room: 'Sala 2',
});

const isPrepared = (_slug: string, rows: readonly ClassRow[]) =>
  rows.some((r) => r.first_meeting !== null && termOf(r.first_meeting) >= TERM);

const targets = await testDatabaseTargets('next-term-store');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('preparing the next term on $dialect', (target) => {
  it('creates each course a planned class once, a repeated key answering the first result', async () => {
    await target.clear(['term_preparations', 'courses']);
    const handle = await target.open();
    await createCourseStore(handle.db).sync(COURSES, NOW);
    const store = createNextTermStore(handle);
    const classes = COURSES.map((c) => planned(c.slug));

    const first = await store.prepare({ key: 'k-1', term: TERM, classes, isPrepared, now: NOW });
    expect(first.created.map((c) => c.slug)).toEqual(['curso-a', 'curso-b', 'curso-c']);
    expect(first.repeated).toBe(false);

    const again = await store.prepare({ key: 'k-1', term: TERM, classes, isPrepared, now: NOW });
    expect(again).toEqual({ created: first.created, skipped: [], repeated: true });

    const other = await store.prepare({ key: 'k-2', term: TERM, classes, isPrepared, now: NOW });
    expect(other).toEqual({
      created: [],
      skipped: ['curso-a', 'curso-b', 'curso-c'],
      repeated: false,
    });

    const rows = await handle.db
      .selectFrom('classes')
      .select(['course_slug', 'state', 'invite_code', 'first_meeting', 'places'])
      .where('first_meeting', '=', '2027-02-08')
      .orderBy('course_slug')
      .execute();
    expect(rows).toEqual(
      COURSES.map((c) => ({
        course_slug: c.slug,
        state: 'planned',
        invite_code: null,
        first_meeting: '2027-02-08',
        places: 12,
      })),
    );
  });

  it('creates each class once when two confirmations race', async () => {
    await target.clear(['term_preparations', 'courses']);
    const setup = await target.open();
    await createCourseStore(setup.db).sync(COURSES, NOW);
    // SQLite is one process's one connection (the server's); PostgreSQL may be several instances'.
    const [one, two] =
      target.dialect === 'postgres' ? [await target.open(), await target.open()] : [setup, setup];
    const classes = COURSES.map((c) => planned(c.slug));
    const results = await Promise.all(
      [one, two].map((h, n) =>
        createNextTermStore(h).prepare({
          key: `race-${n}`,
          term: TERM,
          classes,
          isPrepared,
          now: NOW,
        }),
      ),
    );
    expect(results.flatMap((r) => r.created)).toHaveLength(COURSES.length);
    const count = await setup.db
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'planned')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(COURSES.length);
  });
});
