/**
 * The opening instant under load: a rush that starts one second before enrolment opens
 * gets only refusals (409 enrolment_not_open) until the instant, then enrolments; after closing,
 * only refusals. The clock is the service's, controlled here; the window is checked inside the
 * conditional insert, on SQLite and PostgreSQL (two pools: two instances).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { MemoryDirectory } from '../../tests/support/memory-directory.js';
import { EnrolmentClosedError, EnrolmentNotOpenError } from './errors.js';
import type { CourseRow } from '../courses/course-store.js';
import { createEnrolmentRepository } from './repository.js';
import { EnrolmentService } from './service.js';

const COURSE: CourseRow = {
  slug: 'curso-da-abertura',
  groupId: 'cccccccc-3333-4333-8333-333333333333',
  places: 1000,
};
const OPENS = Date.parse('2027-02-01T12:00:00.000Z');
const CLOSES = Date.parse('2027-02-10T12:00:00.000Z');
const person = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const targets = await testDatabaseTargets('opening_instant');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

/** An enrolment as the route makes it: the class resolved first, then carried down. */
async function enrolIn(service: EnrolmentService, userId: string) {
  const { alreadyEnrolled } = await service.enrol(userId, await service.requestedClass(COURSE));
  return { alreadyEnrolled };
}

describe.each(targets)('the opening instant on $dialect', (target) => {
  let handles: DatabaseHandle[];

  beforeEach(async () => {
    await target.clear(['enrolments', 'courses']);
    handles ??=
      target.dialect === 'postgres'
        ? [await target.open(), await target.open({ poolSize: 10 })]
        : [await target.open()];
    const [first] = handles;
    if (!first) throw new Error('no database');
    await createEnrolmentRepository(first).syncCourses([COURSE]);
    await first.db
      .updateTable('classes')
      .set({
        enrolment_opens_at: new Date(OPENS).toISOString(),
        enrolment_closes_at: new Date(CLOSES).toISOString(),
      })
      .where('course_slug', '=', COURSE.slug)
      .execute();
  });

  it('refuses every request before the instant and enrols from it on', async () => {
    let clock = OPENS - 1000;
    const directory = new MemoryDirectory();
    const services = handles.map(
      (h) =>
        new EnrolmentService({
          repository: createEnrolmentRepository(h),
          directory,
          now: () => new Date(clock),
        }),
    );
    let n = 0;
    // 100 ms steps from one second before opening to half a second after, 20 people at each.
    for (let offset = -1000; offset <= 500; offset += 100) {
      clock = OPENS + offset;
      const wave = Array.from({ length: 20 }, () => {
        const id = person(++n);
        directory.addUser(id);
        const service = services[n % services.length] as EnrolmentService;
        return enrolIn(service, id).then(
          () => 'enrolled',
          (error: unknown) => error,
        );
      });
      const outcomes = await Promise.all(wave);
      if (offset < 0) {
        for (const o of outcomes) expect(o).toBeInstanceOf(EnrolmentNotOpenError);
        expect((outcomes[0] as EnrolmentNotOpenError).opensAt).toBe(new Date(OPENS).toISOString());
      } else {
        expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'enrolled'));
      }
    }
    const first = handles[0] as DatabaseHandle;
    const taken = await first.db
      .selectFrom('enrolments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(6 * 20);

    clock = CLOSES;
    const late = person(9999);
    directory.addUser(late);
    await expect(enrolIn(services[0] as EnrolmentService, late)).rejects.toBeInstanceOf(
      EnrolmentClosedError,
    );
    // Someone enrolled before closing still gets the idempotent answer.
    await expect(enrolIn(services[0] as EnrolmentService, person(201))).resolves.toEqual({
      alreadyEnrolled: true,
    });
  });
});
