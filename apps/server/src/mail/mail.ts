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
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { createMailOutbox, type MailOutbox } from './outbox.js';
import { createMailSender, type MailSender } from './sender.js';
import { createMailTransport, type MailTransport } from './transports.js';
import type { MailMessage, MailSettings } from './types.js';

/** Delay of the wake that follows an enqueue (the transaction usually committed by then). */
export const ENQUEUE_WAKE_MS = 100;

export interface MailOptions {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  settings: MailSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Another transport (tests); default from the settings. */
  transport?: MailTransport;
  /** The clock (tests). */
  now?: () => Date;
}

export interface Mail {
  readonly settings: MailSettings;
  readonly outbox: MailOutbox;
  readonly sender: MailSender;
  /** Queues a message in the caller's transaction (see MailOutbox.enqueue). */
  enqueue(trx: Kysely<Database>, message: MailMessage): Promise<string>;
  /** Sends what is due now: call after the transaction that queued a message committed. */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMail(options: MailOptions): Mail {
  const { settings } = options;
  const outbox = createMailOutbox(options.database, settings, options.now);
  const sender = createMailSender({
    outbox,
    transport: options.transport ?? createMailTransport(settings),
    settings,
    log: options.log,
  });
  let wakeTimer: NodeJS.Timeout | undefined;
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
    async enqueue(trx, message) {
      const id = await outbox.enqueue(trx, message);
      wakeSoon();
      return id;
    },
    wake: () => sender.wake(),
    start: () => sender.start(),
    stop: () => {
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      return sender.stop();
    },
  };
}
