/**
 * The outbox on SQLite and PostgreSQL, with a real SMTP server (smtp-server, read back with
 * mailparser), never a stand-in for nodemailer: a message exists only if its transaction
 * committed; delivery with attachments; SMTP down → pending with backoff, then delivered exactly
 * once; bounded attempts → failed; a claim whose sender died is taken over when its lease ends;
 * and two senders (two connections or pools on one database) deliver each message exactly once.
 */
import { centre, type Course, findCourse } from '@centro/content';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { DatabaseHandle } from '../db/database.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';
import { createMail } from './mail.js';
import { resolveMailSettings as mailSettingsFromEnv } from '../config/mail.js';
import { enrolmentConfirmation, emailVerification } from './messages/messages.js';
import { backoffMs, describeMailError } from './failed-attempts.js';
import { createMailOutbox, insertDataRows, InvalidRecipientError } from './outbox.js';
import { createMailSender } from './sender.js';
import { createSmtpTransport } from './transports.js';
import type { MailMessage, MailSettings } from './types.js';

const targets = await testDatabaseTargets('mail-outbox');
afterAll(async () => {
  for (const target of targets) await target.cleanup();
});

// With an invite code, as staff set it (the content has none yet): the message has the button.
const passe = {
  ...(findCourse('global-kardec', 'passe') as Course),
  inviteCode: 'Fh3kQm9ZpL2xW7vB1nT4yR',
};

function confirmation(to = 'ana@example.org'): MailMessage {
  return enrolmentConfirmation({
    centre,
    to,
    personName: 'Ana Souza',
    course: passe,
    programmeName: 'Global Kardec',
    courseUrl: 'https://www.centro.org.br/global-kardec/passe',
  });
}

const code = (n: number, to = `p${n}@example.org`) =>
  emailVerification({ centre, to, code: String(100000 + n) });

