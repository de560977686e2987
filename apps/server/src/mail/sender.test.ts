/**
 * The sender loop and the embedded default: with no SMTP_URL, messages become `.eml` files under
 * DATA_DIR/outbox/ (one per message, parseable by a mail parser, written atomically, logged by file
 * name only); a woken sender delivers at once; `stop` waits for the delivery in progress.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { centre, type Course, findCourse } from '@centro/content';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createTestSmtpServer } from '../../tests/support/smtp-server.js';
import { createMail } from './mail.js';
import { resolveMailSettings as mailSettingsFromEnv } from '../config/mail.js';
import { emailVerification, enrolmentConfirmation } from './messages/messages.js';
import { createEmlFileTransport, outboxDirectory } from './transports.js';

const passe = findCourse('global-kardec', 'passe') as Course;

function recorder() {
  const lines: { level: string; detail: unknown; message: string }[] = [];
  const at =
    (level: string) =>
    (detail: unknown, message = '') =>
      void lines.push({ level, detail, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}

let dataDir: string;
let database: DatabaseHandle;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'centro-mail-'));
  database = await openDatabase({ dataDir, sqliteFile: ':memory:' });
});
afterEach(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('.eml files (no SMTP_URL)', () => {
  it('writes one parseable file per message and logs its file name only', async () => {
    const settings = mailSettingsFromEnv({}, dataDir);
    const { lines, log } = recorder();
    const mail = createMail({ database, settings, log });
    const ids = await database.db.transaction().execute(async (trx) => [
      await mail.enqueue(
        trx,
        enrolmentConfirmation({
          centre,
          to: 'ana@example.org',
          personName: 'Ana Souza',
          course: passe,
          programmeName: 'Global Kardec',
          courseUrl: 'http://localhost:3000/global-kardec/passe',
        }),
      ),
      await mail.enqueue(trx, emailVerification({ centre, to: 'bia@example.org', code: '123456' })),
    ]);
    expect(await mail.sender.runOnce()).toBe(2);

    const files = (await readdir(outboxDirectory(dataDir))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^\d{8}T\d{6}Z-[a-z-]+-[0-9a-f-]{36}\.eml$/.test(f))).toBe(true);
    const parsed = await Promise.all(
      files.map(async (f) => simpleParser(await readFile(path.join(outboxDirectory(dataDir), f)))),
    );
    const confirmation = parsed.find((p) => p.subject?.startsWith('Inscrição confirmada'));
    expect(
      confirmation?.to && 'value' in confirmation.to && confirmation.to.value[0]?.address,
    ).toBe('ana@example.org');
    expect(confirmation?.from?.text).toContain(centre.name);
    expect(confirmation?.text).toContain('Primeiro encontro:');
    expect(confirmation?.attachments.map((a) => a.filename)).toEqual(['passe.ics']);
    expect(parsed.map((p) => p.messageId).sort()).toEqual(
      ids.map((id) => `<${id}@localhost>`).sort(),
    );

    const info = lines.filter((l) => l.level === 'info');
    expect(info).toHaveLength(2);
    for (const file of files) {
      expect(info.some((l) => l.message === `mail written to outbox/${file}`)).toBe(true);
    }
    const logged = JSON.stringify(lines);
    expect(logged).not.toMatch(/ana@example|bia@example|Ana Souza|123456|Inscrição|Confirme/);
    await mail.stop();
  });

  it('writes atomically, and a second delivery of the same message replaces its file', async () => {
    const settings = mailSettingsFromEnv({}, dataDir);
    const transport = createEmlFileTransport(settings);
    const message = emailVerification({ centre, to: 'bia@example.org', code: '654321' });
    const claimed = {
      ...message,
      id: '6f1c1c38-8a6b-4f8e-9d0c-3a3f0c1b2e4d',
      attempts: 1,
      claimToken: 't',
      createdAt: '2026-11-23T21:00:00.000Z',
    };
    const first = await transport.deliver(claimed);
    const second = await transport.deliver({ ...claimed, attempts: 2 });
    expect(first.file).toBe(`20261123T210000Z-email-verification-${claimed.id}.eml`);
    expect(second.file).toBe(first.file);
    expect(await readdir(outboxDirectory(dataDir))).toEqual([first.file]); // no temporary left
    await transport.close();
  });
});

describe('the sender loop', () => {
  it('delivers as soon as a message is queued, not at the next poll, and stops cleanly', async () => {
    const smtp = await createTestSmtpServer();
    const settings = {
      ...mailSettingsFromEnv(
        { SMTP_URL: smtp.url, MAIL_FROM: 'nao-responda@centro.org.br' },
        dataDir,
      ),
      pollIntervalMs: 60_000,
    };
    const mail = createMail({ database, settings, log: recorder().log });
    mail.start();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first (empty) pass
    await database.db
      .transaction()
      .execute((trx) =>
        mail.enqueue(trx, emailVerification({ centre, to: 'c@example.org', code: '111111' })),
      );
    // No explicit wake(): the enqueue wakes the sender; the next poll would be a minute away.
    const [received] = await smtp.waitFor(1, 5000);
    expect(received?.subject).toBe('Confirme seu e-mail');
    await mail.stop();
    expect(await mail.outbox.counts()).toMatchObject({ sent: 1 });
    await smtp.stop();
  });
});
