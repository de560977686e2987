/**
 * Monitor(a), the role of one class (decision 098), through the real app, a real SMTP server and
 * both databases: Coordenação gives a person a class, the person is told by e-mail and the record
 * keeps it; the monitor reads that class's participants and marks its attendance, and is refused
 * in Portuguese on another class (of another course, or of the same course) and on every other
 * staff route, the list walked from the API's own document so a new route cannot be forgotten; a
 * class taken back refuses the marks the monitor's phone still sends for it.
 */
import { randomUUID } from 'node:crypto';
import { type Course, findCourse } from '@centro/content';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../../tests/support/api-app.js';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { testDatabaseTargets } from '../../../../tests/support/databases.js';
import {
  type ApiMethod,
  createMailApi,
  enrolmentsIn,
  mailTo,
  type MailApi,
  requestsAs,
} from '../../../../tests/support/mail-api.js';
import type { TestSmtpServer } from '../../../../tests/support/smtp-server.js';
import { REFUSALS } from '../../../refusals/catalogue.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const other = findCourse('global-kardec', 'corrente') as Course;
const C = `/api/staff/courses/${passe.slug}`;
const OTHER = `/api/staff/courses/${other.slug}`;

const ONLY_CLASS = REFUSALS.monitorClassOnly.message;
const OTHER_CLASS = REFUSALS.monitorOtherClass.message;

/** What a monitor may do in their class: everything else under /api/staff is refused. */
const ALLOWED = new Set([
  'GET /api/staff/me',
  'GET /api/staff/courses/{slug}/participants',
  'GET /api/staff/courses/{slug}/attendance/{meeting}',
  'POST /api/staff/courses/{slug}/attendance/{meeting}',
  'POST /api/staff/courses/{slug}/check-in/{meeting}',
]);

