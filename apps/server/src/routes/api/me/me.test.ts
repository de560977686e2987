/**
 * The participant's own space through the real server (app.inject) and database, on
 * SQLite and PostgreSQL: the waiting list (join, order, leave), cancellation and the promotion of
 * the next person (in the group, confirmed, e-mailed once), no promotion after enrolment closes,
 * staff raising places and removing someone, a directory failure or a late answer during a
 * promotion (the place stays the promoted person's; the repair settles it), the export of my data
 * (a 'Liberar inscrição' granted by staff and a completion included), the account's deletion (they
 * go with it), and the authorization matrix of every /api/me endpoint.
 */
import { randomUUID } from 'node:crypto';
import { allCourses, scheduledMeetings, weekdayOf } from '@centro/content';
import { ACCOUNT_DELETE_CONFIRMATION } from '@centro/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { DirectoryError } from '../../../directory/directory.js';
import { REFUSALS } from '../../../refusals/catalogue.js';
import { firstClassOf } from '../../../../tests/support/classes.js';
import { createClassStore } from '../../../classes/class-store.js';

const pgDatabase = await createPostgresTestDatabase('me_api');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const [course, other] = allCourses() as [
  ReturnType<typeof allCourses>[number],
  ReturnType<typeof allCourses>[number],
];
const courseOf = (slug: string) => {
  const found = allCourses().find((c) => c.slug === slug);
  if (!found) throw new Error(`no course ${slug}`);
  return found;
};
/** A course with a prerequisite ('… II' requires '… I', decision 061). */
const second = courseOf('estudando-andre-luiz-ii');

