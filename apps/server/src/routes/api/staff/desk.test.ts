/**
 * The desk and the door (decisions 095 and 096) through the real app on both databases: Secretaria
 * enrols a person without an account with their consent (a place, then the waiting list when the
 * class is full), the person signs up later and finds the place theirs by their proven e-mail, or
 * by the code the desk gave them; a walk-in takes a free place and is marked present, or is a
 * guest of the meeting, shown apart from the marks.
 */
import { randomUUID } from 'node:crypto';
import { type Course, findCourse } from '@centro/content';
import { DESK_CONSENT_TEXT } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { testDatabaseTargets } from '../../../../tests/support/databases.js';
import { seedPeople } from '../../../../tests/support/server-process.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const C = `/api/staff/courses/${passe.slug}`;

const targets = await testDatabaseTargets('staff-desk');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('the desk and the door ($dialect)', { timeout: 60_000 }, (target) => {
  let api: TestApi;
  const ADMIN = randomUUID();
  const SECRETARIA = randomUUID();
  let turma = '';

  const as = (person: string, method: 'GET' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const newPerson = (name: string, email?: string) => ({
    name,
    phone: '(21) 97777-2222',
    ...(email ? { email } : {}),
    consentText: DESK_CONSENT_TEXT,
  });
  const participants = async () =>
    (await as(ADMIN, 'GET', `${C}/participants?turma=${turma}`)).json() as {
      participants: { id: string; name: string; celular: string }[];
      waiting: { id: string; name: string }[];
    };

  beforeAll(async () => {
    api = await createTestApi({
      databaseUrl: target.databaseUrl,
      env: { ADMIN_EMAILS: `${ADMIN}@example.org`, RATE_LIMIT_API_PER_MINUTE: '0' },
    });
    await api.app.ready();
    await seedPeople(api.app.database.db, [ADMIN, SECRETARIA]);
    const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${SECRETARIA}@example.org`,
      role: 'secretaria',
    });
    expect(granted.statusCode).toBe(200);
    const settings = await as(
      ADMIN,
      'POST',
      `${C}/settings`,
      courseSettings({ places: 2, firstMeeting: '2026-03-03', time: '19:30', count: 4 }),
    );
    expect(settings.statusCode).toBe(200);
    turma = settings.json().classId;
  });
  afterAll(async () => {
    await api.close();
  });

  it('enrols people without an account, who claim it by a proven e-mail or by the code', async () => {
    const [someone = ''] = await api.createPeople(1);
    const web = await api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: passe.groupId, user: someone, token: api.tokenFor(someone) },
    });
    expect(web.statusCode).toBe(200);

    // The consent's wording must be the one the screen showed.
    const stale = await as(SECRETARIA, 'POST', `${C}/desk-enrol`, {
      person: { ...newPerson('Maria das Dores'), consentText: 'Concorda?' },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toContain('O texto do consentimento mudou');

    const maria = randomUUID();
    const enrolled = await as(SECRETARIA, 'POST', `${C}/desk-enrol`, {
      person: newPerson('Maria das Dores', `${maria.toUpperCase()}@Example.org`),
    });
    expect(enrolled.statusCode).toBe(200);
    const first = enrolled.json();
    expect(first).toMatchObject({ state: 'enrolled', position: null, alreadyEnrolled: false });
    expect(first.claimCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    // The class is full now: the next person goes to the waiting list, as on the web.
    const waiting = await as(SECRETARIA, 'POST', `${C}/desk-enrol`, {
      person: newPerson('José da Silva'),
    });
    expect(waiting.json()).toMatchObject({ state: 'waiting', position: 1 });
    const listed = await participants();
    expect(listed.participants.map((p) => p.name)).toContain('Maria das Dores');
    expect(listed.participants.find((p) => p.name === 'Maria das Dores')?.celular).toBe(
      '+55 21 97777-2222',
    );
    expect(listed.waiting.map((p) => p.name)).toEqual(['José da Silva']);

    // The consent is kept with who recorded it and the wording read; the record says who enrolled.
    const row = await api.app.database.db
      .selectFrom('desk_people')
      .selectAll()
      .where('id', '=', first.personId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ consent_by: SECRETARIA, consent_text: DESK_CONSENT_TEXT });
    expect(row.claim_code_hash).not.toContain(first.claimCode);
    const record = await as(ADMIN, 'GET', `/api/staff/actions?person=${first.personId}`);
    expect(JSON.stringify(record.json())).toContain('desk.enrol');

    // Maria signs up with that e-mail and proves it: 'Minhas inscrições' shows the place.
    await seedPeople(api.app.database.db, [maria]);
    const mine = await as(maria, 'GET', '/api/me/enrolments');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().enrolments).toEqual(
      expect.arrayContaining([expect.objectContaining({ course: passe.slug, state: 'enrolled' })]),
    );
    const after = await participants();
    expect(after.participants.map((p) => p.id)).toContain(maria);
    expect(after.participants.map((p) => p.id)).not.toContain(first.personId);
    // An unproven e-mail claims nothing: the code is the way then.
    const [jose = ''] = await api.createPeople(1);
    const wrong = await as(jose, 'POST', '/api/me/claim', { code: 'ABCD-EFGH' });
    expect(wrong.statusCode).toBe(404);
    const code = waiting.json().claimCode as string;
    const claimed = await as(jose, 'POST', '/api/me/claim', {
      code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`,
    });
    expect(claimed.json()).toEqual({ claimed: 1 });
    expect((await as(jose, 'POST', '/api/me/claim', { code })).statusCode).toBe(404);
    expect((await participants()).waiting.map((p) => p.id)).toEqual([jose]);

    // Deleting the account deletes what the desk kept of the person too.
    const deleted = await as(maria, 'POST', '/api/me/delete', { confirmation: 'EXCLUIR' });
    expect(deleted.statusCode).toBe(200);
    const kept = await api.app.database.db
      .selectFrom('desk_people')
      .select('id')
      .where('id', '=', first.personId)
      .execute();
    expect(kept).toEqual([]);
  });

  it('finds an account by its phone, and a walk-in is a guest when the class is full', async () => {
    const [ana = ''] = await api.createPeople(1);
    await api.app.database.db
      .updateTable('accounts')
      .set({ mobile_phone: '+55 21 98888-1111' })
      .where('id', '=', ana)
      .execute();
    const found = await as(
      SECRETARIA,
      'GET',
      `/api/staff/people?q=${encodeURIComponent('(21) 98888-1111')}`,
    );
    expect(found.json().people.map((p: { id: string }) => p.id)).toEqual([ana]);

    const guest = await as(SECRETARIA, 'POST', `${C}/attendance/1/walk-in?turma=${turma}`, {
      person: newPerson('Visitante Teixeira'),
    });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ state: 'guest', personId: null });
    const sheet = (await as(SECRETARIA, 'GET', `${C}/attendance/1?turma=${turma}`)).json();
    expect(sheet.guests.map((g: { name: string }) => g.name)).toEqual(['Visitante Teixeira']);
    expect(sheet.marks.map((m: { name: string }) => m.name)).not.toContain('Visitante Teixeira');
  });

  it('a walk-in takes a free place and is marked present', async () => {
    const more = await as(
      ADMIN,
      'POST',
      `${C}/settings?turma=${turma}`,
      courseSettings({ places: 10, firstMeeting: '2026-03-03', time: '19:30', count: 4 }),
    );
    expect(more.statusCode).toBe(200);
    const walked = await as(SECRETARIA, 'POST', `${C}/attendance/2/walk-in?turma=${turma}`, {
      person: newPerson('Rita de Cássia', 'rita@example.org'),
    });
    expect(walked.json()).toMatchObject({ state: 'enrolled' });
    const sheet = (await as(SECRETARIA, 'GET', `${C}/attendance/2?turma=${turma}`)).json();
    expect(sheet.marks).toEqual(
      expect.arrayContaining([
        // With the token of her place's QR code (decision 097).
        expect.objectContaining({
          personId: walked.json().personId,
          name: 'Rita de Cássia',
          present: true,
        }),
      ]),
    );
    expect(sheet.guests).toEqual([]);
  });
});