const targets = await testDatabaseTargets('staff-monitor');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)('Monitor(a) of one class ($dialect)', { timeout: 60_000 }, (target) => {
  let app: MailApi;
  let smtp: TestSmtpServer;
  let api: TestApi;
  const ADMIN = randomUUID();
  const MONITOR = randomUUID();
  let ana = '';
  /** Passe's class the monitor is given, another of Passe's, and the other course's class. */
  let mine = '';
  let nextOfPasse = '';
  let theirs = '';

  const as = requestsAs(() => api);
  const enrol = enrolmentsIn(() => api);
  const messageTo = async (person: string, subject: string): Promise<ParsedMail> =>
    (await mailTo(smtp, person, subject))[0] as ParsedMail;
  const pastMeetings = async (url: string) => {
    const saved = await as(
      ADMIN,
      'POST',
      `${url}/settings`,
      courseSettings({ firstMeeting: '2026-03-03', time: '19:30', count: 4 }),
    );
    expect(saved.statusCode).toBe(200);
    return saved.json().classId as string;
  };
  const grantMonitor = (classId: string) =>
    as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${MONITOR}@example.org`,
      role: 'monitor',
      classId,
    });
  const mark = (turma: string, at = new Date().toISOString()) =>
    as(MONITOR, 'POST', `${C}/attendance/1?turma=${turma}`, {
      marks: [{ personId: ana, present: true, markedAt: at }],
    });

  beforeAll(async () => {
    app = await createMailApi({
      databaseUrl: target.databaseUrl,
      admin: ADMIN,
      people: [ADMIN, MONITOR],
    });
    ({ smtp, api } = app);
    mine = await pastMeetings(C);
    theirs = await pastMeetings(OTHER);
    [ana = ''] = await api.createPeople(1);
    const enrolled = await enrol(ana, passe);
    expect(enrolled.statusCode).toBe(200);
    const created = await as(ADMIN, 'POST', `${C}/classes`, {});
    expect(created.statusCode).toBe(200);
    nextOfPasse = created.json().class.id;
  });
  afterAll(() => app.close());

  it('is given one class by Coordenação, told by e-mail, and the record keeps it', async () => {
    const roles = (await as(ADMIN, 'GET', '/api/staff/roles')).json();
    // The classes a monitor may be given name their course.
    expect(roles.classes).toContainEqual(
      expect.objectContaining({ id: mine, slug: passe.slug, title: passe.title }),
    );
    const missing = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${MONITOR}@example.org`,
      role: 'monitor',
    });
    expect(missing.statusCode).toBe(400);
    expect((await grantMonitor(randomUUID())).json().message).toBe('Turma não encontrada.');

    expect((await grantMonitor(mine)).statusCode).toBe(200);
    const told = await messageTo(MONITOR, 'Você agora faz parte da equipe: Monitor(a)');
    const className = roles.classes.find((c: { id: string }) => c.id === mine).name;
    expect(told.text).toContain(
      `deu a você a função Monitor(a) do curso ${passe.title} (${className})`,
    );

    const person = (await as(ADMIN, 'GET', '/api/staff/roles'))
      .json()
      .people.find((p: { id: string }) => p.id === MONITOR);
    expect(person).toMatchObject({ roles: ['monitor'], monitors: [{ id: mine }] });
    const recorded = await api.app.database.db
      .selectFrom('staff_actions')
      .select(['action', 'course_slug', 'details'])
      .where('subject_id', '=', MONITOR)
      .execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ action: 'role.grant', course_slug: passe.slug });
    expect(JSON.parse(recorded[0]?.details ?? '{}')).toEqual({ role: 'monitor', class: mine });
  });

  it('reads its class’s participants and marks its attendance, and nothing of another class', async () => {
    const me = (await as(MONITOR, 'GET', '/api/staff/me')).json();
    expect(me.roles).toEqual(['monitor']);
    expect(me.classes).toEqual([expect.objectContaining({ slug: passe.slug, title: passe.title })]);
    expect(me.classes[0].class).toMatchObject({ id: mine, state: 'open' });

    const list = await as(MONITOR, 'GET', `${C}/participants?turma=${mine}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().participants.map((p: { id: string }) => p.id)).toEqual([ana]);
    // Without `turma`: the course's current class, which is theirs.
    expect((await as(MONITOR, 'GET', `${C}/participants`)).statusCode).toBe(200);
    expect((await mark(mine)).statusCode).toBe(200);
    const sheet = await as(MONITOR, 'GET', `${C}/attendance/1?turma=${mine}`);
    expect(sheet.json().marks).toContainEqual(
      expect.objectContaining({ personId: ana, present: true }),
    );

    for (const url of [
      `${OTHER}/participants?turma=${theirs}`,
      `${OTHER}/participants`,
      `${OTHER}/attendance/1?turma=${theirs}`,
      // Another class of the same course, and their own class named under another course.
      `${C}/participants?turma=${nextOfPasse}`,
      `${OTHER}/participants?turma=${mine}`,
      `${C}/participants?turma=${mine}&turma=${mine}`,
    ]) {
      const refused = await as(MONITOR, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message, url).toBe(OTHER_CLASS);
    }
    const elsewhere = await as(MONITOR, 'POST', `${OTHER}/attendance/1?turma=${theirs}`, {
      marks: [{ personId: ana, present: true }],
    });
    expect(elsewhere.statusCode).toBe(403);

    // At the door, a QR code read in their class names its person; in another class, refused
    // (decision 097).
    const places = (await as(ana, 'GET', '/api/me/enrolments')).json() as {
      enrolments: { checkIn: { token: string } | null }[];
    };
    const code = places.enrolments.find((e) => e.checkIn)?.checkIn?.token;
    const scanned = await as(MONITOR, 'POST', `${C}/check-in/1?turma=${mine}`, { code });
    expect(scanned.json()).toMatchObject({ result: 'thisClass', personId: ana });
    const scannedElsewhere = await as(MONITOR, 'POST', `${OTHER}/check-in/1?turma=${theirs}`, {
      code,
    });
    expect(scannedElsewhere.statusCode).toBe(403);

    // What they saw is kept under their role (decision 078).
    const views = await api.app.database.db
      .selectFrom('staff_actions')
      .select(['action', 'actor_role'])
      .where('actor_id', '=', MONITOR)
      .execute();
    expect([...new Set(views.map((v) => v.action))].sort()).toEqual([
      'attendance.checkIn',
      'attendance.update',
      'attendance.view',
      'participants.view',
    ]);
    expect(new Set(views.map((v) => v.actor_role))).toEqual(new Set(['monitor']));
  });

  it('is refused on every other staff route the API lists', async () => {
    const document = (await api.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/staff/'))
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes.length).toBeGreaterThan(30);
    for (const allowed of ALLOWED) expect(routes).toContain(allowed);
    for (const route of routes) {
      const [method = 'GET', path = ''] = route.split(' ');
      const url = path
        .replace('{slug}', passe.slug)
        .replace('{meeting}', '1')
        .replace(/\{(personId|classId)\}/g, (_, name: string) =>
          name === 'personId' ? ana : mine,
        );
      const answer = await as(MONITOR, method as ApiMethod, `${url}?turma=${mine}`);
      if (ALLOWED.has(route)) {
        expect(answer.statusCode, route).not.toBe(403);
        continue;
      }
      expect(answer.statusCode, route).toBe(403);
      expect(answer.json().message, route).toBe(ONLY_CLASS);
    }
  });

  it('may hold several classes; a class taken back refuses the marks still sent for it', async () => {
    expect((await grantMonitor(theirs)).statusCode).toBe(200);
    expect((await as(MONITOR, 'GET', `${OTHER}/participants?turma=${theirs}`)).statusCode).toBe(
      200,
    );
    // A mark made on the phone before the class was taken back, sent after.
    const madeBefore = new Date().toISOString();
    const revoked = await as(ADMIN, 'POST', '/api/staff/roles/revoke', {
      personId: MONITOR,
      role: 'monitor',
      classId: mine,
    });
    expect(revoked.statusCode).toBe(200);
    const told = await messageTo(MONITOR, 'Sua função na equipe foi retirada: Monitor(a)');
    expect(told.text).toContain(`sua função Monitor(a) do curso ${passe.title} (`);

    const late = await mark(mine, madeBefore);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: 'forbidden', message: OTHER_CLASS });
    // The other class stays theirs.
    expect((await as(MONITOR, 'GET', `${OTHER}/participants?turma=${theirs}`)).statusCode).toBe(
      200,
    );
    const me = (await as(MONITOR, 'GET', '/api/staff/me')).json();
    expect(me.classes.map((c: { class: { id: string } }) => c.class.id)).toEqual([theirs]);

    const record = await api.app.database.db
      .selectFrom('staff_actions')
      .select(['action', 'details'])
      .where('subject_id', '=', MONITOR)
      .where('action', '=', 'role.revoke')
      .execute();
    expect(record.map((r) => JSON.parse(r.details))).toEqual([{ role: 'monitor', class: mine }]);

    // The last class taken back: no staff role left, the area is closed to them.
    await as(ADMIN, 'POST', '/api/staff/roles/revoke', {
      personId: MONITOR,
      role: 'monitor',
      classId: theirs,
    });
    expect((await as(MONITOR, 'GET', '/api/staff/me')).json()).toMatchObject({
      roles: [],
      classes: [],
    });
    // Their phone's marks for it still say why; the rest of the area is closed as to anyone.
    const lastMark = await as(MONITOR, 'POST', `${OTHER}/attendance/1?turma=${theirs}`, {
      marks: [{ personId: ana, present: false }],
    });
    expect(lastMark.json()).toEqual({ error: 'forbidden', message: OTHER_CLASS });
    const closed = await as(MONITOR, 'GET', '/api/staff/courses');
    expect(closed.json().message).toBe('Esta área é só para a equipe do centro.');
  });

  it('cannot be given a concluded class', async () => {
    const [someone = ''] = await api.createPeople(1);
    const concluded = await api.app.database.db
      .updateTable('classes')
      .set({ state: 'concluded' })
      .where('id', '=', nextOfPasse)
      .executeTakeFirst();
    expect(Number(concluded.numUpdatedRows)).toBe(1);
    const refused = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${someone}@example.org`,
      role: 'monitor',
      classId: nextOfPasse,
    });
    expect(refused.statusCode).toBe(409);
  });
});