describe.each(targets)('the participant’s own space on $dialect', ({ databaseUrl }) => {
  let api: TestApi;

  const as = (person: string | null, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: person === null ? {} : { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const enrol = (person: string, groupId = course.groupId) =>
    api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: groupId, user: person, token: api.tokenFor(person) },
    });
  const join = (person: string, slug = course.slug) =>
    as(person, 'POST', '/api/me/waiting-list/join', { course: slug });
  const leave = (person: string) =>
    as(person, 'POST', '/api/me/waiting-list/leave', { course: course.slug });
  const cancel = (person: string) =>
    as(person, 'POST', '/api/me/enrolments/cancel', { course: course.slug });
  const mine = async (person: string) =>
    (await as(person, 'GET', '/api/me/enrolments')).json<{
      enrolments: {
        course: string;
        state: string;
        position: number | null;
        whatsappUrl: string | null;
      }[];
    }>().enrolments;
  const db = () => api.app.database.db;
  const rows = async () =>
    (
      await db()
        .selectFrom('enrolments')
        .select(['user_id', 'status'])
        .where('course_slug', '=', course.slug)
        .execute()
    )
      .map((r) => `${r.user_id}:${r.status}`)
      .sort();
  const waiting = async () =>
    (
      await db()
        .selectFrom('waiting_list')
        .select('user_id')
        .where('course_slug', '=', course.slug)
        .orderBy('id')
        .execute()
    ).map((r) => r.user_id);
  const members = async () =>
    (
      await db()
        .selectFrom('directory_memberships')
        .select('user_id')
        .where('group_id', '=', course.groupId.toLowerCase())
        .execute()
    )
      .map((r) => r.user_id)
      .sort();
  const setCourse = (values: { places?: number; enrolment_closes_at?: string | null }) =>
    db().updateTable('classes').set(values).where('course_slug', '=', course.slug).execute();
  const confirmations = async (person: string) =>
    (
      await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', 'in', ['enrolment-confirmation', 'waiting-list-promotion'])
        // Kept as data, composed at delivery (decision 033): the row names the person.
        .where('person_id', '=', person)
        .execute()
    ).length;

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { RATE_LIMIT_API_PER_MINUTE: '0' } });
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(async () => {
    api.faults.fault = undefined;
    api.faults.pause = undefined;
    await db().deleteFrom('waiting_list').execute();
    await db().deleteFrom('staff_removals').execute();
    await db().deleteFrom('enrolments').execute();
    await db().deleteFrom('cancellations').execute();
    await db().deleteFrom('directory_memberships').execute();
    await setCourse({ places: 2, enrolment_closes_at: null });
  });

  it('queues in order of joining, promotes the first on a cancellation, and e-mails them once', async () => {
    const [a, b, c, d] = (await api.createPeople(4)) as [string, string, string, string];
    expect((await join(a)).json()).toMatchObject({ error: 'course_not_full' });
    for (const p of [a, b]) expect((await enrol(p)).statusCode).toBe(200);
    expect((await join(a)).json()).toEqual({
      error: 'already_enrolled',
      message: REFUSALS.alreadyEnrolled.message,
    });
    expect((await join(c)).json()).toEqual({ course: course.slug, state: 'waiting', position: 1 });
    expect((await join(d)).json()).toEqual({ course: course.slug, state: 'waiting', position: 2 });
    expect((await join(c)).json()).toMatchObject({ position: 1 }); // idempotent
    expect((await enrol(d)).json()).toMatchObject({ error: 'course_full' });
    expect(await mine(d)).toMatchObject([{ course: course.slug, state: 'waiting', position: 2 }]);

    const res = await cancel(a);
    expect(res.json()).toEqual({ course: course.slug, cancelled: true });
    expect(await rows()).toEqual([`${b}:confirmed`, `${c}:confirmed`].sort());
    expect(await waiting()).toEqual([d]);
    expect(await members()).toEqual([b, c].sort());
    expect(await confirmations(c)).toBe(1);
    const [cEnrolment] = await mine(c);
    expect(cEnrolment).toMatchObject({ state: 'enrolled', position: null });
    // The course has no WhatsApp invite yet: no link (never a placeholder's) until staff set one.
    expect(cEnrolment?.whatsappUrl).toBeNull();
    expect(await mine(d)).toMatchObject([{ state: 'waiting', position: 1 }]);

    expect((await cancel(a)).json()).toEqual({
      error: 'not_enrolled',
      message: REFUSALS.noEnrolment.message,
    });
    expect((await leave(d)).json()).toEqual({ course: course.slug, left: true });
    expect((await leave(d)).json()).toEqual({ course: course.slug, left: false });
    // Leaving and cancelling stay in the person's history ('Cancelada'), holding nothing.
    expect(await mine(d)).toMatchObject([{ course: course.slug, state: 'cancelled' }]);
    expect(await mine(a)).toMatchObject([{ course: course.slug, state: 'cancelled' }]);
  });

  it('lists a concluded class in the history, enrols the person in the next one, and refuses a cancellation after the end', async () => {
    const [admin, a] = (await api.createPeople(2)) as [string, string];
    await db()
      .insertInto('staff_roles')
      .values({ person_id: admin, role: 'coordenacao', granted_by: admin, granted_at: 'x' })
      .execute();
    const first = await firstClassOf(db(), course.slug);
    expect((await enrol(a)).statusCode).toBe(200);
    // The class's last meeting is over: nothing left to cancel.
    await db()
      .updateTable('classes')
      .set({ first_meeting: '2020-03-03', meeting_count: 2 })
      .where('id', '=', first)
      .execute();
    expect((await cancel(a)).json()).toEqual({
      error: 'class_ended',
      message: 'Este curso já terminou: não é mais possível cancelar a inscrição.',
    });
    expect(await rows()).toEqual([`${a}:confirmed`]);
    const concluded = await as(
      admin,
      'POST',
      `/api/staff/courses/${course.slug}/classes/${first}/conclude`,
      { confirm: true },
    );
    expect(concluded.statusCode).toBe(200);
    const next = await createClassStore(db()).create({
      course_slug: course.slug,
      name: 'Turma 2099/1',
      places: 2,
      state: 'open',
      first_meeting: '2099-03-03',
    });
    expect((await enrol(a)).json()).toMatchObject({ data: { alreadyEnrolled: false } });
    expect(await mine(a)).toMatchObject([
      // The meetings of the person's own class (decision 075).
      {
        state: 'enrolled',
        turma: { id: next, name: 'Turma 2099/1' },
        meetings: { firstMeeting: '2099-03-03', count: course.meetings.count },
      },
      {
        state: 'not-concluded',
        turma: { id: first },
        nextMeeting: null,
        whatsappUrl: null,
        meetings: null,
      },
    ]);
    expect((await cancel(a)).statusCode).toBe(200);
    // Nothing left but the concluded class: it has ended too.
    expect((await cancel(a)).json()).toMatchObject({ error: 'class_ended' });
    expect(await mine(a)).toMatchObject([
      { state: 'cancelled', turma: { id: next } },
      { state: 'not-concluded', turma: { id: first } },
    ]);
    const data = (await as(a, 'GET', '/api/me/data')).json<Record<string, unknown>>();
    expect(data.history).toEqual([
      expect.objectContaining({ course: course.slug, turma: 'Turma 2099/1', state: 'cancelled' }),
      expect.objectContaining({ course: course.slug, state: 'not-concluded', position: null }),
    ]);
    // The concluded class's place stays, inactive, for the history and the staff.
    expect(await rows()).toEqual([`${a}:confirmed`]);
    await db().deleteFrom('completions').execute();
    await db().deleteFrom('classes').where('id', '=', next).execute();
    await db()
      .updateTable('classes')
      .set({ state: 'open', first_meeting: null, meeting_count: null })
      .where('id', '=', first)
      .execute();
  });

  it("refuses a cancellation when 'Encerrar turma' concludes the class meanwhile: the place stays in it", async () => {
    const [admin, a] = (await api.createPeople(2)) as [string, string];
    await db()
      .insertInto('staff_roles')
      .values({ person_id: admin, role: 'coordenacao', granted_by: admin, granted_at: 'x' })
      .execute();
    const first = await firstClassOf(db(), course.slug);
    expect((await enrol(a)).statusCode).toBe(200);
    // Under way: begun two weeks ago, so 'Encerrar turma' is confirmed with the meetings left.
    const begun = new Date(Date.now() - 14 * 24 * 3600_000).toISOString().slice(0, 10);
    await db()
      .updateTable('classes')
      .set({ first_meeting: begun, meeting_weekday: weekdayOf(begun), meeting_count: 10 })
      .where('id', '=', first)
      .execute();
    const meetingsRemaining = scheduledMeetings({
      ...course.meetings,
      firstMeeting: begun,
      count: 10,
    }).filter((m) => m.start > new Date()).length;
    // The class is concluded while the cancellation waits for the directory.
    api.faults.pause = (operation) => {
      if (operation !== 'removeFromGroup') return undefined;
      api.faults.pause = undefined;
      const conclude = `/api/staff/courses/${course.slug}/classes/${first}/conclude`;
      return as(admin, 'POST', conclude, { confirm: true, meetingsRemaining }).then((res) => {
        expect(res.statusCode).toBe(200);
      });
    };
    const res = await cancel(a);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'class_ended', message: REFUSALS.classEnded.message });
    expect(await rows()).toEqual([`${a}:confirmed`]);
    expect(await mine(a)).toMatchObject([{ state: 'not-concluded', turma: { id: first } }]);
    await db().deleteFrom('completions').execute();
    await db()
      .updateTable('classes')
      .set({ state: 'open', first_meeting: null, meeting_weekday: null, meeting_count: null })
      .where('id', '=', first)
      .execute();
  });

  it('does not promote after enrolment closed, and refuses to join then', async () => {
    const [a, b, c] = (await api.createPeople(3)) as [string, string, string];
    for (const p of [a, b]) expect((await enrol(p)).statusCode).toBe(200);
    expect((await join(c)).statusCode).toBe(200);
    await setCourse({ enrolment_closes_at: new Date(Date.now() - 1000).toISOString() });
    expect((await cancel(a)).statusCode).toBe(200);
    expect(await waiting()).toEqual([c]);
    expect(await rows()).toEqual([`${b}:confirmed`]);
    const [d] = (await api.createPeople(1)) as [string];
    expect((await join(d)).json()).toMatchObject({ error: 'enrolment_closed' });
  });

  it('gives more places set by staff and a staff removal to the people waiting, in order', async () => {
    const [admin, a, b, c, d, e] = (await api.createPeople(6)) as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await db()
      .insertInto('staff_roles')
      .values({ person_id: admin, role: 'coordenacao', granted_by: admin, granted_at: 'x' })
      .execute();
    for (const p of [a, b]) expect((await enrol(p)).statusCode).toBe(200);
    for (const p of [c, d, e]) expect((await join(p)).statusCode).toBe(200);

    const settings = await as(admin, 'GET', `/api/staff/courses/${course.slug}/settings`);
    const raised = await as(admin, 'POST', `/api/staff/courses/${course.slug}/settings`, {
      ...settings.json<{ settings: object }>().settings,
      places: 3,
    });
    expect(raised.statusCode).toBe(200);
    expect(await waiting()).toEqual([d, e]);
    expect(await rows()).toContain(`${c}:confirmed`);

    const removed = await as(
      admin,
      'POST',
      `/api/staff/courses/${course.slug}/participants/${a}/remove`,
      {
        confirm: true,
      },
    );
    expect(removed.statusCode).toBe(200);
    expect(await waiting()).toEqual([e]);
    expect(await rows()).toEqual([`${b}:confirmed`, `${c}:confirmed`, `${d}:confirmed`].sort());
    expect(await members()).toEqual([b, c, d].sort());

    const overview = await as(admin, 'GET', '/api/staff/courses');
    expect(
      overview
        .json<{ courses: { slug: string; waiting: number }[] }>()
        .courses.find((x) => x.slug === course.slug),
    ).toMatchObject({ waiting: 1 });
    const list = await as(admin, 'GET', `/api/staff/courses/${course.slug}/participants`);
    expect(list.json<{ waiting: unknown[] }>().waiting).toEqual([
      expect.objectContaining({ id: e, position: 1, email: `${e}@example.org` }),
    ]);
  });

  it('keeps a promoted place through a directory failure, until the repair adds the person', async () => {
    const [a, b, c, d] = (await api.createPeople(4)) as [string, string, string, string];
    for (const p of [a, b]) expect((await enrol(p)).statusCode).toBe(200);
    expect((await join(c)).statusCode).toBe(200);
    api.faults.fault = (op) => (op === 'addToGroup' ? new DirectoryError('down', 503) : undefined);
    expect((await cancel(a)).statusCode).toBe(200);
    expect(await rows()).toEqual([`${b}:confirmed`, `${c}:pending`].sort());
    // The place is c's: nobody behind takes it, and c cannot cancel it half-way.
    expect((await enrol(d)).json()).toMatchObject({ error: 'course_full' });
    expect((await cancel(c)).json()).toMatchObject({ error: 'enrolment_in_progress' });
    expect(await mine(c)).toMatchObject([{ state: 'pending', whatsappUrl: null }]);
    // Still failing: the repair keeps it.
    await api.app.enrolment.repairPendingEnrolments(0);
    expect(await rows()).toContain(`${c}:pending`);
    api.faults.fault = undefined;
    expect(await api.app.enrolment.repairPendingEnrolments(0)).toMatchObject({ confirmed: 1 });
    expect(await rows()).toEqual([`${b}:confirmed`, `${c}:confirmed`].sort());
    expect(await members()).toEqual([b, c].sort());
    expect(await confirmations(c)).toBe(1);
  });

  it('keeps a place whose directory call went unanswered, and settles it by the membership', async () => {
    const [a, b, c] = (await api.createPeople(3)) as [string, string, string];
    await setCourse({ places: 1 });
    api.faults.fault = (op) =>
      op === 'addToGroup' ? new DirectoryError('late', 503, { outcomeUnknown: true }) : undefined;
    expect((await enrol(a)).statusCode).toBe(503);
    expect(await rows()).toEqual([`${a}:pending`]);
    expect((await join(b)).json()).toMatchObject({ position: 1 });
    api.faults.fault = undefined;
    // The directory did add a (the answer came too late): confirmed, not released.
    await db()
      .insertInto('directory_memberships')
      .values({ group_id: course.groupId.toLowerCase(), user_id: a, created_at: 'x' })
      .execute();
    expect(await api.app.enrolment.repairPendingEnrolments(0)).toMatchObject({ confirmed: 1 });
    expect(await rows()).toEqual([`${a}:confirmed`]);
    // Not added: released, and the place goes to the first waiting.
    api.faults.fault = (op) =>
      op === 'removeFromGroup'
        ? new DirectoryError('late', 503, { outcomeUnknown: true })
        : undefined;
    expect((await cancel(a)).statusCode).toBe(503);
    expect(await rows()).toEqual([`${a}:confirmed`]);
    api.faults.fault = undefined;
    // The marker stayed; the repair finds a still a member: the cancellation did not happen.
    await api.app.enrolment.repairPendingEnrolments(0);
    expect(await db().selectFrom('staff_removals').selectAll().execute()).toEqual([]);
    expect((await cancel(a)).statusCode).toBe(200);
    expect(await rows()).toEqual([`${b}:confirmed`]);
    expect(await waiting()).toEqual([]);
    void c;
  });

  it('exports my data and deletes my account, promoting the next person', async () => {
    const [admin, a, b, c] = (await api.createPeople(4)) as [string, string, string, string];
    await db()
      .insertInto('staff_roles')
      .values({ person_id: admin, role: 'secretaria', granted_by: admin, granted_at: 'x' })
      .execute();
    // 'Liberar inscrição' through the staff API, and a completion Coordenação changed: both kept
    // while the account exists.
    const freed = await as(admin, 'POST', `/api/staff/courses/${second.slug}/exceptions`, {
      personId: a,
    });
    expect(freed.statusCode).toBe(200);
    await db()
      .insertInto('completions')
      .values({
        person_id: a,
        course_slug: other.slug,
        class_id: randomUUID(),
        concluded: 1,
        concluded_at: '2026-12-10T13:30:00.000Z',
        changed_by: admin,
        reason: 'Repôs as aulas em outra turma',
      })
      .execute();
    // Its certificate's code names the person: it goes with the account (decision 094).
    await db()
      .insertInto('certificates')
      .values({
        code: randomUUID(),
        person_id: a,
        course_slug: other.slug,
        class_id: randomUUID(),
        issued_at: '2026-12-11T10:00:00.000Z',
        withdrawn_at: null,
      })
      .execute();
    for (const p of [a, b]) expect((await enrol(p)).statusCode).toBe(200);
    expect((await join(c)).statusCode).toBe(200);
    expect((await enrol(a, other.groupId)).statusCode).toBe(200);
    await db()
      .insertInto('attendance')
      .values({
        course_slug: course.slug,
        class_id: await firstClassOf(db(), course.slug),
        meeting: 1,
        person_id: a,
        present: 1,
        marked_by: admin,
        marked_at: new Date().toISOString(),
      })
      .execute();
    await db()
      .insertInto('staff_actions')
      .values({
        id: randomUUID(),
        at: new Date().toISOString(),
        actor_id: admin,
        actor_name: 'Coordenadora',
        action: 'role.grant',
        course_slug: null,
        subject_id: a,
        details: '{}',
      })
      .execute();
    await db()
      .insertInto('oidc_payloads')
      .values({ model: 'Session', id: `s-${a}`, payload: JSON.stringify({ accountId: a }) })
      .execute();

    const exported = await as(a, 'GET', '/api/me/data');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('meus-dados.json');
    expect(exported.headers['cache-control']).toBe('no-store');
    const data = exported.json<Record<string, unknown>>();
    expect(data).toMatchObject({
      account: { id: a, signInEmail: `${a}@example.org`, mail: `${a}@example.org` },
      consentAt: expect.any(String),
      enrolments: expect.arrayContaining([
        expect.objectContaining({ course: course.slug, status: 'confirmed' }),
        expect.objectContaining({ course: other.slug, status: 'confirmed' }),
      ]),
      waitingList: [],
      attendance: [
        { course: course.slug, meeting: 1, present: true, markedAt: expect.any(String) },
      ],
      staffActions: expect.arrayContaining([
        expect.objectContaining({ action: 'role.grant', role: null }),
        expect.objectContaining({
          action: 'prerequisite.exception',
          course: second.slug,
          title: second.title,
        }),
      ]),
    });
    // By role, never by the staff member's name: that is their own data.
    expect(JSON.stringify(data)).not.toContain('Coordenadora');
    // The exception names the role that grants it, not the staff member.
    expect(data.prerequisiteExceptions).toEqual([
      {
        course: second.slug,
        title: second.title,
        grantedAt: expect.any(String),
        grantedBy: 'secretaria-ou-coordenacao',
      },
    ]);
    // The completion with the reason Coordenação gave for changing it; who changed it is not said.
    expect(data.history).toContainEqual(
      expect.objectContaining({
        course: other.slug,
        state: 'concluded',
        changeReason: 'Repôs as aulas em outra turma',
      }),
    );
    expect(data.history).toContainEqual(
      expect.objectContaining({ course: course.slug, state: 'enrolled', changeReason: null }),
    );
    expect((await as(b, 'GET', '/api/me/data')).json()).toMatchObject({
      prerequisiteExceptions: [],
    });
    expect((await as(c, 'GET', '/api/me/data')).json()).toMatchObject({
      waitingList: [{ course: course.slug, position: 1 }],
    });

    const wrong = await as(a, 'POST', '/api/me/delete', { confirmation: 'excluir conta' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toContain(ACCOUNT_DELETE_CONFIRMATION);
    const deleted = await as(a, 'POST', '/api/me/delete', {
      confirmation: ACCOUNT_DELETE_CONFIRMATION,
    });
    expect(deleted.json()).toEqual({
      deleted: true,
      accountDeleted: true,
      message: 'Sua conta e todos os seus dados foram excluídos.',
    });
    expect(await db().selectFrom('accounts').select('id').where('id', '=', a).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('oidc_payloads').select('id').where('id', '=', `s-${a}`).execute(),
    ).toEqual([]);
    expect(
      await db().selectFrom('enrolments').select('course_slug').where('user_id', '=', a).execute(),
    ).toEqual([]);
    expect(await rows()).toEqual([`${b}:confirmed`, `${c}:confirmed`].sort());
    expect(await members()).toEqual([b, c].sort());
    const record = await db().selectFrom('staff_actions').selectAll().execute();
    expect(JSON.stringify(record)).not.toContain(a);
    expect(record.filter((r) => r.action === 'account.delete')).toHaveLength(1);
    expect(
      await db().selectFrom('attendance').selectAll().where('person_id', '=', a).execute(),
    ).toEqual([]);
    for (const table of ['completions', 'certificates', 'prerequisite_exceptions'] as const) {
      expect(
        await db().selectFrom(table).select('course_slug').where('person_id', '=', a).execute(),
      ).toEqual([]);
    }
  });

  const calls = [
    { method: 'GET', url: '/api/me/enrolments' },
    { method: 'POST', url: '/api/me/enrolments/cancel', body: { course: course.slug } },
    { method: 'POST', url: '/api/me/waiting-list/join', body: { course: course.slug } },
    { method: 'POST', url: '/api/me/waiting-list/leave', body: { course: course.slug } },
    { method: 'GET', url: '/api/me/data' },
    { method: 'POST', url: '/api/me/delete', body: { confirmation: ACCOUNT_DELETE_CONFIRMATION } },
  ] as const;

  it.each(calls)(
    '$method $url: 401 anonymous, expired or tampered; never someone else’s',
    async (call) => {
      const [a, b] = (await api.createPeople(2)) as [string, string];
      const send = (authorization: string | undefined, body?: object) =>
        api.app.inject({
          method: call.method,
          url: call.url,
          headers: authorization === undefined ? {} : { authorization },
          ...('body' in call ? { payload: body ?? call.body } : {}),
        });
      for (const authorization of [
        undefined,
        `Bearer ${api.anonymousToken()}`,
        `Bearer ${api.expiredTokenFor(a)}`,
        `Bearer ${api.tamperedTokenFor(a)}`,
        'Basic YTpi',
      ]) {
        const res = await send(authorization);
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json<{ message: string }>().message).toMatch(/entr/i);
      }
      if ('body' in call) {
        // A body naming a person is refused: the person is the token's, never the body's.
        const named = await send(`Bearer ${api.tokenFor(a)}`, { ...call.body, user: b, id: b });
        expect(named.statusCode).toBe(400);
        expect(named.json()).toMatchObject({ error: 'invalid_request' });
      }
    },
  );

  it('answers each person about themselves only', async () => {
    const [a, b] = (await api.createPeople(2)) as [string, string];
    expect((await enrol(a)).statusCode).toBe(200);
    expect(await mine(b)).toEqual([]);
    expect((await as(b, 'GET', '/api/me/data')).json()).toMatchObject({
      account: { id: b },
      enrolments: [],
    });
    expect((await cancel(b)).statusCode).toBe(404);
    expect(await rows()).toEqual([`${a}:confirmed`]);
    expect(
      (await as(b, 'POST', '/api/me/waiting-list/join', { course: 'nao-existe' })).json(),
    ).toEqual({ error: 'not_found', message: REFUSALS.unknownCourse.message });
  });
});
