/**
 * The repository and the service against real databases (SQLite, and PostgreSQL when reachable),
 * with the directory as an in-memory double (its faults on demand).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { DirectoryError } from '../directory/directory.js';
import { errorResponse } from '../plugins/error-handler.js';
import { CourseFullError, EnrolmentIncompleteError } from './errors.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { MemoryDirectory } from '../../tests/support/memory-directory.js';
import type { CourseRow } from '../courses/course-store.js';
import { classAvailability } from '../classes/class-rules.js';
import { createClassStore } from '../classes/class-store.js';
import { createEnrolmentRepository } from './repository.js';
import { EnrolmentService } from './service.js';
import { createEnrolmentUpkeep } from './upkeep.js';

const COURSE: CourseRow = {
  slug: 'curso-de-teste',
  groupId: 'AAAAAAAA-1111-4111-8111-111111111111',
  places: 10,
};
const OTHER: CourseRow = {
  slug: 'outro-curso',
  groupId: 'bbbbbbbb-2222-4222-8222-222222222222',
  places: 3,
};
/** The repository, and `reserve`: the outcome of taking a place alone. */
function repositoryOf(handle: DatabaseHandle) {
  const repository = createEnrolmentRepository(handle);
  return Object.assign(repository, {
    reserve: async (classId: string, userId: string, now: Date) =>
      (await repository.reserveReading(classId, userId, now)).outcome,
  });
}
const person = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const targets = await testDatabaseTargets('enrolment');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('enrolment on $dialect', (target) => {
  let handle: DatabaseHandle;
  /** Each course's first class (places are a class's: decision 052). */
  let classOf: Record<string, string> = {};

  beforeEach(async () => {
    await target.clear(['enrolments', 'courses']);
    handle ??= await target.open();
    await repositoryOf(handle).syncCourses([COURSE, OTHER]);
    const classes = await handle.db.selectFrom('classes').select(['course_slug', 'id']).execute();
    classOf = Object.fromEntries(classes.map((c) => [c.course_slug, c.id]));
  });

  /**
   * The service's calls as the routes make them: the class resolved at the edge (the one a
   * request names or means, the one the person holds), then carried down (decision 074).
   */
  async function enrolIn(
    enrolment: EnrolmentService,
    userId: string,
    course: CourseRow,
    classId?: string,
  ) {
    const ref = await enrolment.requestedClass(course, classId);
    const { alreadyEnrolled } = await enrolment.enrol(userId, ref);
    return { alreadyEnrolled };
  }
  async function joinIn(
    enrolment: EnrolmentService,
    userId: string,
    course: CourseRow,
    classId?: string,
  ) {
    return enrolment.joinWaitingList(userId, await enrolment.requestedClass(course, classId));
  }
  async function cancelIn(enrolment: EnrolmentService, userId: string, course: CourseRow) {
    const ref = await enrolment.heldClass(userId, course);
    if (!ref) throw new Error('No class held');
    return enrolment.cancel(userId, ref);
  }

  function service(directory: MemoryDirectory, now?: () => Date) {
    return new EnrolmentService({
      repository: repositoryOf(handle),
      directory,
      ...(now ? { now } : {}),
    });
  }

  async function rows(slug = COURSE.slug) {
    return handle.db
      .selectFrom('enrolments')
      .select(['user_id', 'status'])
      .where('course_slug', '=', slug)
      .orderBy('user_id')
      .execute();
  }

  describe('repository', () => {
    it('never takes more places than the course has, under 200 concurrent reservations', async () => {
      // On PostgreSQL, two handles (two pools) stand for two server instances.
      const handles =
        target.dialect === 'postgres' ? [handle, await target.open({ poolSize: 10 })] : [handle];
      const repository = (h: DatabaseHandle) => repositoryOf(h);
      const repositories = handles.map(repository);
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (repositories[i % repositories.length] ?? repository(handle)).reserve(
            classOf[COURSE.slug] as string,
            person(i),
            new Date(),
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'reserved')).toHaveLength(10);
      expect(outcomes.filter((o) => o === 'full')).toHaveLength(190);
      expect(await rows()).toHaveLength(10);
    });

    it('takes one place for one person, however many times they ask at once', async () => {
      const repository = repositoryOf(handle);
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () =>
          repository.reserve(classOf[COURSE.slug] as string, person(1), new Date()),
        ),
      );
      expect(outcomes.filter((o) => o === 'reserved')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'resume-pending')).toHaveLength(19);
      expect(await rows()).toEqual([{ user_id: person(1), status: 'pending' }]);
    });

    it('keeps classes.taken equal to the enrolments, whoever writes them', async () => {
      const repository = repositoryOf(handle);
      for (let i = 0; i < 4; i++)
        await repository.reserve(classOf[COURSE.slug] as string, person(i), new Date());
      await repository.confirm(classOf[COURSE.slug] as string, person(0), new Date());
      await repository.release(classOf[COURSE.slug] as string, person(1));
      // An operator's manual changes are counted too.
      await handle.db.deleteFrom('enrolments').where('user_id', '=', person(2)).execute();
      await handle.db
        .updateTable('enrolments')
        .set({ course_slug: OTHER.slug, class_id: classOf[OTHER.slug] as string })
        .where('user_id', '=', person(3))
        .execute();
      const taken = await handle.db
        .selectFrom('classes')
        .select(['course_slug as slug', 'taken'])
        .orderBy('course_slug')
        .execute();
      expect(taken).toEqual([
        { slug: COURSE.slug, taken: 1 },
        { slug: OTHER.slug, taken: 1 },
      ]);
    });

    it('confirms, and releases only what is still pending', async () => {
      const repository = repositoryOf(handle);
      await repository.reserve(classOf[COURSE.slug] as string, person(1), new Date());
      await repository.reserve(classOf[COURSE.slug] as string, person(2), new Date());
      expect(await repository.confirm(classOf[COURSE.slug] as string, person(1), new Date())).toBe(
        true,
      );
      expect((await repository.release(classOf[COURSE.slug] as string, person(1))).released).toBe(
        false,
      );
      expect((await repository.release(classOf[COURSE.slug] as string, person(2))).released).toBe(
        true,
      );
      expect(await repository.confirm(classOf[COURSE.slug] as string, person(2), new Date())).toBe(
        false,
      );
      expect(await rows()).toEqual([{ user_id: person(1), status: 'confirmed' }]);
      expect(await repository.reserve(classOf[COURSE.slug] as string, person(1), new Date())).toBe(
        'already-confirmed',
      );
    });

    it('keeps enrolments when places are lowered below what is taken, and refuses new ones', async () => {
      const repository = repositoryOf(handle);
      for (let i = 0; i < 3; i++)
        await repository.reserve(classOf[OTHER.slug] as string, person(i), new Date());
      await repository.syncCourses([{ ...OTHER, places: 1 }]);
      expect(await rows(OTHER.slug)).toHaveLength(3);
      expect(await repository.reserve(classOf[OTHER.slug] as string, person(9), new Date())).toBe(
        'full',
      );
      expect(await repository.reserve(classOf[OTHER.slug] as string, person(0), new Date())).toBe(
        'resume-pending',
      );
      const occupancy = await repository.currentClasses();
      const always = { state: 'open', opensAt: null, closesAt: null };
      expect(occupancy.get(OTHER.slug)).toEqual({ places: 1, taken: 3, ...always });
      expect(occupancy.get(COURSE.slug)).toEqual({ places: 10, taken: 0, ...always });
    });
  });

  describe('service', () => {
    it('reserves, adds the person to the group, then confirms', async () => {
      const directory = new MemoryDirectory();
      directory.addUser(person(1));
      const result = await enrolIn(service(directory), person(1), COURSE);
      expect(result).toEqual({ alreadyEnrolled: false });
      expect(directory.isMemberNow(COURSE.groupId, person(1))).toBe(true);
      expect(await rows()).toEqual([{ user_id: person(1), status: 'confirmed' }]);

      expect(await enrolIn(service(directory), person(1), COURSE)).toEqual({
        alreadyEnrolled: true,
      });
      expect(await rows()).toHaveLength(1);
    });

    it('answers 409 course_full when no place is left', async () => {
      const directory = new MemoryDirectory();
      const enrolment = service(directory);
      for (let i = 0; i < OTHER.places; i++) {
        directory.addUser(person(i));
        await enrolIn(enrolment, person(i), OTHER);
      }
      directory.addUser(person(99));
      const refusal = await enrolIn(enrolment, person(99), OTHER).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(CourseFullError);
      expect(errorResponse(refusal)).toEqual({
        statusCode: 409,
        body: { error: 'course_full', message: 'Vagas esgotadas para este curso.' },
      });
      expect(directory.isMemberNow(OTHER.groupId, person(99))).toBe(false);
    });

    it('enrols only in an open class: a planned one names its opening when it has one to come, a concluded one is closed', async () => {
      const directory = new MemoryDirectory();
      directory.addUser(person(1));
      const enrolment = service(directory);
      const setState = (state: 'planned' | 'running' | 'concluded', opensAt: string | null) =>
        handle.db
          .updateTable('classes')
          .set({ state, enrolment_opens_at: opensAt })
          .where('course_slug', '=', COURSE.slug)
          .execute();
      const refusal = () =>
        enrolIn(enrolment, person(1), COURSE).then(
          () => null,
          (e: unknown) => errorResponse(e),
        );

      await setState('planned', '2099-03-01T12:00:00.000Z');
      expect(await refusal()).toMatchObject({
        statusCode: 409,
        body: { error: 'enrolment_not_open' },
      });
      expect((await refusal())?.body.message).toContain('01/03/2099');
      // Named ('turma'), a planned class with no opening date, or one whose date passed while
      // staff have not opened it, names no date: there is none to give.
      for (const opensAt of [null, '2020-03-01T12:00:00.000Z']) {
        await setState('planned', opensAt);
        const planned = await enrolIn(
          enrolment,
          person(1),
          COURSE,
          classOf[COURSE.slug] as string,
        ).catch((e: unknown) => errorResponse(e));
        expect(planned).toEqual({
          statusCode: 409,
          body: {
            error: 'enrolment_not_open',
            message: 'As inscrições para este curso ainda não abriram.',
          },
        });
      }
      for (const state of ['running', 'concluded'] as const) {
        await setState(state, null);
        expect(await refusal()).toMatchObject({
          statusCode: 409,
          body: { error: 'enrolment_closed' },
        });
      }
      // Named, a running class refuses by its own state.
      const running = classOf[COURSE.slug] as string;
      await setState('running', null);
      const named = await enrolIn(enrolment, person(1), COURSE, running).catch((e: unknown) =>
        errorResponse(e),
      );
      expect(named).toMatchObject({ statusCode: 409, body: { error: 'enrolment_closed' } });
      expect(await rows()).toEqual([]);
      expect(directory.isMemberNow(COURSE.groupId, person(1))).toBe(false);
    });

    it('lets a person of a concluded class enrol in the next one; a cancellation gives back that place only', async () => {
      const directory = new MemoryDirectory();
      directory.addUser(person(1));
      directory.addUser(person(2));
      const enrolment = service(directory);
      const first = classOf[COURSE.slug] as string;
      await enrolIn(enrolment, person(1), COURSE);
      const next = await createClassStore(handle.db).create({
        course_slug: COURSE.slug,
        name: 'Turma 2027/2',
        places: 1,
        state: 'open',
      });
      // Two open classes, the first not concluded: one active class per course.
      const refused = await enrolIn(enrolment, person(1), COURSE, next).catch((e: unknown) =>
        errorResponse(e),
      );
      expect(refused).toMatchObject({
        statusCode: 409,
        body: { error: 'enrolled_in_other_class' },
      });
      await handle.db
        .updateTable('classes')
        .set({ state: 'concluded' })
        .where('id', '=', first)
        .execute();
      expect(await enrolIn(enrolment, person(1), COURSE)).toEqual({ alreadyEnrolled: false });
      // The new class is full: the next person waits for it.
      expect(await joinIn(enrolment, person(2), COURSE)).toEqual({
        state: 'waiting',
        position: 1,
      });
      const byClass = () =>
        handle.db
          .selectFrom('enrolments')
          .select(['class_id', 'user_id', 'status', 'active'])
          .where('course_slug', '=', COURSE.slug)
          .orderBy('created_at')
          .execute();
      expect(await byClass()).toEqual([
        { class_id: first, user_id: person(1), status: 'confirmed', active: 0 },
        { class_id: next, user_id: person(1), status: 'confirmed', active: 1 },
      ]);

      await cancelIn(enrolment, person(1), COURSE);
      // The concluded class's row stays; the place went to the person waiting.
      expect(await byClass()).toEqual([
        { class_id: first, user_id: person(1), status: 'confirmed', active: 0 },
        { class_id: next, user_id: person(2), status: 'confirmed', active: 1 },
      ]);
      const trace = await handle.db
        .selectFrom('cancellations')
        .select(['class_id', 'person_id'])
        .execute();
      expect(trace).toEqual([{ class_id: next, person_id: person(1) }]);
      expect(directory.isMemberNow(COURSE.groupId, person(1))).toBe(false);
    });

    it('takes, without a class named, the only open class whose enrolment window holds now', async () => {
      const directory = new MemoryDirectory();
      for (const n of [1, 2]) directory.addUser(person(n));
      const enrolment = service(directory);
      const first = classOf[COURSE.slug] as string;
      // Last term's class: still open (nothing sets 'running'), its enrolment closed long ago.
      await handle.db
        .updateTable('classes')
        .set({ enrolment_closes_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', first)
        .execute();
      const next = await createClassStore(handle.db).create({
        course_slug: COURSE.slug,
        name: 'Turma 2027/2',
        places: 5,
        state: 'open',
      });
      // The page offers one class ('Finalizar inscrição' names none): it used to answer 409
      // class_required, and nobody could enrol from it.
      expect(await enrolIn(enrolment, person(1), COURSE)).toEqual({ alreadyEnrolled: false });
      expect(await joinIn(enrolment, person(2), COURSE).catch(errorResponse)).toMatchObject({
        statusCode: 409,
        body: { error: 'course_not_full' },
      });
      const rows = await handle.db
        .selectFrom('enrolments')
        .select(['class_id', 'user_id'])
        .execute();
      expect(rows).toEqual([{ class_id: next, user_id: person(1) }]);
      // A second class taking enrolments now: the request must name one.
      await handle.db
        .updateTable('classes')
        .set({ enrolment_closes_at: null })
        .where('id', '=', first)
        .execute();
      expect(await enrolIn(enrolment, person(2), COURSE).catch(errorResponse)).toMatchObject({
        statusCode: 409,
        body: { error: 'class_required' },
      });
    });

    it("refuses the waiting list of a class while the person waits for another class's", async () => {
      const directory = new MemoryDirectory();
      for (const n of [1, 2, 3]) directory.addUser(person(n));
      const enrolment = service(directory);
      const first = classOf[COURSE.slug] as string;
      await handle.db.updateTable('classes').set({ places: 1 }).where('id', '=', first).execute();
      const next = await createClassStore(handle.db).create({
        course_slug: COURSE.slug,
        name: 'Turma 2027/2',
        places: 1,
        state: 'open',
      });
      await enrolIn(enrolment, person(1), COURSE, first);
      await enrolIn(enrolment, person(2), COURSE, next);
      expect(await joinIn(enrolment, person(3), COURSE, first)).toEqual({
        state: 'waiting',
        position: 1,
      });
      // Told 'waiting, position 1' for the Saturday class, while on the Tuesday class's list only.
      const refused = await joinIn(enrolment, person(3), COURSE, next).catch((e: unknown) =>
        errorResponse(e),
      );
      expect(refused).toMatchObject({
        statusCode: 409,
        body: { error: 'enrolled_in_other_class' },
      });
      // Asked again for its own class: the position it has.
      expect(await joinIn(enrolment, person(3), COURSE, first)).toEqual({
        state: 'waiting',
        position: 1,
      });
    });

    it.each([503, 502] as const)(
      'gives the place back and answers %i when the directory fails',
      async (status) => {
        const directory = new MemoryDirectory();
        directory.addUser(person(1));
        directory.fault = (op) =>
          op === 'addToGroup' ? new DirectoryError('Graph is down', status) : undefined;
        const enrolment = service(directory);
        const failure = await enrolIn(enrolment, person(1), COURSE).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(EnrolmentIncompleteError);
        expect(errorResponse(failure)).toEqual({
          statusCode: status,
          body: {
            error: 'directory_unavailable',
            message: 'Não foi possível concluir a inscrição agora. Por favor tente novamente.',
          },
        });
        expect(await rows()).toEqual([]);

        directory.fault = undefined;
        expect(await enrolIn(enrolment, person(1), COURSE)).toEqual({ alreadyEnrolled: false });
        expect(await rows()).toEqual([{ user_id: person(1), status: 'confirmed' }]);
      },
    );

    it('frees no place twice when the directory fails for a full course', async () => {
      const directory = new MemoryDirectory();
      const enrolment = service(directory);
      for (let i = 0; i < OTHER.places; i++) directory.addUser(person(i));
      directory.addUser(person(50));
      await enrolIn(enrolment, person(0), OTHER);
      await enrolIn(enrolment, person(1), OTHER);
      directory.fault = (op) =>
        op === 'addToGroup' ? new DirectoryError('timeout', 503) : undefined;
      const failure = await enrolIn(enrolment, person(2), OTHER).catch((e: unknown) => e);
      expect(errorResponse(failure).statusCode).toBe(503);
      directory.fault = undefined;
      await enrolIn(enrolment, person(2), OTHER);
      const refusal = await enrolIn(enrolment, person(50), OTHER).catch((e: unknown) => e);
      expect(errorResponse(refusal).statusCode).toBe(409);
      expect(await rows(OTHER.slug)).toHaveLength(3);
    });

    it('enrols one person asking 20 times at once exactly once', async () => {
      const directory = new MemoryDirectory();
      directory.latencyMs = 2;
      directory.addUser(person(7));
      const results = await Promise.all(
        Array.from({ length: 20 }, () => enrolIn(service(directory), person(7), COURSE)),
      );
      expect(results.every((r) => 'alreadyEnrolled' in r)).toBe(true);
      expect(await rows()).toEqual([{ user_id: person(7), status: 'confirmed' }]);
      const occupancy = await repositoryOf(handle).currentClasses();
      expect(occupancy.get(COURSE.slug)?.taken).toBe(1);
    });

    it('repairs pending rows left by a crash: confirmed if the directory has the member, else released', async () => {
      const directory = new MemoryDirectory();
      const old = '2020-01-01T00:00:00.000Z';
      const recent = new Date().toISOString();
      await handle.db
        .insertInto('enrolments')
        .values([
          {
            course_slug: COURSE.slug,
            class_id: classOf[COURSE.slug] as string,
            user_id: person(1),
            status: 'pending',
            created_at: old,
            updated_at: old,
          },
          {
            course_slug: COURSE.slug,
            class_id: classOf[COURSE.slug] as string,
            user_id: person(2),
            status: 'pending',
            created_at: old,
            updated_at: old,
          },
          {
            course_slug: COURSE.slug,
            class_id: classOf[COURSE.slug] as string,
            user_id: person(3),
            status: 'pending',
            created_at: recent,
            updated_at: recent,
          },
          {
            course_slug: COURSE.slug,
            class_id: classOf[COURSE.slug] as string,
            user_id: person(4),
            status: 'confirmed',
            created_at: old,
            updated_at: old,
          },
        ])
        .execute();
      directory.addUser(person(1));
      await directory.addToGroup(COURSE.groupId, person(1));

      const report = await service(directory).repairPendingEnrolments(60_000);
      expect(report).toMatchObject({ confirmed: 1, released: 1, failed: 0 });
      expect(await rows()).toEqual([
        { user_id: person(1), status: 'confirmed' },
        { user_id: person(3), status: 'pending' },
        { user_id: person(4), status: 'confirmed' },
      ]);
    });

    it('leaves pending rows for later when the directory cannot answer, and repairs at start-up', async () => {
      const directory = new MemoryDirectory();
      const old = '2020-01-01T00:00:00.000Z';
      await handle.db
        .insertInto('enrolments')
        .values({
          course_slug: COURSE.slug,
          class_id: classOf[COURSE.slug] as string,
          user_id: person(1),
          status: 'pending',
          created_at: old,
          updated_at: old,
        })
        .execute();
      directory.fault = () => new DirectoryError('down', 503);
      const report = await service(directory).repairPendingEnrolments(60_000);
      expect(report).toMatchObject({ confirmed: 0, released: 0, failed: 1 });
      expect(await rows()).toEqual([{ user_id: person(1), status: 'pending' }]);

      directory.fault = undefined;
      const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
      const upkeep = createEnrolmentUpkeep({
        service: service(directory),
        database: handle,
        directory,
        log,
        repairAfterMs: 60_000,
      });
      await upkeep.start();
      upkeep.stop();
      expect(await rows()).toEqual([]);
    });

    it('reports availability per course, as a view of its current class', async () => {
      const directory = new MemoryDirectory();
      directory.addUser(person(1));
      const enrolment = service(directory);
      await enrolIn(enrolment, person(1), OTHER);
      const now = new Date().toISOString();
      const availability = Object.fromEntries(
        [...(await enrolment.currentClasses())].map(([slug, c]) => [
          slug,
          classAvailability(c, now),
        ]),
      );
      expect(availability).toEqual({
        [COURSE.slug]: { places: 10, placesLeft: 10, state: 'open', opensAt: null, closesAt: null },
        [OTHER.slug]: { places: 3, placesLeft: 2, state: 'open', opensAt: null, closesAt: null },
      });
    });

    it('says a course whose class is planned or running takes no enrolments, whatever its window', async () => {
      const enrolment = service(new MemoryDirectory());
      const stateOf = async () => {
        const now = new Date().toISOString();
        const current = (await enrolment.currentClasses()).get(COURSE.slug);
        return current && classAvailability(current, now).state;
      };
      for (const [state, expected] of [
        ['planned', 'not-open'],
        ['running', 'closed'],
        ['open', 'open'],
      ] as const) {
        await handle.db
          .updateTable('classes')
          .set({ state })
          .where('course_slug', '=', COURSE.slug)
          .execute();
        expect(await stateOf(), state).toBe(expected);
      }
    });
  });
});
