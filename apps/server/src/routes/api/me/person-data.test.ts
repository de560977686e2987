/**
 * A person's data in one place, and what staff did with it (decision 078), through the real server
 * and database on SQLite and PostgreSQL: the phone and birth date changed in Perfil are what the
 * staff list, both exports and 'Ver meus dados' show, never the ones given at sign-up; every
 * staff action that touched the person (a list or an export holding them, their attendance, their
 * removal) is in their data, by role and with the course's title; and the newer records are too:
 * a certificate's code with the address that checks it (decision 094), the consent given at the
 * desk in the words read (decision 095), the QR code's existence but never its token (decision
 * 097), an opening alert and the e-mails the outbox holds.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { apiPaths, DESK_CONSENT_TEXT, type MyData } from '@centro/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { AccountStore } from '../../../idp/store/accounts.js';

const pgDatabase = await createPostgresTestDatabase('person_data');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const course = allCourses()[0] as ReturnType<typeof allCourses>[number];
const C = `/api/staff/courses/${course.slug}`;
/** Another course, open to anyone: the desk enrols in it and its class is concluded. */
const other = allCourses().find(
  (c) => c.slug !== course.slug && !c.prerequisites?.length,
) as ReturnType<typeof allCourses>[number];
const O = `/api/staff/courses/${other.slug}`;
/** A third, whose opening someone asks to be told of. */
const third = allCourses().find(
  (c) => c.slug !== course.slug && c.slug !== other.slug,
) as ReturnType<typeof allCourses>[number];

