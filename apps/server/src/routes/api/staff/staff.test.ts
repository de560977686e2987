/**
 * The staff API through the real server (app.inject) and database, on SQLite and PostgreSQL: the
 * authorization matrix of every endpoint, the exports read back, settings applied at once (and
 * seen by a second instance on the same PostgreSQL), places never below those taken, a removal
 * with the directory failing midway, and the action record.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { allCourses, formatDate, formatTime, type Weekday, weekdayNames } from '@centro/content';
import type { StaffCourseSummary } from '@centro/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { DirectoryError } from '../../../directory/directory.js';
import { PasswordResets } from '../../../idp/store/password-resets.js';

const pgDatabase = await createPostgresTestDatabase('staff_api');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const course = allCourses()[0] as ReturnType<typeof allCourses>[number];
const ADMIN = randomUUID();
const C = `/api/staff/courses/${course.slug}`;

type Call = { method: 'GET' | 'POST'; url: string; body?: unknown; level: 'staff' | 'coordenacao' };
const endpoints = (someone: string): Call[] => [
  { method: 'GET', url: '/api/staff/courses', level: 'staff' },
  { method: 'GET', url: `${C}/participants`, level: 'staff' },
  { method: 'GET', url: `${C}/export.csv`, level: 'staff' },
  { method: 'GET', url: `${C}/export.xlsx`, level: 'staff' },
  { method: 'GET', url: `${C}/attendance/1`, level: 'staff' },
  {
    method: 'POST',
    url: `${C}/attendance/1`,
    body: { marks: [{ personId: someone, present: true }] },
    level: 'staff',
  },
  { method: 'GET', url: `${C}/settings`, level: 'coordenacao' },
  { method: 'POST', url: `${C}/settings`, body: courseSettings(), level: 'coordenacao' },
  {
    method: 'POST',
    url: `${C}/participants/${someone}/remove`,
    body: { confirm: true },
    level: 'coordenacao',
  },
  { method: 'GET', url: '/api/staff/roles', level: 'coordenacao' },
  {
    method: 'POST',
    url: '/api/staff/roles/grant',
    body: { email: `${someone}@example.org`, role: 'secretaria' },
    level: 'coordenacao',
  },
  {
    method: 'POST',
    url: '/api/staff/roles/revoke',
    body: { personId: someone, role: 'secretaria' },
    level: 'coordenacao',
  },
  { method: 'GET', url: '/api/staff/actions', level: 'coordenacao' },
];

describe.each(targets)('the staff API on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let people: string[];
  let secretaria: string;
  let participant: string;

  const as = (person: string | null, call: Omit<Call, 'level'>) =>
    api.app.inject({
      method: call.method,
      url: call.url,
      headers: person === null ? {} : { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
  // Attendance is marked only for meetings that have happened: the first one, a past Saturday.
  const pastMeetings = () =>
    as(ADMIN, {
      method: 'POST',
      url: `${C}/settings`,
      body: { ...courseSettings(), firstMeeting: '2026-01-10' },
    });
  const enrol = (person: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: course.groupId, user: person, token: api.tokenFor(person) },
    });

  beforeAll(async () => {
    api = await createTestApi({
      databaseUrl,
      env: { ADMIN_EMAILS: `Outro@example.org, ${ADMIN.toUpperCase()}@EXAMPLE.org` },
    });
    await seedPeople(api.app.database.db, [ADMIN]);
    people = await api.createPeople(4);
    [secretaria, participant] = people as [string, string];
    await api.app.database.db
      .updateTable('accounts')
      .set({ display_name: 'José Araújo; "Zé"', mobile_phone: '(11) 98765-4321' })
      .where('id', '=', participant)
      .execute();
    for (const p of people.slice(1)) expect((await enrol(p)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers 401 without a token, 403 to a participant, 403 to Secretaria on Coordenação’s endpoints', async () => {
    const grant = await as(ADMIN, {
      method: 'POST',
      url: '/api/staff/roles/grant',
      body: { email: `${secretaria}@example.org`, role: 'secretaria' },
    });
    expect(grant.statusCode).toBe(200);
    expect((await pastMeetings()).statusCode).toBe(200);
    for (const call of endpoints(people[3] as string)) {
      const anonymous = await as(null, call);
      expect(anonymous.statusCode, `${call.url} anonymous`).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: 'unauthorized' });
      const refused = await as(participant, call);
      expect(refused.statusCode, `${call.url} participant`).toBe(403);
      expect(refused.json()).toEqual({
        error: 'forbidden',
        message: 'Esta área é só para a equipe do centro.',
      });
      const bySecretaria = await as(secretaria, call);
      if (call.level === 'coordenacao') {
        expect(bySecretaria.statusCode, `${call.url} secretaria`).toBe(403);
        expect(bySecretaria.json().message).toBe('Só a Coordenação pode fazer isso.');
      } else {
        expect(bySecretaria.statusCode, `${call.url} secretaria`).toBe(200);
      }
    }
    const anon = await api.app.inject({
      method: 'GET',
      url: '/api/staff/courses',
      headers: { authorization: `Bearer ${api.anonymousToken()}` },
    });
    expect(anon.statusCode).toBe(401);
    expect((await as(participant, { method: 'GET', url: '/api/staff/me' })).json()).toEqual({
      id: participant,
      name: '',
      roles: [],
      classes: [],
    });
    expect((await as(ADMIN, { method: 'GET', url: '/api/staff/me' })).json()).toMatchObject({
      roles: ['coordenacao'],
    });
  });

  it('lists the overview and a course’s participants, searched and sorted', async () => {
    const overview = await as(ADMIN, { method: 'GET', url: '/api/staff/courses' });
    expect(overview.statusCode).toBe(200);
    expect(overview.headers['cache-control']).toBe('no-store');
    const courses = overview.json().courses as { slug: string; enrolled: number; state: string }[];
    expect(courses).toHaveLength(allCourses().length);
    expect(courses.find((c) => c.slug === course.slug)).toMatchObject({
      enrolled: 3,
      state: 'open',
      // Its current class, with the meetings in effect (decision 075).
      classState: 'open',
      firstMeeting:
        (
          await api.app.database.db
            .selectFrom('classes')
            .select('first_meeting')
            .where('course_slug', '=', course.slug)
            .executeTakeFirstOrThrow()
        ).first_meeting ?? course.meetings.firstMeeting,
      time: course.meetings.time,
      durationMinutes: course.meetings.durationMinutes,
    });

    const found = await as(ADMIN, { method: 'GET', url: `${C}/participants?q=jose%20ARAUJO` });
    expect(found.json().participants).toEqual([
      expect.objectContaining({
        id: participant,
        name: 'José Araújo; "Zé"',
        celular: '(11) 98765-4321',
        status: 'confirmed',
      }),
    ]);
    const sorted = await as(ADMIN, {
      method: 'GET',
      url: `${C}/participants?sort=name&order=desc`,
    });
    const names = (sorted.json().participants as { name: string }[]).map((p) => p.name);
    expect(names).toHaveLength(3);
    expect(names[names.length - 1]).toBe('José Araújo; "Zé"');
  });

  it('exports CSV (BOM, ;, accents, DD/MM/AAAA) and .xlsx, read back', async () => {
    const csv = await as(secretaria, { method: 'GET', url: `${C}/export.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The course and its class ('Turma AAAA/S') name the file.
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(`filename="inscritos-${course.slug}-turma-\\d{4}-[12]\\.csv"`),
    );
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.startsWith('sep=')).toBe(false);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Nome;E-mail;Celular;Data de inscrição;Situação;Presenças;Turma;Primeiro encontro;Dia;Horário;Duração (min);Encontros;Local',
    );
    expect(lines).toHaveLength(4);
    const jose = lines.find((l) => l.includes('Araújo'));
    expect(jose).toMatch(
      /^"José Araújo; ""Zé""";[^;]+@example\.org;\(11\) 98765-4321;\d{2}\/\d{2}\/\d{4};Confirmada;0;Turma \d{4}\/[12];/,
    );
    // The class's meetings in effect, as the staff overview says them.
    const overview = await as(ADMIN, { method: 'GET', url: '/api/staff/courses' });
    const m = (overview.json().courses as StaffCourseSummary[]).find(
      (c) => c.slug === course.slug,
    ) as StaffCourseSummary;
    const meetings = [
      formatDate(m.firstMeeting),
      weekdayNames[m.weekday as Weekday],
      formatTime(m.time),
      m.durationMinutes,
      m.meetings,
      m.room ?? '',
    ].join(';');
    expect(jose).toContain(`;${meetings}`);

    // The waiting list has its own CSV, named apart.
    const waiting = await as(secretaria, { method: 'GET', url: `${C}/lista-de-espera.csv` });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.headers['content-disposition']).toMatch(
      new RegExp(`filename="espera-${course.slug}-turma-\\d{4}-[12]\\.csv"`),
    );
    expect(waiting.rawPayload.toString('utf8').slice(1).split('\r\n')[0]).toBe(
      'Posição;Nome;E-mail;Celular;Entrou na lista em',
    );

    const xlsx = await as(secretaria, { method: 'GET', url: `${C}/export.xlsx` });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name).slice(1)).toEqual([
      'Lista de espera',
      'Presença',
      'Visitantes',
    ]);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Nome',
      'E-mail',
      'Celular',
      'Data de inscrição',
      'Situação',
      'Presenças',
      'Turma',
      'Primeiro encontro',
      'Dia',
      'Horário',
      'Duração (min)',
      'Encontros',
      'Local',
    ]);
    const values = Array.from({ length: 3 }, (_, i) => sheet?.getRow(i + 2).getCell(1).value);
    expect(values).toContain('José Araújo; "Zé"');
  });

  it('applies settings at once, refuses places below those taken, and shows the window to the public', async () => {
    const below = await as(ADMIN, {
      method: 'POST',
      url: `${C}/settings`,
      body: { ...courseSettings(), places: 2 },
    });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({
      error: 'places_below_taken',
      message: 'O número de vagas não pode ser menor que o de inscrições já feitas (3).',
      field: 'places',
    });
    const changed = await as(ADMIN, {
      method: 'POST',
      url: `${C}/settings`,
      body: { ...courseSettings(), places: 3, opensAt: '2099-03-01T19:30' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().settings).toMatchObject({ places: 3, opensAt: '2099-03-01T19:30' });
    const availability = await api.app.inject({ url: '/api/courses/availability' });
    expect(availability.json().courses[course.slug]).toEqual({
      places: 3,
      placesLeft: 0,
      state: 'not-open',
      opensAt: '2099-03-01T22:30:00.000Z',
      closesAt: null,
    });
    const refused = await enrol(people[0] as string);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'enrolment_not_open',
      message: 'As inscrições abrem em 01/03/2099 às 19h30.',
    });
    // Closed: the closing instant passed.
    await as(ADMIN, {
      method: 'POST',
      url: `${C}/settings`,
      body: {
        ...courseSettings(),
        places: 10,
        opensAt: '2020-01-01T08:00',
        closesAt: '2020-02-01T08:00',
      },
    });
    expect((await enrol(people[0] as string)).json()).toEqual({
      error: 'enrolment_closed',
      message: 'As inscrições para este curso foram encerradas.',
    });
    // Back to the defaults.
    const reset = await as(ADMIN, { method: 'POST', url: `${C}/settings`, body: courseSettings() });
    expect(reset.json().settings).toEqual(courseSettings());
    expect(
      (await api.app.inject({ url: '/api/courses/availability' })).json().courses[course.slug],
    ).toMatchObject({ places: course.places, state: 'open' });
  });

  it('gives the invite code and meetings staff set to the enrolment, its e-mail and the calendar file', async () => {
    const saved = await as(ADMIN, {
      method: 'POST',
      url: `${C}/settings`,
      body: {
        ...courseSettings(),
        // The link exactly as WhatsApp shares it: only its code is kept.
        inviteCode: ' https://chat.whatsapp.com/NovoConvite2027abc?mode=ems_copy_t ',
        firstMeeting: '2027-04-03',
        time: '09:15',
        count: 2,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.inviteCode).toBe('NovoConvite2027abc');
    const newcomer = (await api.createPeople(1))[0] as string;
    const enrolled = await enrol(newcomer);
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().data.groupLink).toBe('https://chat.whatsapp.com/NovoConvite2027abc');

    // The e-mail is kept as data and composed at delivery (decision 033): read the .eml file.
    const { id } = await api.app.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('person_id', '=', newcomer)
      .executeTakeFirstOrThrow();
    const outbox = path.join(api.fixture.dataDir, 'outbox');
    let file: string | undefined;
    for (let i = 0; i < 50 && !file; i++) {
      await api.app.mail.sender.runOnce();
      file = (await readdir(outbox).catch(() => [])).find((f) => f.endsWith(`-${id}.eml`));
      if (!file) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const message = await simpleParser(await readFile(path.join(outbox, file ?? '')));
    expect(message.html).toContain('https://chat.whatsapp.com/NovoConvite2027abc');
    expect(message.text).toContain('Primeiro encontro: sábado, 03/04/2027, às 09h15');

    const calendar = await api.app.inject({
      url: `/${course.programme}/${course.slug}/encontros.ics`,
    });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.body).toContain('DTSTART;TZID=America/Sao_Paulo:20270403T091500');
    expect(calendar.body).toContain('COUNT=2');

    await as(ADMIN, { method: 'POST', url: `${C}/settings`, body: courseSettings() });
    // Back to the content's invite: none yet, so no link at all (never a placeholder's).
    expect(course.inviteCode).toBeNull();
    expect((await enrol(newcomer)).json().data.groupLink).toBeNull();
    const back = await api.app.inject({ url: `/${course.programme}/${course.slug}/encontros.ics` });
    expect(back.body).not.toContain('20270403T091500');
  });

  it('names the field of a refused setting in Portuguese, as `field`, and tells which courses lack an invite', async () => {
    const url = `${C}/settings`;
    const zero = await as(ADMIN, { method: 'POST', url, body: { ...courseSettings(), places: 0 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({
      error: 'invalid_request',
      message: 'Vagas: use pelo menos 1.',
      field: 'places',
    });
    const link = await as(ADMIN, {
      method: 'POST',
      url,
      body: { ...courseSettings(), inviteCode: 'https://example.com/NovoConvite2027abc' },
    });
    expect(link.statusCode).toBe(400);
    expect(link.json()).toMatchObject({ field: 'inviteCode' });
    expect(link.json().message).toMatch(/^Convite do grupo de WhatsApp inválido/);
    const late = await as(ADMIN, {
      method: 'POST',
      url,
      body: { ...courseSettings(), opensAt: '2099-03-02T08:00', closesAt: '2099-03-01T08:00' },
    });
    expect(late.json()).toEqual({
      error: 'invalid_request',
      message: 'O encerramento das inscrições deve ser depois da abertura.',
      field: 'closesAt',
    });
    const typed = await as(ADMIN, {
      method: 'POST',
      url,
      body: { ...courseSettings(), count: '3' },
    });
    expect(typed.json().message).toBe(
      'Campo "Número de encontros" com tipo inválido: esperado número.',
    );

    const withInvite = async () => {
      const overview = await as(ADMIN, { method: 'GET', url: '/api/staff/courses' });
      const courses = overview.json().courses as { slug: string; hasInvite: boolean }[];
      return courses.find((c) => c.slug === course.slug)?.hasInvite;
    };
    expect(await withInvite()).toBe(false);
    await as(ADMIN, {
      method: 'POST',
      url,
      body: { ...courseSettings(), inviteCode: 'https://chat.whatsapp.com/NovoConvite2027abc' },
    });
    expect(await withInvite()).toBe(true);
    await as(ADMIN, { method: 'POST', url, body: courseSettings() });
  });

  it('removes a participant: a directory failure midway changes nothing, then the place is freed', async () => {
    const someone = people[3] as string;
    const url = `${C}/participants/${someone}/remove`;
    api.faults.fault = (op) =>
      op === 'removeFromGroup' ? new DirectoryError('Graph down', 503) : undefined;
    const failed = await as(ADMIN, { method: 'POST', url, body: { confirm: true } });
    api.faults.fault = undefined;
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toBe('directory_unavailable');
    const db = api.app.database.db;
    const row = () =>
      db
        .selectFrom('enrolments')
        .select('status')
        .where('course_slug', '=', course.slug)
        .where('user_id', '=', someone)
        .executeTakeFirst();
    expect(await row()).toEqual({ status: 'confirmed' });
    expect(await api.app.directory.isMember(course.groupId, someone)).toBe(true);
    expect(await db.selectFrom('staff_removals').selectAll().execute()).toEqual([]);

    const presentAtFirst = async () => {
      const overview = await as(ADMIN, { method: 'GET', url: '/api/staff/courses' });
      const courses = overview.json().courses as { slug: string; attendance: number[] }[];
      return courses.find((c) => c.slug === course.slug)?.attendance[0];
    };
    await pastMeetings();
    await as(ADMIN, {
      method: 'POST',
      url: `${C}/attendance/1`,
      body: { marks: [{ personId: someone, present: true }] },
    });
    const before = (await presentAtFirst()) as number;
    expect(before).toBeGreaterThan(0);

    const removed = await as(ADMIN, { method: 'POST', url, body: { confirm: true } });
    expect(removed.json()).toEqual({ removed: true });
    // The removed person no longer counts as present in the overview.
    expect(await presentAtFirst()).toBe(before - 1);
    expect(await row()).toBeUndefined();
    expect(await api.app.directory.isMember(course.groupId, someone)).toBe(false);
    const again = await as(ADMIN, { method: 'POST', url, body: { confirm: true } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('not_enrolled');
  });

  it('records who saw and changed what, and keeps the last coordinator', async () => {
    const last = await as(ADMIN, {
      method: 'POST',
      url: '/api/staff/roles/revoke',
      body: { personId: ADMIN, role: 'coordenacao' },
    });
    // ADMIN is Coordenação through ADMIN_EMAILS: nothing here could take it away.
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe('role_from_admin_emails');
    const record = await as(ADMIN, { method: 'GET', url: '/api/staff/actions?limit=200' });
    const actions = record.json().actions as {
      action: string;
      actorId: string;
      course: string | null;
    }[];
    const kinds = new Set(actions.map((a) => a.action));
    for (const kind of [
      'overview.view',
      'participants.view',
      'export.csv',
      'export.xlsx',
      'settings.update',
      'participant.remove',
      'role.grant',
      'attendance.view',
      'attendance.update',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(actions.find((a) => a.action === 'export.csv')).toMatchObject({
      actorId: secretaria,
      course: course.slug,
    });
    // No participant's data stored in the record: ids and counts only (names are read when shown).
    const stored = await api.app.database.db.selectFrom('staff_actions').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain('Araújo');
  });

  it('revokes a role at once (built-in provider: roles read at each request)', async () => {
    const revoke = await as(ADMIN, {
      method: 'POST',
      url: '/api/staff/roles/revoke',
      body: { personId: secretaria, role: 'secretaria' },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await as(secretaria, { method: 'GET', url: '/api/staff/courses' })).statusCode).toBe(
      403,
    );
  });
});

describe.runIf(pgDatabase)('two instances on one PostgreSQL', () => {
  it('a setting changed on one is seen by the other at once', { timeout: 30_000 }, async () => {
    const one = await createTestApi({
      databaseUrl: pgDatabase?.url,
      env: { ADMIN_EMAILS: `${ADMIN}@example.org` },
    });
    const two = await createTestApi({ databaseUrl: pgDatabase?.url, fixture: one.fixture });
    try {
      const [admin] = await one.app.database.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', `${ADMIN}@example.org`)
        .execute();
      const adminId = admin?.id ?? (await seedPeople(one.app.database.db, [ADMIN]))[0];
      const set = await one.app.inject({
        method: 'POST',
        url: `${C}/settings`,
        headers: { authorization: `Bearer ${one.tokenFor(adminId as string)}` },
        payload: { ...courseSettings(), places: 77 },
      });
      expect(set.statusCode).toBe(200);
      const seen = await two.app.inject({ url: '/api/courses/availability' });
      expect(seen.json().courses[course.slug].places).toBe(77);
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe('ADMIN_EMAILS with e-mail verification required', () => {
  it(
    'make Coordenação only of the account that confirmed the address',
    { timeout: 30_000 },
    async () => {
      // SMTP_URL makes EMAIL_VERIFICATION default to required; nothing is sent in this test.
      const api = await createTestApi({
        env: {
          ADMIN_EMAILS: `${ADMIN}@example.org`,
          SMTP_URL: 'smtp://127.0.0.1:9',
          MAIL_FROM: 'Centro <nao-responda@centro.example>',
        },
      });
      try {
        const [admin = ''] = await seedPeople(api.app.database.db, [ADMIN]);
        const me = async () =>
          (
            await api.app.inject({
              url: '/api/staff/me',
              headers: { authorization: `Bearer ${api.tokenFor(admin)}` },
            })
          ).json() as { roles: string[] };
        const accounts = api.app.database.db.updateTable('accounts').where('id', '=', admin);
        // Someone who signed up first with the address, without confirming it, is nobody.
        await accounts.set({ email_verified_at: null }).execute();
        expect((await me()).roles).toEqual([]);
        await accounts.set({ email_verified_at: new Date().toISOString() }).execute();
        expect((await me()).roles).toEqual(['coordenacao']);
      } finally {
        await api.close();
      }
    },
  );
});

describe('ADMIN_EMAILS with e-mail verification off', () => {
  it(
    'make Coordenação only once the address is proven, by a password reset whose link is in DATA_DIR/outbox',
    { timeout: 60_000 },
    async () => {
      // No SMTP_URL: EMAIL_VERIFICATION is off, and mail is written as .eml files.
      const api = await createTestApi({ env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
      try {
        const { db } = api.app.database;
        const [admin = ''] = await seedPeople(db, [ADMIN]);
        // The first to sign up with the address, who never proved it.
        await db
          .updateTable('accounts')
          .set({ email_verified_at: null })
          .where('id', '=', admin)
          .execute();
        const me = async () =>
          (
            await api.app.inject({
              url: '/api/staff/me',
              headers: { authorization: `Bearer ${api.tokenFor(admin)}` },
            })
          ).json() as { roles: string[] };
        expect((await me()).roles).toEqual([]);

        // The owner proves it: 'Esqueci minha senha', the link read from the .eml file.
        const account = await db
          .selectFrom('accounts')
          .select(['id', 'email', 'display_name', 'email_verified_at'])
          .where('id', '=', admin)
          .executeTakeFirstOrThrow();
        const resets = new PasswordResets(db, api.app.mail, 'http://localhost:3000');
        expect(await resets.sendLink(account)).toBe(true);
        const outbox = path.join(api.fixture.dataDir, 'outbox');
        let file: string | undefined;
        for (let i = 0; i < 50 && !file; i++) {
          await api.app.mail.sender.runOnce();
          file = (await readdir(outbox).catch(() => [])).find((f) => f.includes('password-reset'));
          if (!file) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const message = await simpleParser(await readFile(path.join(outbox, file ?? '')));
        const token = /token=([\w-]{43})/.exec(String(message.text))?.[1] ?? '';
        expect(await resets.use(token, 'uma senha nova e longa')).not.toBeNull();
        expect((await me()).roles).toEqual(['coordenacao']);
      } finally {
        await api.close();
      }
    },
  );
});
