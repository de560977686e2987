/**
 * A class's participants, attendance, settings and exports in the staff area
 * through the real server and database: `?turma=` addresses one class of the course (absent: its
 * current class), a class of another course or an unknown one is 404, and a concluded class stays
 * readable but refuses changes (409, in Portuguese) so its participants and attendance keep what
 * they were.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import type { StaffCourseSummary, StaffTermProposalResponse } from '@centro/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const pgDatabase = await createPostgresTestDatabase('staff_class_panels');
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
const ADMIN = randomUUID();
const C = `/api/staff/courses/${course.slug}`;
const READ_ONLY = {
  error: 'class_read_only',
  message:
    'Esta turma foi encerrada: participantes, presença e configurações ficam apenas para consulta.',
};

const SETTINGS = courseSettings({
  places: 30,
  firstMeeting: '2026-03-03',
  time: '19:30',
  count: 2,
});

describe.each(targets)('a class’s panels on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let ana: string;
  let bruno: string;
  /** The course's first class (Ana and Bruno) and 'Turma 2027/1' (nobody yet). */
  let first: string;
  let second: string;

  const as = (method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(ADMIN)}` },
      ...(body === undefined ? {} : { payload: body }),
    });

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
    [ana, bruno] = (await api.createPeople(2)) as [string, string];
    for (const p of [ana, bruno]) {
      const enrolled = await api.app.inject({
        method: 'POST',
        url: '/api/group/add',
        payload: { group: course.groupId, user: p, token: api.tokenFor(p) },
      });
      expect(enrolled.statusCode).toBe(200);
    }
    expect((await as('POST', `${C}/settings`, SETTINGS)).statusCode).toBe(200);
    const marked = await as('POST', `${C}/attendance/1`, {
      marks: [
        { personId: ana, present: true },
        { personId: bruno, present: false },
      ],
    });
    expect(marked.statusCode).toBe(200);
    const listed = await as('GET', `${C}/classes`);
    first = listed.json().classes[0].id;
    // The proposal: the course's row of 'Preparar próximo semestre', the latest class's places.
    const table = (await as('GET', '/api/staff/next-term')).json<StaffTermProposalResponse>();
    const row = table.courses.find((c) => c.slug === course.slug)?.proposal;
    expect(listed.json().proposal).toMatchObject({ places: 30, firstMeeting: row?.firstMeeting });
    const created = await as('POST', `${C}/classes`, {
      name: 'Turma 2027/1',
      places: 5,
      opensAt: '2027-01-10T09:00',
      closesAt: '2027-02-28T23:59',
      firstMeeting: '2027-03-02',
    });
    expect(created.statusCode).toBe(200);
    second = created.json().class.id;
    expect(created.json().class).toMatchObject({
      name: 'Turma 2027/1',
      state: 'planned',
      places: 5,
      taken: 0,
      firstMeeting: '2027-03-02',
      opensAt: '2027-01-10T12:00:00.000Z',
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('shows each class its own participants, settings and attendance', async () => {
    const names = async (turma: string) =>
      (
        (await as('GET', `${C}/participants?turma=${turma}`)).json().participants as {
          id: string;
        }[]
      )
        .map((p) => p.id)
        .sort();
    expect(await names(first)).toEqual([ana, bruno].sort());
    expect(await names(second)).toEqual([]);

    const settings = (await as('GET', `${C}/settings?turma=${second}`)).json();
    expect(settings).toMatchObject({ classId: second, taken: 0 });
    expect(settings.settings).toMatchObject({ places: 5, firstMeeting: '2027-03-02' });
    const changed = await as('POST', `${C}/settings?turma=${second}`, {
      ...SETTINGS,
      places: 8,
      firstMeeting: '2027-03-02',
    });
    expect(changed.statusCode).toBe(200);
    const firstSettings = (await as('GET', `${C}/settings?turma=${first}`)).json();
    expect(firstSettings.settings.places).toBe(30);

    const meeting = (await as('GET', `${C}/attendance/1?turma=${first}`)).json();
    expect(meeting.marks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ personId: ana, present: true }),
        expect.objectContaining({ personId: bruno, present: false }),
      ]),
    );
    expect((await as('GET', `${C}/attendance/1?turma=${second}`)).json().marks).toEqual([]);
  });

  it("keeps the open class as the default while 'Turma 2027/1' is only planned", async () => {
    const settings = (await as('GET', `${C}/settings`)).json();
    expect(settings.classId).toBe(first);
    const participants = (await as('GET', `${C}/participants`)).json().participants as unknown[];
    expect(participants).toHaveLength(2);
  });

  it('exports the class asked for, with its attendance', async () => {
    const csv = await as('GET', `${C}/export.csv?turma=${second}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    // Each class's file has its own name: two classes' downloads are told apart in a folder.
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="inscritos-${course.slug}-turma-2027-1.csv"`,
    );
    const xlsx = await as('GET', `${C}/export.xlsx?turma=${first}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="inscritos-${course.slug}-turma-\\d{4}-[12]\\.xlsx"$`),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const presence = book.getWorksheet('Presença');
    const marks = [2, 3].map((r) => presence?.getRow(r).getCell(2).value);
    expect(marks.sort()).toEqual(['Falta', 'Presente']);
  });

  it('answers 404 for a class of another course or an unknown class', async () => {
    const otherClass = (await as('GET', `/api/staff/courses/${other.slug}/classes`)).json()
      .classes[0].id as string;
    for (const turma of [otherClass, randomUUID()]) {
      const res = await as('GET', `${C}/participants?turma=${turma}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: 'Turma não encontrada.' });
    }
  });

  it("opens the overview on the class that meets today, not on 'Turma 2027/1' taking enrolments", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    const meetsToday = { ...SETTINGS, firstMeeting: today };
    expect((await as('POST', `${C}/settings?turma=${first}`, meetsToday)).statusCode).toBe(200);
    expect((await as('POST', `${C}/classes/${second}/open`, {})).statusCode).toBe(200);
    const overview = async () =>
      ((await as('GET', '/api/staff/courses')).json().courses as StaffCourseSummary[]).find(
        (c) => c.slug === course.slug,
      );
    expect(await overview()).toMatchObject({
      classId: first,
      classState: 'open',
      enrolled: 2,
      firstMeeting: today,
      attendance: [1, 0],
    });
    // Its meetings over: the class taking enrolments is the one to open on.
    expect((await as('POST', `${C}/settings?turma=${first}`, SETTINGS)).statusCode).toBe(200);
    expect(await overview()).toMatchObject({ classId: second, className: 'Turma 2027/1' });
  });

  it('keeps a concluded class readable and refuses its changes (409, in Portuguese)', async () => {
    const concluded = await as('POST', `${C}/classes/${first}/conclude`, { confirm: true });
    expect(concluded.statusCode).toBe(200);
    const settings = await as('POST', `${C}/settings?turma=${first}`, { ...SETTINGS, places: 40 });
    const marking = await as('POST', `${C}/attendance/1?turma=${first}`, {
      marks: [{ personId: bruno, present: true }],
    });
    const removal = await as('POST', `${C}/participants/${ana}/remove?turma=${first}`, {
      confirm: true,
    });
    for (const refused of [settings, marking, removal]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(READ_ONLY);
    }
    const people = (await as('GET', `${C}/participants?turma=${first}`)).json().participants;
    expect(people).toHaveLength(2);
    const meeting = (await as('GET', `${C}/attendance/1?turma=${first}`)).json();
    expect(meeting.marks).toEqual(
      expect.arrayContaining([expect.objectContaining({ personId: bruno, present: false })]),
    );
    // Without `turma`: the current class, now 'Turma 2027/1'.
    expect((await as('GET', `${C}/settings`)).json().classId).toBe(second);
  });

  it("opens the new class to enrolments ('Abrir inscrições'), never a concluded one", async () => {
    const opened = await as('POST', `${C}/classes/${second}/open`, {});
    expect(opened.statusCode).toBe(200);
    expect(opened.json().class).toMatchObject({ id: second, state: 'open' });
    const [carla] = (await api.createPeople(1)) as [string];
    const enrolled = await api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: course.groupId, user: carla, token: api.tokenFor(carla), turma: second },
    });
    expect(enrolled.statusCode).toBe(200);
    const people = (await as('GET', `${C}/participants?turma=${second}`)).json().participants;
    expect(people.map((p: { id: string }) => p.id)).toEqual([carla]);
    const refused = await as('POST', `${C}/classes/${first}/open`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(READ_ONLY);
  });

  it(
    'computes completions with the meetings the concluded class keeps, whatever is saved meanwhile',
    { timeout: 30_000 },
    async () => {
      const third = allCourses().find(
        (c) => ![course.slug, other.slug].includes(c.slug) && !c.prerequisites?.length,
      );
      const K = `/api/staff/courses/${third?.slug}`;
      const meetings = (count: number) => ({ ...SETTINGS, firstMeeting: '2026-03-03', count });
      const broken: string[] = [];
      for (let round = 0; round < 16; round++) {
        const created = await as('POST', `${K}/classes`, { firstMeeting: '2026-03-03' });
        const turma = created.json().class.id as string;
        expect((await as('POST', `${K}/settings?turma=${turma}`, meetings(2))).statusCode).toBe(
          200,
        );
        expect((await as('POST', `${K}/classes/${turma}/open`, {})).statusCode).toBe(200);
        const [person] = (await api.createPeople(1)) as [string];
        const enrolled = await api.app.inject({
          method: 'POST',
          url: '/api/group/add',
          payload: { group: third?.groupId, user: person, token: api.tokenFor(person), turma },
        });
        expect(enrolled.statusCode).toBe(200);
        const marks = { marks: [{ personId: person, present: true }] };
        expect((await as('POST', `${K}/attendance/1?turma=${turma}`, marks)).statusCode).toBe(200);
        // 1 of 2 meetings: 'Não concluiu'; 1 of 1: 'Concluiu'. The count is changed while concluding.
        const [saved, concluded] = await Promise.all([
          as('POST', `${K}/settings?turma=${turma}`, meetings(1)),
          as('POST', `${K}/classes/${turma}/conclude`, { confirm: true }),
        ]);
        expect(concluded.statusCode).toBe(200);
        const kept = (await as('GET', `${K}/settings?turma=${turma}`)).json().settings
          .count as number;
        const counted = concluded.json().completions[0]?.concluded as boolean;
        if (counted !== (kept === 1) || (saved.statusCode === 200) !== (kept === 1)) {
          broken.push(`${round}: saved ${saved.statusCode}, kept ${kept}, concluded ${counted}`);
        }
      }
      expect(broken).toEqual([]);
    },
  );

  it("refuses 'Remover' when 'Encerrar turma' concludes the class meanwhile: the place stays in it", async () => {
    const third = allCourses().find(
      (c) => ![course.slug, other.slug].includes(c.slug) && !c.prerequisites?.length,
    );
    const K = `/api/staff/courses/${third?.slug}`;
    const created = await as('POST', `${K}/classes`, { firstMeeting: '2026-03-03' });
    const turma = created.json().class.id as string;
    expect((await as('POST', `${K}/classes/${turma}/open`, {})).statusCode).toBe(200);
    const [person] = (await api.createPeople(1)) as [string];
    const enrolled = await api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: third?.groupId, user: person, token: api.tokenFor(person), turma },
    });
    expect(enrolled.statusCode).toBe(200);
    // The class is concluded while the removal waits for the directory.
    api.faults.pause = (operation) => {
      if (operation !== 'removeFromGroup') return undefined;
      api.faults.pause = undefined;
      return as('POST', `${K}/classes/${turma}/conclude`, { confirm: true }).then((res) => {
        expect(res.statusCode).toBe(200);
      });
    };
    const removal = await as('POST', `${K}/participants/${person}/remove?turma=${turma}`, {
      confirm: true,
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toEqual(READ_ONLY);
    const people = (await as('GET', `${K}/participants?turma=${turma}`)).json().participants;
    expect(people.map((p: { id: string }) => p.id)).toEqual([person]);
    const removals = await api.app.database.db
      .selectFrom('staff_actions')
      .select('action')
      .where('action', '=', 'participant.remove')
      .where('subject_id', '=', person)
      .execute();
    expect(removals).toEqual([]);
  });
});
