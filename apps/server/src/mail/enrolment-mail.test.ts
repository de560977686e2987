/**
 * The enrolment's confirmation e-mail through the real app (`app.inject`) and a real SMTP server
 * (smtp-server, read back with mailparser and ical.js), on SQLite and on PostgreSQL: one message
 * per enrolment, written in the transaction that confirms it; an SMTP outage delays it and never
 * loses or doubles it, also with two instances sharing PostgreSQL; composed when it leaves, with the
 * course and the contact details in effect then (decision 073); without SMTP_URL it becomes an
 * `.eml` file under DATA_DIR/outbox and the log names the file only.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { centre, type Course, findCourse, whatsappGroupLink } from '@centro/content';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { createTestApi, TEST_API_TOKEN_SECRET, type TestApi } from '../../tests/support/api-app.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';
import { seedPeople } from '../../tests/support/server-process.js';
import { createFixtureWebRoot } from '../../tests/support/web-root.js';
import { firstClassOf } from '../../tests/support/classes.js';
import { readQrCode } from '../../tests/support/qr.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const MAIL_FROM = '"Centro Espírita" <nao-responda@centro.org.br>';

const targets = await testDatabaseTargets('enrolment-mail');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

const enrol = (api: TestApi, user: string, course: Course = passe) =>
  api.app.inject({
    method: 'POST',
    url: '/api/group/add',
    payload: { group: course.groupId, user, token: api.tokenFor(user) },
  });

/** Makes every pending message due now (the backoff's wait, passed). */
async function makeDue(api: TestApi): Promise<void> {
  await api.app.database.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(0).toISOString() })
    .where('status', '=', 'pending')
    .execute();
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(targets)('the confirmation e-mail ($dialect)', { timeout: 30_000 }, (target) => {
  let smtp: TestSmtpServer;
  const apis: TestApi[] = [];
  const start = async (options: Parameters<typeof createTestApi>[0] = {}) => {
    const api = await createTestApi({
      databaseUrl: target.databaseUrl,
      ...options,
      env: { SMTP_URL: smtp.url, MAIL_FROM, ...options.env },
    });
    apis.push(api);
    return api;
  };

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
  });
  afterEach(async () => {
    for (const api of apis.splice(0)) await api.close();
    await smtp.start();
    smtp.received.splice(0);
    await target.clear([
      'mail_outbox',
      'enrolments',
      'directory_memberships',
      'content_revisions',
      'staff_actions',
      'accounts',
    ]);
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('sends one confirmation per enrolment with the course, the name, the WhatsApp link and the calendar', async () => {
    const api = await start();
    const [ana = ''] = await api.createPeople(1);
    const first = await enrol(api, ana);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { alreadyEnrolled: false } });

    const [message] = await smtp.waitFor(1);
    expect(message?.to).toMatchObject({ value: [{ address: `${ana}@example.org` }] });
    expect(message?.subject).toBe('Inscrição confirmada: Passe (Global Kardec)');
    expect(message?.text).toContain(`Olá, Pessoa ${ana.slice(0, 8)}!`);
    // No invite set for the course yet: no button to a link that leads nowhere.
    expect(passe.inviteCode).toBeNull();
    expect(message?.html).not.toContain('chat.whatsapp.com');
    expect(message?.text).toContain(
      'O link do grupo de WhatsApp da turma será enviado a você mais tarde',
    );
    const ics = message?.attachments.find((a) => a.filename === 'passe.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? ''));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(zone);
    }
    const vevent = calendar.getFirstSubcomponent('vevent');
    const event = new ICAL.Event(vevent ?? undefined);
    expect(event.startDate.zone?.tzid).toBe('America/Sao_Paulo');
    expect(event.startDate.toString()).toBe(
      `${passe.meetings.firstMeeting}T${passe.meetings.time}:00`,
    );
    const rule = vevent?.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('WEEKLY');
    expect(rule.count).toBe(passe.meetings.count);

    // Enrolling again (and once more at the same time) sends nothing.
    const again = await Promise.all([enrol(api, ana), enrol(api, ana)]);
    expect(again.map((r) => r.json<{ data: { alreadyEnrolled: boolean } }>().data)).toMatchObject([
      { alreadyEnrolled: true },
      { alreadyEnrolled: true },
    ]);
    await settle(500);
    expect(smtp.received).toHaveLength(1);
    expect(await api.app.mail.outbox.counts()).toMatchObject({ sent: 1, pending: 0 });
  });

  it('sends exactly one message when the same person enrols twice at once', async () => {
    const api = await start();
    const [ana = ''] = await api.createPeople(1);
    const answers = await Promise.all([enrol(api, ana), enrol(api, ana), enrol(api, ana)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await smtp.waitFor(1);
    await settle(500);
    expect(smtp.received).toHaveLength(1);
  });

  it('sends the confirmation when the repair confirms an interrupted enrolment, once', async () => {
    const api = await start();
    await api.app.ready(); // the sender starts with the server
    const [ana = ''] = await api.createPeople(1);
    // A crash after the directory added the person and before the row was confirmed.
    await api.app.directory.addToGroup(passe.groupId, ana);
    const before = new Date(Date.now() - 60_000).toISOString();
    await api.app.database.db
      .insertInto('enrolments')
      .values({
        course_slug: passe.slug,
        class_id: await firstClassOf(api.app.database.db, passe.slug),
        user_id: ana,
        status: 'pending',
        created_at: before,
        updated_at: before,
      })
      .execute();
    expect(await api.app.enrolment.repairPendingEnrolments(0)).toMatchObject({ confirmed: 1 });
    expect(await api.app.enrolment.repairPendingEnrolments(0)).toMatchObject({ confirmed: 0 });
    const [message] = await smtp.waitFor(1);
    expect(message?.subject).toBe('Inscrição confirmada: Passe (Global Kardec)');
    await settle(500);
    expect(smtp.received).toHaveLength(1);
  });

  it('confirms a person without a valid address, with no message', async () => {
    const api = await start();
    const [ana = ''] = await api.createPeople(1);
    await api.app.database.db
      .updateTable('accounts')
      .set({ mail: 'sem endereço' })
      .where('id', '=', ana)
      .execute();
    expect((await enrol(api, ana)).statusCode).toBe(200);
    // The message is kept as data and composed at delivery (decision 033): the sender finds no
    // address, drops the row and sends nothing.
    const empty = { pending: 0, sending: 0, sent: 0, failed: 0 };
    for (let i = 0; i < 50; i++) {
      if (JSON.stringify(await api.app.mail.outbox.counts()) === JSON.stringify(empty)) break;
      await settle(100);
    }
    expect(await api.app.mail.outbox.counts()).toEqual(empty);
    expect(smtp.received).toHaveLength(0);
  });

  it('composes the confirmation at delivery with the course and the contact details as they are then', async () => {
    await smtp.stop();
    const coordinator = randomUUID();
    const api = await start({ env: { ADMIN_EMAILS: `${coordinator}@example.org` } });
    await seedPeople(api.app.database.db, [coordinator]);
    const [ana = ''] = await api.createPeople(1);
    expect((await enrol(api, ana)).statusCode).toBe(200);
    // The queued row is the message's data, not its text (no address, no name).
    const [row] = await api.app.database.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'html', 'person_id', 'data'])
      .execute();
    expect(row).toMatchObject({ recipient: '', html: '', person_id: ana });
    expect(JSON.parse(row?.data ?? '{}')).toEqual({
      kind: 'enrolment-confirmation',
      personId: ana,
      courseSlug: passe.slug,
    });
    // Staff change the WhatsApp group before the message leaves: it carries the new link.
    await api.app.database.db
      .updateTable('classes')
      .set({ invite_code: 'NovoConviteDoGrupo1234' })
      .where('course_slug', '=', passe.slug)
      .execute();
    // And Comunicação's edit of the /contato details in 'Conteúdo' (decision 068).
    const { street, district, city, state, postalCode } = centre.address;
    const saved = await api.app.inject({
      method: 'PUT',
      url: '/api/staff/content/contact',
      headers: { authorization: `Bearer ${api.tokenFor(coordinator)}` },
      payload: {
        revision: 0,
        contact: {
          address: { street: 'Avenida Nova, 1000', district, city, state, postalCode },
          whatsapp: '(21) 98765-4321',
          email: 'fale@centro.example.org',
          mapEmbedUrl: centre.mapEmbedUrl,
          mapTitle: centre.mapTitle,
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    // An attempt the 5-second loop began before these edits ends while SMTP is still down: else
    // it could deliver what it composed then, or come back pending after `makeDue`.
    await api.app.mail.sender.runOnce();
    await smtp.start();
    await makeDue(api);
    api.app.mail.wake();
    const [message] = await smtp.waitFor(1);
    expect(message?.html).toContain(whatsappGroupLink('NovoConviteDoGrupo1234'));
    expect(message?.to).toMatchObject({ value: [{ address: `${ana}@example.org` }] });
    // The footer, the meeting place and the calendar's location: the new details.
    expect(message?.text).toContain('Dúvidas: fale@centro.example.org · WhatsApp: (21) 98765-4321');
    expect(message?.text).toContain(`Avenida Nova, 1000 - ${district}, ${city}`);
    expect(message?.text).not.toContain(centre.email);
    expect(message?.text).not.toContain(street);
    // Replies go where the configuration says, never to an address a content edit set
    // (decision 080): without MAIL_REPLY_TO or DATA_PROTECTION_EMAIL, the packaged centre's.
    expect(message?.replyTo?.value[0]?.address).toBe(centre.email);
    const ics = message?.attachments.find((a) => a.filename === 'passe.ics');
    const event = new ICAL.Component(
      ICAL.parse(ics?.content.toString('utf8') ?? ''),
    ).getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('location')).toContain('Avenida Nova, 1000');
    // The course's calendar file on the site says the same.
    const file = await api.app.inject({ method: 'GET', url: '/global-kardec/passe/encontros.ics' });
    expect(file.body.replace(/\r\n /g, '')).toContain('Avenida Nova\\, 1000');
  });

  it('enrols while SMTP is down; the message waits, then arrives exactly once', async () => {
    await smtp.stop();
    const api = await start();
    const people = await api.createPeople(3);
    for (const person of people) expect((await enrol(api, person)).statusCode).toBe(200);
    // The sender tried and failed: the messages wait with a backoff.
    await settle(1000);
    expect(await api.app.mail.outbox.counts()).toMatchObject({ pending: 3, sent: 0 });

    await smtp.start();
    await makeDue(api);
    api.app.mail.wake();
    await smtp.waitFor(3);
    await settle(500);
    expect(
      smtp.received.map((m) => m.to && 'value' in m.to && m.to.value[0]?.address).sort(),
    ).toEqual(people.map((p) => `${p}@example.org`).sort());
    expect(await api.app.mail.outbox.counts()).toMatchObject({ sent: 3, pending: 0 });
  });

  it.runIf(target.dialect === 'postgres')(
    'two instances on one database deliver each waiting message exactly once',
    async () => {
      await smtp.stop();
      const fixture = await createFixtureWebRoot();
      try {
        const one = await start({ fixture });
        const two = await start({ fixture });
        const people = await one.createPeople(20);
        const answers = await Promise.all(
          people.map((person, i) => enrol(i % 2 === 0 ? one : two, person)),
        );
        expect(answers.every((r) => r.statusCode === 200)).toBe(true);
        await settle(1000);
        expect(await one.app.mail.outbox.counts()).toMatchObject({ pending: 20 });

        await smtp.start();
        await makeDue(one);
        one.app.mail.wake();
        two.app.mail.wake();
        await smtp.waitFor(20, 20_000);
        await settle(1000);
        const addresses = smtp.received.map((m) => m.messageId);
        expect(new Set(addresses).size).toBe(20);
        expect(addresses).toHaveLength(20);
      } finally {
        for (const api of apis.splice(0)) await api.close();
        await fixture.cleanup();
      }
    },
  );
});

describe('the confirmation e-mail without SMTP_URL (the embedded default)', () => {
  it('is written as an .eml file under DATA_DIR/outbox; the log names the file only', async () => {
    const fixture = await createFixtureWebRoot();
    const lines: string[] = [];
    const app = await buildApp(
      loadConfig({
        WEB_ROOT: fixture.webRoot,
        DATA_DIR: fixture.dataDir,
        LOG_LEVEL: 'info',
        API_TOKEN_SECRET: TEST_API_TOKEN_SECRET,
      }),
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const [ana = ''] = await seedPeople(app.database.db, 1);
      const res = await app.inject({
        method: 'POST',
        url: '/api/group/add',
        payload: {
          group: passe.groupId,
          user: ana,
          token: app.apiTokens.issueForUser(ana).token,
        },
      });
      expect(res.statusCode).toBe(200);
      const dir = path.join(fixture.dataDir, 'outbox');
      let files: string[] = [];
      for (let i = 0; i < 50 && files.length === 0; i++) {
        await settle(100);
        files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml'));
      }
      expect(files).toHaveLength(1);
      const [file = ''] = files;
      expect(file).toMatch(/-enrolment-confirmation-[0-9a-f-]+\.eml$/);
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      expect(parsed.subject).toBe('Inscrição confirmada: Passe (Global Kardec)');
      expect(parsed.attachments.map((a) => a.filename).sort()).toEqual([
        'passe.ics',
        'qr-presenca.png',
      ]);
      // The place's QR code, shown inside the message (decision 097): it reads back as the token
      // of Ana's place, not as anything of hers.
      const qr = parsed.attachments.find((a) => a.filename === 'qr-presenca.png');
      expect(qr?.contentDisposition).toBe('inline');
      // Referenced by the HTML's image (mailparser marks such a part `related`).
      expect(qr?.related).toBe(true);
      expect(parsed.html).toContain('alt="QR code da sua inscrição, para marcar presença"');
      const place = await app.database.db
        .selectFrom('enrolments')
        .select('check_in_token')
        .where('user_id', '=', ana)
        .executeTakeFirstOrThrow();
      expect(await readQrCode(qr?.content as Buffer)).toBe(place.check_in_token);
      expect(parsed.text).toContain('mostre na entrada o QR code desta mensagem');

      const logged = lines.join('');
      expect(logged).toContain(file);
      expect(logged).not.toContain('@example.org');
      expect(logged).not.toContain(`Pessoa ${ana.slice(0, 8)}`);
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});
