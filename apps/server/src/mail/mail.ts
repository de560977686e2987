/**
 * The mail module assembled: the outbox over the server's database, the transport its settings
 * choose (SMTP or `.eml` files) and the sender loop. What the rest of the server calls:
 *
 *   const mail = createMail({ database, settings, log });   // in buildApp
 *   mail.start();                                           // when the server starts
 *   await db.transaction().execute(async (trx) => {          // with the event that causes it
 *     …;
 *     await mail.enqueue(trx, enrolmentConfirmation({ … }));
 *   });
 *   mail.wake();                                            // after the commit: send now
 *
 * Without `wake()`, `enqueue` itself wakes the sender shortly after (`ENQUEUE_WAKE_MS`, once for a
 * burst), which finds the message if its transaction committed by then; the poll covers the rest.
 *   await mail.stop();                                      // on close, before the database
 */
import { centre as packagedCentre } from '@centro/content';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { MessageCentre } from './messages/layout.js';
import { createMailOutbox, type DataMailRow, type MailOutbox } from './outbox.js';
import { createMailSender, type MailSender } from './sender.js';
import { createMailTransport, type MailTransport } from './transports.js';
import type { MailComposer, MailData, MailMessage, MailSettings } from './types.js';

/** Delay of the wake that follows an enqueue (the transaction usually committed by then). */
export const ENQUEUE_WAKE_MS = 100;

/**
 * Messages claimed at once by a sender writing `.eml` files: no connection limits them, and a
 * claim per three messages was an eighth of the CPU of sending the confirmations of a rush.
 */
export const EML_BATCH_SIZE = 50;

/** How long sent messages (personal data: addresses, names) are kept: 30 days. */
export const SENT_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** How often sent messages older than that are deleted (and once at start). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

export interface MailOptions {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  settings: MailSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Another transport (tests); default from the settings. */
  transport?: MailTransport;
  /** The clock (tests). */
  now?: () => Date;
  /** Composes the messages kept as data at delivery (decision 033). */
  compose?: MailComposer;
  /** The requests begun so far (request-activity.ts): the sender gives way to them. */
  activity?: { count(): number };
  /** Longest the sender gives way to requests before a claim (default: the sender's, 2 s). */
  maxDeferMs?: number;
  /**
   * The centre as published now (decision 073: the contact details edited in 'Conteúdo'), read at
   * each composition and delivery; default: `packages/content`'s.
   */
  centre?: () => MessageCentre;
}

export interface Mail {
  readonly settings: MailSettings;
  readonly outbox: MailOutbox;
  readonly sender: MailSender;
  /**
   * The centre the messages name, as published now (decision 073): what a caller composing a
   * message passes to `compose*`.
   */
  centre(): MessageCentre;
  /** Queues a message in the caller's transaction (see MailOutbox.enqueue). */
  enqueue(trx: Kysely<Database>, message: MailMessage): Promise<string>;
  /**
   * The outbox row of a message kept as its data (composed by the sender at delivery), for a
   * caller that writes it in its own statement or transaction (MailOutbox.dataRow); the sender is
   * woken shortly after.
   */
  enqueueData(data: MailData): DataMailRow;
  /** Sends what is due now: call after the transaction that queued a message committed. */
  wake(): void;
  /** Starts the sender, and the hourly deletion of messages sent over 30 days ago. */
  start(): void;
  stop(): Promise<void>;
  /** Deletes the messages sent before the retention (answers how many); run by start's timer. */
  deleteExpired(): Promise<number>;
}

export function createMail(options: MailOptions): Mail {
  const { settings, log } = options;
  const now = options.now ?? (() => new Date());
  const outbox = createMailOutbox(options.database, settings, now);
  const centre = options.centre ?? (() => packagedCentre);
  // From the configuration alone, never the contact e-mail edited in 'Conteúdo' (decision 080).
  const transport = options.transport ?? createMailTransport(settings, () => settings.replyTo);
  const sender = createMailSender({
    outbox,
    transport,
    settings:
      transport.kind === 'eml'
        ? { ...settings, batchSize: Math.max(settings.batchSize, EML_BATCH_SIZE) }
        : settings,
    log: options.log,
    ...(options.compose ? { compose: options.compose } : {}),
    ...(options.activity ? { activity: options.activity } : {}),
    ...(options.maxDeferMs !== undefined ? { maxDeferMs: options.maxDeferMs } : {}),
  });
  let wakeTimer: NodeJS.Timeout | undefined;
  let retentionTimer: NodeJS.Timeout | undefined;
  let retention: Promise<unknown> | undefined;
  const deleteExpired = () =>
    outbox.deleteSentBefore(new Date(now().getTime() - SENT_RETENTION_MS));
  const runRetention = () => {
    if (retention) return;
    retention = deleteExpired()
      .then((deleted) => {
        if (deleted > 0) log.info({ mail: { deleted } }, 'sent messages past retention deleted');
      })
      .catch((error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        log.warn(
          { ...(typeof code === 'string' ? { code } : {}) },
          'mail retention failed, will retry',
        );
      })
      .finally(() => {
        retention = undefined;
      });
  };
  const wakeSoon = () => {
    if (wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      sender.wake();
    }, ENQUEUE_WAKE_MS);
    wakeTimer.unref();
  };
  return {
    settings,
    outbox,
    sender,
    centre,
    async enqueue(trx, message) {
      const id = await outbox.enqueue(trx, message);
      wakeSoon();
      return id;
    },
    enqueueData(data) {
      const row = outbox.dataRow(data);
      wakeSoon();
      return row;
    },
    wake: () => sender.wake(),
    start() {
      sender.start();
      if (retentionTimer) return;
      runRetention();
      retentionTimer = setInterval(runRetention, RETENTION_INTERVAL_MS);
      retentionTimer.unref();
    },
    async stop() {
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      clearInterval(retentionTimer);
      retentionTimer = undefined;
      await retention;
      await sender.stop();
    },
    deleteExpired,
  };
}
