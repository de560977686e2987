/**
 * Two classes of one course open at once (decision 052), through real listening servers
 * and real databases (SQLite with one instance; PostgreSQL with two instances sharing it): a
 * request without a class is asked to choose; a rush for both classes at once fills each to
 * exactly its places, with no 5xx and nobody twice; a person holds a place in one class of a course;
 * the public list of classes shows both with their places left. Once a class is concluded its
 * people can enrol in the course's next classes (decision 059): a rush in which each of them asks
 * for two new classes at once puts each in exactly one.
 */
import { allCourses } from '@centro/content';
import type { CourseClassesResponse, MyEnrolmentsResponse } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassStore } from '../../src/classes/class-store.js';
import { createCompletionStore } from '../../src/classes/completion-store.js';
import { firstClassOf } from '../support/classes.js';
import { checkEnrolmentInvariants } from '../support/enrolment-invariants.js';
import { rushServers, rushTargets } from '../support/rush-servers.js';

const { targets, drop } = await rushTargets('class_rush');
afterAll(drop);

// A course anyone may enrol in (no prerequisites: decision 061).
const course = allCourses().filter((c) => !c.prerequisites)[5] as ReturnType<
  typeof allCourses
>[number];
const TUESDAY_PLACES = 4;
const SATURDAY_PLACES = 3;

interface Answer {
  status: number;
  body: { error?: string; message?: string; data?: { alreadyEnrolled: boolean } };
}

