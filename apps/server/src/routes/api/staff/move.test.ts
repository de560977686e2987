/**
 * 'Mover para outra turma' (decision 090) through the real app, a real SMTP server and both
 * databases: a participant's place goes to another class of the course, the place freed goes to
 * the first person waiting in the class left, the person is told the new class's meetings with
 * its calendar, their attendance stays with the class they left, the staff record says who moved
 * whom from which class to which, and a full target refuses in Portuguese without moving anyone.
 */
import { randomUUID } from 'node:crypto';
import { type Course, findCourse } from '@centro/content';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../../tests/support/api-app.js';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { testDatabaseTargets } from '../../../../tests/support/databases.js';
import {
  createMailApi,
  enrolmentsIn,
  mailTo,
  type MailApi,
  requestsAs,
} from '../../../../tests/support/mail-api.js';
import type { TestSmtpServer } from '../../../../tests/support/smtp-server.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const C = `/api/staff/courses/${passe.slug}`;

const targets = await testDatabaseTargets('staff-move');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

describe.each(targets)(
  'moving a participant to another class ($dialect)',
  { timeout: 60_000 },
  (target) => {
    let app: MailApi;
    let smtp: TestSmtpServer;
    let api: TestApi;
    const ADMIN = randomUUID();
    const SECRETARIA = randomUUID();

    const as = requestsAs(() => api);
    const enrol = enrolmentsIn(() => api);
    const messageTo = async (person: string, subject: string): Promise<ParsedMail> =>
      (await mailTo(smtp, person, subject))[0] as ParsedMail;
    const ids = async (turma: string) =>
      (
        (await as(ADMIN, 'GET', `${C}/participants?turma=${turma}`)).json().participants as {
          id: string;
        }[]
      )
        .map((p) => p.id)
        .sort();

    beforeAll(async () => {
      app = await createMailApi({
        databaseUrl: target.databaseUrl,
        admin: ADMIN,
        people: [ADMIN, SECRETARIA],
        roles: { [SECRETARIA]: 'secretaria' },
      });
      ({ smtp, api } = app);
    });
    afterAll(() => app.close());

    it('moves the place, gives the freed one to the first waiting, tells the person and records it', async () => {
      const [ana = '', bia = '', caio = ''] = await api.createPeople(3);
      const settings = await as(
        ADMIN,
        'POST',
        `${C}/settings`,
        courseSettings({ places: 1, firstMeeting: '2026-03-03', time: '19:30', count: 2 }),
      );
      expect(settings.statusCode).toBe(200);
      const first: string = settings.json().classId;
      const enrolled = await enrol(ana, passe);
      expect(enrolled.statusCode).toBe(200);
      for (const person of [bia, caio]) {
        const joined = await as(person, 'POST', '/api/me/waiting-list/join', {
          course: passe.slug,
        });
        expect(joined.json()).toMatchObject({ state: 'waiting' });
      }
      const marked = await as(ADMIN, 'POST', `${C}/attendance/1?turma=${first}`, {
        marks: [{ personId: ana, present: true }],
      });
      expect(marked.statusCode).toBe(200);
      const created = await as(ADMIN, 'POST', `${C}/classes`, {
        name: 'Turma 2027/1',
        places: 1,
        opensAt: '2027-01-10T09:00',
        closesAt: '2027-02-28T23:59',
        firstMeeting: '2027-03-02',
      });
      expect(created.statusCode).toBe(200);
      const second: string = created.json().class.id;

      // Secretaria moves Ana at the desk into the planned class.
      const moved = await as(SECRETARIA, 'POST', `${C}/participants/${ana}/move?turma=${first}`, {
        to: second,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ moved: true });
      expect(await ids(second)).toEqual([ana]);
      // Bia, first in the old class's list, has the place Ana left; Caio still waits.
      expect(await ids(first)).toEqual([bia]);
      const waiting = (await as(ADMIN, 'GET', `${C}/participants?turma=${first}`)).json().waiting;
      expect(waiting.map((w: { id: string }) => w.id)).toEqual([caio]);
      await messageTo(bia, 'Sua vaga chegou: Passe');

      // Ana's attendance stays with the class she attended.
      const kept = await api.app.database.db
        .selectFrom('attendance')
        .select(['class_id', 'present'])
        .where('person_id', '=', ana)
        .execute();
      expect(kept).toEqual([{ class_id: first, present: 1 }]);

      // Ana is told the new class's meetings, with its calendar.
      const told = await messageTo(ana, 'Mudança nos encontros: Passe (Global Kardec)');
      expect(told.text).toContain('02/03/2027');
      const ics = told.attachments.find((a) => a.filename === 'passe.ics');
      const vevent = new ICAL.Component(
        ICAL.parse(ics?.content.toString('utf8') ?? ''),
      ).getFirstSubcomponent('vevent');
      expect(String(vevent?.getFirstPropertyValue('dtstart'))).toMatch(/^2027-03-02T19:30:00$/);
      // The class left leaves her calendar: its event, cancelled at a later revision (decision 091).
      const left = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''))
        .getAllSubcomponents('vevent')
        .find((v) => String(v.getFirstPropertyValue('uid')).includes(first));
      expect(left?.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(Number(left?.getFirstPropertyValue('sequence'))).toBeGreaterThan(0);
      expect(String(vevent?.getFirstPropertyValue('uid'))).toContain(second);

      // The staff record: who moved whom, from which class to which.
      const record = await api.app.database.db
        .selectFrom('staff_actions')
        .select(['actor_id', 'subject_id', 'details'])
        .where('action', '=', 'participant.move')
        .execute();
      expect(record).toHaveLength(1);
      expect(record[0]).toMatchObject({ actor_id: SECRETARIA, subject_id: ana });
      expect(JSON.parse(record[0]?.details ?? '{}')).toEqual({ from: first, to: second });

      // The new class is full: moving Bia there is refused and nothing moves.
      const full = await as(ADMIN, 'POST', `${C}/participants/${bia}/move?turma=${first}`, {
        to: second,
      });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({
        error: 'course_full',
        message:
          'A turma escolhida está lotada: não há vaga para mover esta pessoa. Ninguém foi movido.',
      });
      expect(await ids(first)).toEqual([bia]);
      expect(await ids(second)).toEqual([ana]);
      const taken = await api.app.database.db
        .selectFrom('classes')
        .select(['id', 'taken'])
        .where('id', 'in', [first, second])
        .orderBy('id')
        .execute();
      expect(taken.map((t) => t.taken)).toEqual([1, 1]);
    });
  },
);