/** A controllable clock. */
function clock(start = Date.parse('2026-11-23T12:00:00Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

interface Line {
  level: string;
  detail: unknown;
  message: string;
}
function recorder() {
  const lines: Line[] = [];
  const at =
    (level: string) =>
    (detail: unknown, message = '') =>
      void lines.push({ level, detail, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

function settingsFor(smtp: TestSmtpServer, overrides: Partial<MailSettings> = {}): MailSettings {
  return {
    ...mailSettingsFromEnv(
      { SMTP_URL: smtp.url, MAIL_FROM: '"Centro Espírita" <nao-responda@centro.org.br>' },
      '/nonexistent',
    ),
    smtpTimeoutMs: 2000,
    ...overrides,
  };
}

describe.each(targets)('mail outbox on $dialect', (target) => {
  let database: DatabaseHandle;
  let smtp: TestSmtpServer;

  beforeEach(async () => {
    await target.clear(['mail_outbox']);
    database = await target.open();
    smtp = await createTestSmtpServer();
  });
  afterEach(async () => {
    await smtp.stop();
  });

  async function enqueue(message: MailMessage, now?: () => Date) {
    const outbox = createMailOutbox(database, settingsFor(smtp), now);
    return database.db.transaction().execute((trx) => outbox.enqueue(trx, message));
  }

  it('keeps a message only when the transaction that queued it commits', async () => {
    const outbox = createMailOutbox(database, settingsFor(smtp));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await outbox.enqueue(trx, code(1));
        throw new Error('the enrolment failed');
      }),
    ).rejects.toThrow('the enrolment failed');
    expect(await outbox.counts()).toEqual({ pending: 0, sending: 0, sent: 0, failed: 0 });
    await enqueue(code(2));
    expect((await outbox.counts()).pending).toBe(1);
    await expect(
      database.db.transaction().execute((trx) => outbox.enqueue(trx, code(3, 'not an address'))),
    ).rejects.toBeInstanceOf(InvalidRecipientError);
  });

  it('sends a sign-up code before a flood of notices queued ahead of it, and confirmations before notices', async () => {
    const outbox = createMailOutbox(database, settingsFor(smtp));
    const rows = Array.from({ length: 40 }, (_, i) =>
      outbox.dataRow({ kind: 'enrolment-cancelled', personId: `p${i}`, courseSlug: 'passe' }),
    );
    await database.db.transaction().execute((trx) => insertDataRows(trx, rows));
    await database.db
      .transaction()
      .execute((trx) =>
        insertDataRows(trx, [
          outbox.dataRow({ kind: 'enrolment-confirmation', personId: 'q', courseSlug: 'passe' }),
        ]),
      );
    await enqueue(code(7));
    const [first, second, third] = await outbox.claim(3);
    expect([first?.kind, second?.kind, third?.kind]).toEqual([
      'email-verification',
      'enrolment-confirmation',
      'enrolment-cancelled',
    ]);
  });

  it('delivers over SMTP with both parts, the headers and the calendar attachment', async () => {
    const id = await enqueue(confirmation());
    const mail = createMail({ database, settings: settingsFor(smtp), log: recorder().log });
    expect(await mail.sender.runOnce()).toBe(1);
    const [received] = await smtp.waitFor(1);
    expect(received?.subject).toBe('Inscrição confirmada: Passe (Global Kardec)');
    expect(received?.from?.value[0]).toEqual({
      name: 'Centro Espírita',
      address: 'nao-responda@centro.org.br',
    });
    expect(received?.replyTo?.value[0]?.address).toBe(centre.email);
    expect(received?.messageId).toBe(`<${id}@centro.org.br>`);
    expect(received?.text).toContain('Olá, Ana Souza!');
    expect(received?.html).toContain('Entre em nosso grupo de WhatsApp');
    const ics = received?.attachments.find((a) => a.filename === 'passe.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics?.content.toString('utf8') ?? '')).getFirstSubcomponent(
        'vevent',
      ) ?? undefined,
    );
    expect(event.startDate.toString()).toBe(
      `${passe.meetings.firstMeeting}T${passe.meetings.time}:00`,
    );
    expect(await mail.outbox.counts()).toMatchObject({ sent: 1, pending: 0 });
    await mail.stop();
  });

  it('keeps the message pending with a backoff while SMTP is down, then delivers it exactly once', async () => {
    await smtp.stop();
    const time = clock();
    const { lines, log } = recorder();
    const settings = settingsFor(smtp, { backoffBaseMs: 60_000 });
    const id = await enqueue(code(1), time.now);
    const mail = createMail({ database, settings, log, now: time.now });

    expect(await mail.sender.runOnce()).toBe(1);
    const row = await database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.next_attempt_at).toBe(new Date(time.now().getTime() + 60_000).toISOString());
    expect(row.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'mail not delivered, will retry' }),
    );

    // Not due yet: nothing is attempted, even with the server back.
    await smtp.start();
    expect(await mail.sender.runOnce()).toBe(0);
    time.advance(60_000);
    expect(await mail.sender.runOnce()).toBe(1);
    await smtp.waitFor(1);
    time.advance(24 * 60 * 60_000);
    expect(await mail.sender.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(await mail.outbox.counts()).toMatchObject({ sent: 1, pending: 0 });
    // The logs never carry the address, the subject or the code.
    const logged = JSON.stringify(lines);
    expect(logged).not.toMatch(/p1@example\.org|100001|Confirme/);
    await mail.stop();
  });

  it('stops after the last attempt, leaving the message failed and visible', async () => {
    await smtp.stop();
    const time = clock();
    const { lines, log } = recorder();
    const settings = settingsFor(smtp, { maxAttempts: 3, backoffBaseMs: 1000, backoffMaxMs: 1500 });
    const id = await enqueue(code(1), time.now);
    const mail = createMail({ database, settings, log, now: time.now });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await mail.sender.runOnce();
      time.advance(2000);
    }
    const row = await database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).not.toContain('p1@example.org');
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
    await mail.stop();
  });

  it("takes over a dead sender's claim once its lease ends; the dead one can no longer mark it", async () => {
    const time = clock();
    const settings = settingsFor(smtp, { leaseMs: 60_000 });
    const outbox = createMailOutbox(database, settings, time.now);
    await enqueue(code(1), time.now);
    const [dead] = await outbox.claim(10);
    expect(dead?.attempts).toBe(1);
    expect(await outbox.claim(10)).toEqual([]); // held by the lease
    time.advance(60_000);
    const sender = createMailSender({
      outbox,
      transport: createSmtpTransport(settings),
      settings,
      log: recorder().log,
    });
    expect(await sender.runOnce()).toBe(1);
    await smtp.waitFor(1);
    expect(dead && (await outbox.markSent(dead))).toBe(false);
    expect(dead && (await outbox.markFailed(dead, new Error('late')))).toBe('lost');
    expect(await outbox.counts()).toMatchObject({ sent: 1, sending: 0 });
    await sender.stop();
  });

  // PostgreSQL: two pools, as two server instances. SQLite: two senders on the process's one
  // connection (two handles on one file in one process would block each other's event loop in
  // better-sqlite3's synchronous busy wait; several processes on one file are not a deployment).
  it('two senders deliver every message exactly once', async () => {
    const count = 40;
    for (let n = 0; n < count; n++) await enqueue(code(n));
    const other = target.dialect === 'postgres' ? await target.open({ poolSize: 4 }) : database;
    const settings = settingsFor(smtp, { batchSize: 3 });
    const senders = [database, other].map((handle) =>
      createMail({ database: handle, settings, log: recorder().log }),
    );
    const attempted = await Promise.all(senders.map((s) => s.sender.runOnce()));
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(count);
    await smtp.waitFor(count);
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(count);
    expect(smtp.received).toHaveLength(count);
    expect((await senders[0]?.outbox.counts())?.sent).toBe(count);
    await Promise.all(senders.map((s) => s.stop()));
  });
});

describe('backoff and error descriptions', () => {
  it('doubles the wait after each failure, up to the limit', () => {
    const settings = { backoffBaseMs: 30_000, backoffMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 8, 12].map((a) => backoffMs(a, settings))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });

  it('keeps the code and the reply without any address', () => {
    const error = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <ana@example.org>: Recipient address rejected",
      ),
      {
        code: 'EENVELOPE',
        responseCode: 550,
      },
    );
    const text = describeMailError(error);
    expect(text).toMatch(/^EENVELOPE 550: /);
    expect(text).not.toContain('ana@example.org');
    expect(text).toContain('<<address>>');
  });
});