describe.each(targets)("a person's data on $dialect", ({ databaseUrl }) => {
  const ADMIN = randomUUID();
  let api: TestApi;

  const as = (person: string, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });

  /** Someone who signed up with this phone and birth date, e-mail proven, enrolled. */
  async function signedUpAndEnrolled(name: string): Promise<string> {
    const email = `${randomUUID()}@example.org`;
    const account = await new AccountStore(api.app.database.db).create({
      displayName: name,
      email,
      password: 'uma senha longa qualquer',
      celular: '+55 11 91111-1111',
      dataNascimento: '01/01/1980',
    });
    await api.app.database.db
      .updateTable('accounts')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', account.id)
      .execute();
    const enrolled = await api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: course.groupId, user: account.id, token: api.tokenFor(account.id) },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    return account.id;
  }

  const myData = async (person: string) => {
    const answer = await as(person, 'GET', apiPaths.myData);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<MyData>();
  };

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
    await seedPeople(api.app.database.db, [ADMIN]);
  });
  afterAll(async () => {
    await api.close();
  });

  it('shows the phone and birth date changed in Perfil in the staff list, both exports and the person’s data', async () => {
    const rosa = await signedUpAndEnrolled('Rosa Lima');
    const token = api.tokenFor(rosa);
    const phone = await api.app.inject({
      method: 'POST',
      url: apiPaths.userUpdate,
      payload: { id: rosa, token, param: 'mobilePhone', value: '(21) 97777-2222' },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const birth = await api.app.inject({
      method: 'POST',
      url: apiPaths.securityAttributes,
      payload: { id: rosa, token, data_nascimento: '15/08/1985' },
    });
    expect(birth.statusCode, birth.body).toBe(200);

    const list = await as(ADMIN, 'GET', `${C}/participants`);
    const listed = (list.json().participants as { id: string; celular: string }[]).find(
      (p) => p.id === rosa,
    );
    expect(listed?.celular).toBe('+55 21 97777-2222');

    const csv = (await as(ADMIN, 'GET', `${C}/export.csv`)).body;
    const line = csv.split('\r\n').find((l) => l.startsWith('Rosa Lima;'));
    expect(line).toContain('(21) 97777-2222');
    expect(csv).not.toContain('91111-1111');

    const xlsx = await as(ADMIN, 'GET', `${C}/export.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) => cells.push((row.values as unknown[]).map(String).join('|'))),
    );
    const rosaRow = cells.find((c) => c.includes('Rosa Lima') && c.includes('97777'));
    expect(rosaRow).toContain('(21) 97777-2222');
    expect(cells.join('\n')).not.toContain('91111-1111');

    const data = await myData(rosa);
    expect(data.account.phone).toBe('+55 21 97777-2222');
    expect(data.account.birthDate).toBe('15/08/1985');
    expect(JSON.stringify(data)).not.toContain('91111-1111');
    expect(JSON.stringify(data)).not.toContain('01/01/1980');
  });

  it('changes the password from Perfil only with the current one, by the sign-up’s rules', async () => {
    const email = `${randomUUID()}@example.org`;
    const store = new AccountStore(api.app.database.db);
    const { id } = await store.create({
      displayName: 'Rosa Lima',
      email,
      password: 'uma senha longa qualquer',
      celular: '+55 11 91111-1111',
      dataNascimento: '01/01/1980',
    });
    const account = await as(id, 'GET', '/api/me/account');
    expect(account.json()).toEqual({ signInEmail: email, password: 'here' });

    const change = (current: string, password: string) =>
      as(id, 'POST', '/api/me/password', { current, password });
    const wrong = await change('outra senha qualquer', 'minha frase nova de agora');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'A senha atual não confere. Digite a senha com que você entra no site.',
    );
    const weak = await change('uma senha longa qualquer', '12345678');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('Esta senha é fácil de adivinhar.');
    expect(await store.authenticate(email, 'uma senha longa qualquer')).not.toBeNull();

    const changed = await change('uma senha longa qualquer', 'minha frase nova de agora');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await store.authenticate(email, 'uma senha longa qualquer')).toBeNull();
    expect(await store.authenticate(email, 'minha frase nova de agora')).not.toBeNull();
  });

  it('lists every staff action that touched the person, by role, with the course’s title', async () => {
    const secretaria = (await api.createPeople(1))[0] as string;
    const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${secretaria}@example.org`,
      role: 'secretaria',
    });
    expect(granted.statusCode).toBe(200);
    const joana = await signedUpAndEnrolled('Joana Prado');
    const other = await signedUpAndEnrolled('Outra Pessoa');

    expect((await as(secretaria, 'GET', `${C}/participants`)).statusCode).toBe(200);
    expect((await as(secretaria, 'GET', `${C}/export.csv`)).statusCode).toBe(200);
    const settings = await as(
      ADMIN,
      'POST',
      `${C}/settings`,
      courseSettings({ firstMeeting: '2026-01-10', time: '19:30', count: 4 }),
    );
    expect(settings.statusCode, settings.body).toBe(200);
    const marked = await as(secretaria, 'POST', `${C}/attendance/1`, {
      marks: [{ personId: joana, present: true }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const removed = await as(ADMIN, 'POST', `${C}/participants/${joana}/remove`, {
      confirm: true,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const actions = (await myData(joana)).staffActions.map((a) => ({
      action: a.action,
      title: a.title,
      role: a.role,
    }));
    expect(actions).toEqual([
      { action: 'participants.view', title: course.title, role: 'secretaria' },
      { action: 'export.csv', title: course.title, role: 'secretaria' },
      { action: 'attendance.update', title: course.title, role: 'secretaria' },
      { action: 'participant.remove', title: course.title, role: 'coordenacao' },
    ]);
    // Staff find the same in their record, filtered by the person.
    const record = await as(ADMIN, 'GET', `/api/staff/actions?person=${joana}`);
    expect((record.json().actions as { action: string }[]).map((a) => a.action).reverse()).toEqual([
      'participants.view',
      'export.csv',
      'attendance.update',
      'participant.remove',
    ]);
    // The marks of one person are not another's: the other participant was only listed.
    const others = (await myData(other)).staffActions.map((a) => a.action);
    expect(others).toContain('export.csv');
    expect(others).not.toContain('attendance.update');
  });

  it('lists the certificate’s code and check, and the consent recorded at the desk', async () => {
    const secretaria = (await api.createPeople(1))[0] as string;
    const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${secretaria}@example.org`,
      role: 'secretaria',
    });
    expect(granted.statusCode).toBe(200);
    // Enrolled at the desk before she had an account, then claimed with the code on paper.
    const desk = await as(secretaria, 'POST', `${O}/desk-enrol`, {
      person: {
        name: 'Lúcia Ferraz',
        phone: '(21) 96666-3333',
        consentText: DESK_CONSENT_TEXT,
      },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const lucia = (await api.createPeople(1))[0] as string;
    const claimed = await as(lucia, 'POST', '/api/me/claim', { code: desk.json().claimCode });
    expect(claimed.json()).toEqual({ claimed: 1 });
    // 'Avise-me quando abrir' in a course that opens tomorrow.
    await api.app.database.db
      .updateTable('classes')
      .set({ enrolment_opens_at: new Date(Date.now() + 24 * 3600_000).toISOString() })
      .where('course_slug', '=', third.slug)
      .execute();
    const alert = await as(lucia, 'POST', apiPaths.myOpeningAlert, { course: third.slug });
    expect(alert.statusCode, alert.body).toBe(200);

    // Her class met (one meeting, a month ago), she was there, and it was concluded.
    const [turma] = (await as(ADMIN, 'GET', `${O}/classes`)).json().classes as { id: string }[];
    const id = turma?.id as string;
    const settings = await as(ADMIN, 'POST', `${O}/settings?turma=${id}`, {
      places: null,
      inviteCode: null,
      opensAt: null,
      closesAt: null,
      firstMeeting: new Date(Date.now() - 30 * 24 * 3600_000).toISOString().slice(0, 10),
      time: '19:00',
      count: 1,
      durationMinutes: 90,
      room: null,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const marks = [{ personId: lucia, present: true }];
    expect((await as(ADMIN, 'POST', `${O}/attendance/1?turma=${id}`, { marks })).statusCode).toBe(
      200,
    );
    const concluded = await as(ADMIN, 'POST', `${O}/classes/${id}/conclude`, { confirm: true });
    expect(concluded.statusCode, concluded.body).toBe(200);
    // Her first download of the PDF issues the code.
    expect((await as(lucia, 'GET', `/api/me/certificates/${id}`)).statusCode).toBe(200);
    const { code } = await api.app.database.db
      .selectFrom('certificates')
      .select('code')
      .where('person_id', '=', lucia)
      .executeTakeFirstOrThrow();

    // The file 'Baixar meus dados' saves.
    const download = await as(lucia, 'GET', apiPaths.myData);
    expect(download.headers['content-disposition']).toBe('attachment; filename="meus-dados.json"');
    const data = download.json<MyData>();
    expect(data.certificates).toEqual([
      {
        code,
        course: other.slug,
        title: other.title,
        turma: expect.any(String),
        concludedAt: expect.any(String),
        issuedAt: expect.any(String),
        valid: true,
        withdrawnAt: null,
        verifyUrl: expect.stringMatching(new RegExp(`^https?://[^/]+/certificados/${code}$`)),
      },
    ]);
    // The consent as given in person, recorded by role: never the staff member's id.
    expect(data.deskConsents).toEqual([
      {
        name: 'Lúcia Ferraz',
        phone: '+55 21 96666-3333',
        mail: null,
        consentText: DESK_CONSENT_TEXT,
        consentAt: expect.any(String),
        recordedBy: 'secretaria-ou-coordenacao',
        claimedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(data)).not.toContain(secretaria);
    expect(data.openingAlerts).toEqual([
      { course: third.slug, title: third.title, createdAt: expect.any(String) },
    ]);
    // The QR code's place is concluded; its token, which would mark her present, is never listed.
    expect(data.enrolments).toEqual([
      expect.objectContaining({ course: other.slug, checkInCode: false }),
    ]);
    const { check_in_token: token } = await api.app.database.db
      .selectFrom('enrolments')
      .select('check_in_token')
      .where('user_id', '=', lucia)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(data)).not.toContain(token);
    // The class's conclusion was written to her ('Curso concluído').
    expect(data.messages.length).toBeGreaterThan(0);

    // Withdrawn, it stays listed, no longer valid, as its public check says.
    const changed = await as(ADMIN, 'POST', `${O}/completions/${id}/${lucia}`, {
      concluded: false,
      reason: 'Presença revista',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await myData(lucia);
    expect(after.certificates).toEqual([
      expect.objectContaining({ code, valid: false, withdrawnAt: expect.any(String) }),
    ]);
  });
});
