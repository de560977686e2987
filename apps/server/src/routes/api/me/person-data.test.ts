/**
 * A person's data in one place, and what staff did with it (decision 078), through the real server
 * and database on SQLite and PostgreSQL: the phone and birth date changed in Perfil are what the
 * staff list, both exports and 'Ver meus dados' show, never the ones given at sign-up; and every
 * staff action that touched the person (a list or an export holding them, their attendance, their
 * removal) is in their data, by role and with the course's title.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { apiPaths, type MyData } from '@centro/contracts';
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
});
