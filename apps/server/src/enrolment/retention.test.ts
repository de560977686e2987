/**
 * Retention on real databases (SQLite, and PostgreSQL when reachable): a course whose last meeting
 * was more than RETENTION_MONTHS_AFTER_COURSE months ago has its people removed from the group and
 * their enrolment, attendance and staff-record ids replaced by anonymous ones (counts kept), its
 * waiting list deleted; a course still within the period is untouched; a directory failure leaves
 * the person for the next run; a second run changes nothing. The period counts from each class's
 * last meeting: a newer class of the same course keeps its people, their group and the
 * staff record about them, and completions stay while the account exists.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { MemoryDirectory } from '../../tests/support/memory-directory.js';
import { DirectoryError } from '../directory/directory.js';
import { createClassStore } from '../classes/class-store.js';
import { createEnrolmentRepository } from './repository.js';
import { ANONYMOUS_PREFIX, anonymiseEndedCourses } from './retention.js';
import { contentCourses } from '../courses/course-store.js';
import { firstClassOf } from '../../tests/support/classes.js';

const [ended, running] = allCourses() as [
  ReturnType<typeof allCourses>[number],
  ReturnType<typeof allCourses>[number],
];
const silent = { info: () => undefined, warn: () => undefined };

const targets = await testDatabaseTargets('retention');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('retention on $dialect', (target) => {
  it('anonymises the enrolment data of courses past the period, and only those', async () => {
    const handle = await target.open();
    const { db } = handle;
    await createEnrolmentRepository(handle).syncCourses(contentCourses());
    // The first course ended in March 2024 (10 weekly meetings from 2024-01-01).
    await db
      .updateTable('classes')
      .set({ first_meeting: '2024-01-01', meeting_count: 10 })
      .where('course_slug', '=', ended.slug)
      .execute();
    const [a, b, c, w] = Array.from({ length: 4 }, () => randomUUID()) as [
      string,
      string,
      string,
      string,
    ];
    const directory = new MemoryDirectory();
    const at = '2024-01-01T00:00:00.000Z';
    for (const [slug, groupId, person] of [
      [ended.slug, ended.groupId, a],
      [ended.slug, ended.groupId, b],
      [running.slug, running.groupId, c],
    ] as const) {
      directory.addUser(person);
      await directory.addToGroup(groupId, person);
      await db
        .insertInto('enrolments')
        .values({
          course_slug: slug,
          class_id: await firstClassOf(db, slug),
          user_id: person,
          status: 'confirmed',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await db
      .insertInto('waiting_list')
      .values({
        course_slug: ended.slug,
        class_id: await firstClassOf(db, ended.slug),
        user_id: w,
        joined_at: at,
      })
      .execute();
    await db
      .insertInto('attendance')
      .values({
        course_slug: ended.slug,
        class_id: await firstClassOf(db, ended.slug),
        meeting: 1,
        person_id: a,
        present: 1,
        marked_by: c,
        marked_at: at,
      })
      .execute();
    await db
      .insertInto('staff_actions')
      .values({
        id: randomUUID(),
        at,
        actor_id: c,
        actor_name: 'Equipe',
        action: 'participant.remove',
        course_slug: ended.slug,
        subject_id: a,
        details: '{}',
      })
      .execute();

    // Not yet: 24 months after 2024-03-04 is 2026-03-04.
    const run = (now: string) =>
      anonymiseEndedCourses({
        database: handle,
        directory,
        months: 24,
        log: silent,
        now: () => new Date(now),
      });
    expect(await run('2026-03-04T12:00:00Z')).toBe(0);

    // b's removal from the group fails: b stays for the next run.
    let calls = 0;
    directory.fault = (op) =>
      op === 'removeFromGroup' && calls++ === 1 ? new DirectoryError('down', 503) : undefined;
    expect(await run('2026-03-05T12:00:00Z')).toBe(1);
    directory.fault = undefined;
    expect(await run('2026-03-06T12:00:00Z')).toBe(1);
    expect(await run('2026-03-07T12:00:00Z')).toBe(0);

    const rows = await db
      .selectFrom('enrolments')
      .select(['course_slug', 'user_id', 'status'])
      .execute();
    const endedRows = rows.filter((r) => r.course_slug === ended.slug);
    expect(endedRows).toHaveLength(2);
    for (const r of endedRows) expect(r.user_id.startsWith(ANONYMOUS_PREFIX)).toBe(true);
    expect(rows.filter((r) => r.course_slug === running.slug)).toEqual([
      { course_slug: running.slug, user_id: c, status: 'confirmed' },
    ]);
    const taken = await db
      .selectFrom('classes')
      .select('taken')
      .where('course_slug', '=', ended.slug)
      .executeTakeFirstOrThrow();
    expect(taken.taken).toBe(2);
    const attendance = await db.selectFrom('attendance').select('person_id').execute();
    expect(attendance.map((x) => x.person_id.startsWith(ANONYMOUS_PREFIX))).toEqual([true]);
    const actions = await db
      .selectFrom('staff_actions')
      .select(['subject_id', 'actor_id'])
      .execute();
    expect(actions[0]?.subject_id?.startsWith(ANONYMOUS_PREFIX)).toBe(true);
    expect(await db.selectFrom('waiting_list').selectAll().execute()).toEqual([]);
    expect(directory.isMemberNow(ended.groupId, a)).toBe(false);
    expect(directory.isMemberNow(ended.groupId, b)).toBe(false);
    expect(directory.isMemberNow(running.groupId, c)).toBe(true);
  });

  it('counts from each class: a newer class of the course keeps its people, group and record', async () => {
    const handle = await target.open();
    const { db } = handle;
    await target.clear(['enrolments', 'courses']);
    await db.deleteFrom('completions').execute();
    await db.deleteFrom('staff_actions').execute();
    await createEnrolmentRepository(handle).syncCourses(contentCourses());
    const old = await firstClassOf(db, ended.slug);
    await db
      .updateTable('classes')
      .set({ first_meeting: '2024-01-01', meeting_count: 10, state: 'concluded' })
      .where('id', '=', old)
      .execute();
    const next = await createClassStore(db).create({
      course_slug: ended.slug,
      name: 'Turma 2026/1',
      places: 10,
      state: 'open',
      first_meeting: '2026-03-03',
    });
    const [a, b, staff] = Array.from({ length: 3 }, () => randomUUID()) as [string, string, string];
    const directory = new MemoryDirectory();
    const at = '2024-01-01T00:00:00.000Z';
    for (const [classId, person] of [
      [old, a],
      [old, b],
      [next, a],
    ] as const) {
      directory.addUser(person);
      await directory.addToGroup(ended.groupId, person);
      await db
        .insertInto('enrolments')
        .values({
          course_slug: ended.slug,
          class_id: classId,
          user_id: person,
          status: 'confirmed',
          created_at: at,
          updated_at: at,
          active: classId === old ? 0 : 1,
        })
        .execute();
    }
    for (const person of [a, b]) {
      await db
        .insertInto('completions')
        .values({
          person_id: person,
          course_slug: ended.slug,
          class_id: old,
          concluded: 1,
          concluded_at: '2024-03-10T00:00:00.000Z',
          changed_by: null,
          reason: null,
        })
        .execute();
      await db
        .insertInto('staff_actions')
        .values({
          id: randomUUID(),
          at,
          actor_id: staff,
          actor_name: 'Equipe',
          action: 'attendance.update',
          course_slug: ended.slug,
          subject_id: person,
          details: '{}',
        })
        .execute();
    }

    expect(
      await anonymiseEndedCourses({
        database: handle,
        directory,
        months: 24,
        log: silent,
        now: () => new Date('2026-03-05T12:00:00Z'),
      }),
    ).toBe(2);
    const rows = await db
      .selectFrom('enrolments')
      .select(['class_id', 'user_id'])
      .where('course_slug', '=', ended.slug)
      .execute();
    expect(
      rows.filter((r) => r.class_id === old).every((r) => r.user_id.startsWith(ANONYMOUS_PREFIX)),
    ).toBe(true);
    expect(rows.filter((r) => r.class_id === next)).toEqual([{ class_id: next, user_id: a }]);
    // a is in the newer class: still in the group, still named in the staff record.
    expect(directory.isMemberNow(ended.groupId, a)).toBe(true);
    expect(directory.isMemberNow(ended.groupId, b)).toBe(false);
    const subjects = (await db.selectFrom('staff_actions').select('subject_id').execute()).map(
      (r) => r.subject_id,
    );
    expect(subjects).toContain(a);
    expect(subjects).not.toContain(b);
    // Completions stay while the account exists.
    const completions = await db.selectFrom('completions').select('person_id').execute();
    expect(completions.map((c) => c.person_id).sort()).toEqual([a, b].sort());
  });
});
