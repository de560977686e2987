/**
 * The one rule of whether a class takes enrolments (`classEnrolmentState`) and its SQL twin
 * (`takesEnrolmentsSql`, in the builder's form and in the prepared statements' text form) give the
 * same answer for any class and instant, on SQLite and PostgreSQL (decision 074). Instants come
 * from a small pool so that a class's opening or closing instant often equals the instant asked
 * about: the boundaries are where two hand-written copies used to drift.
 */
import fc from 'fast-check';
import { CompiledQuery } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import type { ClassState } from '../db/schema.js';
import { CLASS_STATES, classEnrolmentState } from './class-rules.js';
import { takesEnrolmentsAt, takesEnrolmentsSql } from './class-rules-sql.js';
import { createClassStore } from './class-store.js';
import { createCourseStore } from '../courses/course-store.js';

const COURSE = {
  slug: 'curso-da-regra',
  groupId: 'cccccccc-3333-4333-8333-333333333333',
  places: 5,
};

/** Around one opening: a millisecond either side, and a day later. */
const INSTANTS = [
  '2027-03-01T11:59:59.999Z',
  '2027-03-01T12:00:00.000Z',
  '2027-03-01T12:00:00.001Z',
  '2027-03-02T12:00:00.000Z',
];

const instant = fc.constantFrom(...INSTANTS);
const classes = fc.array(
  fc.record({
    state: fc.constantFrom<ClassState>(...CLASS_STATES),
    opensAt: fc.option(instant, { nil: null }),
    closesAt: fc.option(instant, { nil: null }),
  }),
  { minLength: 1, maxLength: 8 },
);

const targets = await testDatabaseTargets('class-rules-sql');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('the rule of enrolment and its SQL twin on $dialect', (target) => {
  it('agree on every class at every instant, the boundaries included', async () => {
    await target.clear(['courses']);
    const handle = await target.open();
    const { db } = handle;
    await createCourseStore(db).sync([COURSE]);
    const store = createClassStore(db);
    const TEXT = `select id from classes c where course_slug = ? and ${takesEnrolmentsSql('c', 'cast(? as text)')}`;
    const text =
      handle.dialect === 'postgres'
        ? (() => {
            let n = 0;
            return TEXT.replace(/\?/g, () => `$${++n}`);
          })()
        : TEXT;

    await fc.assert(
      fc.asyncProperty(classes, instant, async (rows, now) => {
        await db.deleteFrom('classes').where('course_slug', '=', COURSE.slug).execute();
        const ids = new Map<string, (typeof rows)[number]>();
        for (const [n, row] of rows.entries()) {
          const id = await store.create({
            course_slug: COURSE.slug,
            name: `Turma ${n}`,
            places: 5,
            state: row.state,
            enrolment_opens_at: row.opensAt,
            enrolment_closes_at: row.closesAt,
          });
          ids.set(id, row);
        }
        const expected = [...ids]
          .filter(([, row]) => classEnrolmentState(row, now) === 'open')
          .map(([id]) => id)
          .sort();

        const built = await db
          .selectFrom('classes as c')
          .select('c.id')
          .where('c.course_slug', '=', COURSE.slug)
          .where(takesEnrolmentsAt('c', now))
          .execute();
        expect(built.map((r) => r.id).sort()).toEqual(expected);

        const prepared = await db.executeQuery<{ id: string }>(
          CompiledQuery.raw(text, [COURSE.slug, now, now]),
        );
        expect(prepared.rows.map((r) => r.id).sort()).toEqual(expected);
      }),
      { numRuns: target.dialect === 'sqlite' ? 150 : 80 },
    );
  });
});
