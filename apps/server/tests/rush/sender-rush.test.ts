/**
 * The sender during a rush (decision 033): messages kept as data are composed at delivery (one
 * with nothing to send is dropped, never delivered); while requests keep arriving the sender
 * claims nothing, nor while requests wait for their answers (decision 066), and it delivers once
 * they pause, or after `maxDeferMs` at the latest.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { centre } from '@centro/content';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { resolveMailSettings } from '../../src/config/mail.js';
import { RequestActivity } from '../../src/request-activity.js';
import { createMail } from '../../src/mail/mail.js';
import { emailVerification } from '../../src/mail/messages/messages.js';
import { dataRowInsert, type ClaimedMail } from '../../src/mail/outbox.js';
import type { MailTransport } from '../../src/mail/transports.js';
import type { MailComposer } from '../../src/mail/types.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingTransport(): MailTransport & { delivered: ClaimedMail[] } {
  const delivered: ClaimedMail[] = [];
  return {
    kind: 'smtp',
    delivered,
    deliver: (mail) => {
      delivered.push(mail);
      return Promise.resolve({});
    },
    close: () => Promise.resolve(),
  };
}

let dataDir: string;
let database: DatabaseHandle;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'centro-mail-rush-'));
  database = await openDatabase({ dataDir, sqliteFile: ':memory:' });
});
afterEach(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Queues a confirmation kept as data for `personId`, as the enrolment does. */
async function queueData(mail: ReturnType<typeof createMail>, personId: string) {
  const row = mail.enqueueData({
    kind: 'enrolment-confirmation',
    personId,
    courseSlug: 'passe',
  });
  await database.db.executeQuery(dataRowInsert(row, 'sqlite'));
}

/**
 * A mail service beside a stream of requests (one every 5 ms, until `rush` is cleared: the
 * sender's 20 ms probes never find a pause), composing each message as an e-mail to the person.
 */
function mailDuringRequests(options: { maxDeferMs?: number } = {}) {
  const transport = recordingTransport();
  const activity = new RequestActivity();
  const mail = createMail({
    database,
    settings: { ...resolveMailSettings({}, dataDir), pollIntervalMs: 60_000 },
    log: silent,
    transport,
    activity,
    ...options,
    compose: (data) =>
      Promise.resolve(
        emailVerification({ centre, to: `${data.personId}@example.org`, code: '123456' }),
      ),
  });
  activity.begin();
  const rush = setInterval(() => activity.begin(), 5);
  return { mail, transport, rush };
}

describe('messages kept as data', () => {
  it('are composed at delivery; one with nothing to send is dropped, never delivered', async () => {
    const transport = recordingTransport();
    const compose: MailComposer = (data) =>
      Promise.resolve(
        data.personId === 'sem-endereco'
          ? null
          : emailVerification({ centre, to: `${data.personId}@example.org`, code: '123456' }),
      );
    const mail = createMail({
      database,
      settings: resolveMailSettings({}, dataDir),
      log: silent,
      transport,
      compose,
    });
    await queueData(mail, 'ana');
    await queueData(mail, 'sem-endereco');
    expect(await mail.sender.runOnce()).toBe(2);
    expect(transport.delivered.map((m) => m.to)).toEqual(['ana@example.org']);
    expect(await mail.outbox.counts()).toEqual({ pending: 0, sending: 0, sent: 1, failed: 0 });
    await mail.stop();
  });

  it('a composition that fails is a failed attempt, retried later', async () => {
    const transport = recordingTransport();
    const mail = createMail({
      database,
      settings: resolveMailSettings({}, dataDir),
      log: silent,
      transport,
      compose: () => Promise.reject(new Error('directory unavailable')),
    });
    await queueData(mail, 'ana');
    await mail.sender.runOnce();
    expect(transport.delivered).toHaveLength(0);
    expect(await mail.outbox.counts()).toMatchObject({ pending: 1, sent: 0 });
    await mail.stop();
  });
});

describe('the sender during a rush', () => {
  it('claims nothing while requests keep arriving, and delivers when they pause', async () => {
    const { mail, transport, rush } = mailDuringRequests();
    try {
      mail.start();
      await queueData(mail, 'ana');
      mail.wake();
      await sleep(250);
      expect(transport.delivered).toHaveLength(0);
    } finally {
      clearInterval(rush);
    }
    for (let i = 0; i < 50 && transport.delivered.length === 0; i++) await sleep(20);
    expect(transport.delivered).toHaveLength(1);
    await mail.stop();
  });

  it('claims nothing while requests wait for their answers, though no new one arrives', async () => {
    // PostgreSQL's rush: a burst of requests, then none until the database answers the batch.
    const transport = recordingTransport();
    const activity = new RequestActivity();
    const mail = createMail({
      database,
      settings: { ...resolveMailSettings({}, dataDir), pollIntervalMs: 60_000 },
      log: silent,
      transport,
      activity,
      compose: (data) =>
        Promise.resolve(
          emailVerification({ centre, to: `${data.personId}@example.org`, code: '123456' }),
        ),
    });
    const waiting = new EventEmitter();
    for (let i = 0; i < 3; i++) activity.begin(waiting);
    mail.start();
    await queueData(mail, 'ana');
    mail.wake();
    await sleep(250);
    expect(transport.delivered).toHaveLength(0);
    waiting.emit('close');
    for (let i = 0; i < 50 && transport.delivered.length === 0; i++) await sleep(20);
    expect(transport.delivered).toHaveLength(1);
    expect(activity.open()).toBe(0);
    await mail.stop();
  });

  it('delivers after the longest deferral even when requests never pause', async () => {
    const { mail, transport, rush } = mailDuringRequests({ maxDeferMs: 200 });
    try {
      mail.start();
      await queueData(mail, 'ana');
      mail.wake();
      for (let i = 0; i < 100 && transport.delivered.length === 0; i++) await sleep(20);
      expect(transport.delivered).toHaveLength(1);
    } finally {
      clearInterval(rush);
    }
    await mail.stop();
  });
});