describe.each(targets)(
  'two classes of one course on $dialect ($instances instance(s))',
  (target) => {
    const servers = rushServers(target);
    const { main, db } = servers;
    let tuesday = '';
    let saturday = '';

    beforeAll(async () => {
      await servers.start();
      tuesday = await firstClassOf(db(), course.slug);
      await db()
        .updateTable('classes')
        .set({ places: TUESDAY_PLACES, name: 'Turma 2027/1' })
        .where('id', '=', tuesday)
        .execute();
      saturday = await createClassStore(db()).create({
        course_slug: course.slug,
        name: 'Turma 2027/1 (sábado)',
        places: SATURDAY_PLACES,
        state: 'open',
        first_meeting: '2027-03-06',
        meeting_weekday: 'saturday',
        meeting_time: '15:00',
        meeting_room: 'Sala 3',
      });
    }, 30_000);
    afterAll(() => servers.close());

    function enrol(i: number, userId: string, turma?: string): Promise<Answer> {
      return servers.post<Answer['body']>(i, '/api/group/add', {
        group: course.groupId,
        user: userId,
        token: main().tokenFor(userId),
        ...(turma === undefined ? {} : { turma }),
      });
    }

    it('asks which class when several are open, and refuses a class of no such course', async () => {
      const [person] = (await main().createPeople(1)) as [string];
      const without = await enrol(0, person);
      expect(without).toMatchObject({
        status: 409,
        body: { error: 'class_required', message: 'Escolha a turma.' },
      });
      const unknown = await enrol(0, person, '00000000-0000-4000-8000-000000000000');
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Turma não encontrada.' } });
      const rows = await db()
        .selectFrom('enrolments')
        .selectAll()
        .where('user_id', '=', person)
        .execute();
      expect(rows).toEqual([]);
    });

    it('fills each class to exactly its places in a rush for both at once', async () => {
      const people = await main().createPeople(60);
      const answers = await Promise.all(
        people.map((p, i) => enrol(i, p, i % 2 === 0 ? tuesday : saturday)),
      );
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      const won = (turma: string) =>
        people.filter(
          (_, i) => answers[i]?.status === 200 && (i % 2 === 0 ? tuesday : saturday) === turma,
        );
      expect(won(tuesday)).toHaveLength(TUESDAY_PLACES);
      expect(won(saturday)).toHaveLength(SATURDAY_PLACES);
      expect(
        answers.filter((a) => a.status !== 200).every((a) => a.body.error === 'course_full'),
      ).toBe(true);

      for (const [turma, places] of [
        [tuesday, TUESDAY_PLACES],
        [saturday, SATURDAY_PLACES],
      ] as const) {
        const rows = await db()
          .selectFrom('enrolments')
          .select(['user_id', 'status'])
          .where('class_id', '=', turma)
          .execute();
        expect(rows.map((r) => r.user_id).sort()).toEqual(won(turma).sort());
        expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
        const { taken } = await db()
          .selectFrom('classes')
          .select('taken')
          .where('id', '=', turma)
          .executeTakeFirstOrThrow();
        expect(taken).toBe(places);
      }
      const { violations } = await checkEnrolmentInvariants(db(), { accepted: new Set() });
      expect(violations).toEqual([]);

      // The confirmation e-mail and its calendar take the person's own class's meetings.
      const [onSaturday] = won(saturday) as [string];
      const theirs = await main().app.courseOf.forPerson(course.slug, onSaturday);
      expect(theirs?.meetings).toMatchObject({
        weekday: 'saturday',
        time: '15:00',
        firstMeeting: '2027-03-06',
        room: 'Sala 3',
      });

      // 'Minhas inscrições' names the person's class.
      const mineRes = await fetch(`${servers.origin(0)}/api/me/enrolments`, {
        headers: { authorization: `Bearer ${main().tokenFor(onSaturday)}` },
      });
      const { enrolments } = (await mineRes.json()) as MyEnrolmentsResponse;
      expect(enrolments).toEqual([
        expect.objectContaining({
          course: course.slug,
          state: 'enrolled',
          turma: { id: saturday, name: 'Turma 2027/1 (sábado)' },
        }),
      ]);

      // One class per course: a person of the Tuesday class is refused the Saturday one.
      const [mine] = won(tuesday) as [string];
      expect(await enrol(0, mine, saturday)).toMatchObject({
        status: 409,
        body: {
          error: 'enrolled_in_other_class',
          message: 'Você já está inscrito(a) em outra turma deste curso.',
        },
      });
      expect(await enrol(0, mine, tuesday)).toMatchObject({
        status: 200,
        body: { data: { alreadyEnrolled: true } },
      });
    }, 30_000);

    it('puts a person on the waiting list of the full class they name', async () => {
      const [late] = (await main().createPeople(1)) as [string];
      const join = async (turma?: string) => {
        const res = await fetch(`${servers.origin(0)}/api/me/waiting-list/join`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${main().tokenFor(late)}`,
          },
          body: JSON.stringify({ course: course.slug, ...(turma ? { turma } : {}) }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      expect(await join()).toMatchObject({ status: 409, body: { error: 'class_required' } });
      expect(await join(saturday)).toMatchObject({
        status: 200,
        body: { state: 'waiting', position: 1 },
      });
      const row = await db()
        .selectFrom('waiting_list')
        .select('class_id')
        .where('user_id', '=', late)
        .executeTakeFirstOrThrow();
      expect(row.class_id).toBe(saturday);
    });

    it('lists both classes for the course page, with their places left', async () => {
      const res = await fetch(`${servers.origin(0)}/api/courses/classes`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as CourseClassesResponse;
      const classes = body.courses[course.slug] ?? [];
      expect(classes.map((c) => [c.name, c.state, c.enrolment, c.placesLeft])).toEqual([
        ['Turma 2027/1', 'open', 'open', 0],
        ['Turma 2027/1 (sábado)', 'open', 'open', 0],
      ]);
      expect(classes[1]).toMatchObject({
        weekday: 'saturday',
        time: '15:00',
        firstMeeting: '2027-03-06',
        room: 'Sala 3',
      });
      expect(JSON.stringify(body)).not.toContain('invite');
      // Every other course shows its one class.
      expect(Object.keys(body.courses)).toHaveLength(allCourses().length);
    });

    it('lets the people of a concluded class enrol in the next ones, each in one class only', async () => {
      const alumni = (
        await db()
          .selectFrom('enrolments')
          .select('user_id')
          .where('class_id', '=', tuesday)
          .execute()
      ).map((r) => r.user_id);
      expect(alumni).toHaveLength(TUESDAY_PLACES);
      // Before the conclusion: still refused, their Tuesday place is active.
      expect(await enrol(0, alumni[0] as string, saturday)).toMatchObject({
        status: 409,
        body: { error: 'enrolled_in_other_class' },
      });
      await createCompletionStore(main().app.database).conclude(
        tuesday,
        course.slug,
        () => true,
        new Date(),
      );
      const store = createClassStore(db());
      const next = {
        course_slug: course.slug,
        state: 'open' as const,
        first_meeting: '2027-08-03',
      };
      const places = 5;
      const night = await store.create({ ...next, name: 'Turma 2027/2', places });
      const afternoon = await store.create({ ...next, name: 'Turma 2027/2 (sábado)', places });
      const newcomers = await main().createPeople(2 * places - alumni.length);
      const people = [...alumni, ...newcomers];
      // Every person asks for both new classes at once, on different instances.
      const answers = await Promise.all(
        people.flatMap((p, i) => [enrol(i, p, night), enrol(i + 1, p, afternoon)]),
      );
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(people.length);
      expect(
        answers
          .filter((a) => a.status !== 200)
          .every((a) => ['enrolled_in_other_class', 'course_full'].includes(a.body.error ?? '')),
      ).toBe(true);
      const rows = await db()
        .selectFrom('enrolments')
        .select(['user_id', 'class_id', 'status'])
        .where('class_id', 'in', [night, afternoon])
        .execute();
      expect(rows.map((r) => r.user_id).sort()).toEqual([...people].sort());
      expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
      // The concluded class keeps its rows (inactive) beside the new place.
      const kept = await db()
        .selectFrom('enrolments')
        .select(['user_id', 'active'])
        .where('class_id', '=', tuesday)
        .execute();
      expect(kept.map((r) => [r.user_id, Number(r.active)]).sort()).toEqual(
        alumni.map((a) => [a, 0]).sort(),
      );
      const { violations } = await checkEnrolmentInvariants(db(), { accepted: new Set() });
      expect(violations).toEqual([]);
    }, 30_000);
  },
);
