/**
 * The sender: a loop that claims due messages from the outbox, delivers them with a transport and
 * marks them sent, or failed with a backoff (outbox.ts). It runs when woken (call `wake()` after
 * the transaction that queued a message committed), and every `pollIntervalMs` otherwise, which
 * also picks up messages queued by other instances and retries that came due. `stop()` waits for
 * the deliveries in progress, then closes the transport.
 *
 * A message kept as data (decision 033) is composed right before its delivery (`compose`); a
 * composition that finds nothing to send drops the row, one that fails counts as a failed attempt.
 *
 * During a rush the sender gives way to requests (`activity`): before claiming, while requests
 * keep arriving or wait for their answers, it waits (`probeMs` at a time) until a probe passes
 * without a new request and none is open (decision 066), or at most `maxDeferMs`, so delivering mail never competes with the requests for the CPU and the
 * database; messages queued in a rush go out right after it (decision 033).
 *
 * Logs say which message (id, kind) and what happened, and for `.eml` files the file's name; never
 * an address, a subject or a body.
 */
import type { Log } from '../logging.js';
import type { ClaimedMail, MailOutbox } from './outbox.js';
import type { MailTransport } from './transports.js';
import type { MailComposer, MailMessage, MailSettings } from './types.js';

const DAY_MS = 24 * 60 * 60_000;

export interface MailSenderOptions {
  outbox: MailOutbox;
  transport: MailTransport;
  settings: Pick<MailSettings, 'pollIntervalMs' | 'batchSize'> &
    Partial<Pick<MailSettings, 'perPersonPerDay'>>;
  log: Log;
  /** Deliveries at once (default 3: SMTP servers limit connections). */
  concurrency?: number;
  /** Composes the messages kept as data (none: such a message fails its attempts). */
  compose?: MailComposer;
  /**
   * The requests this instance has begun so far, and those still open (see request-activity.ts):
   * the sender yields to them.
   */
  activity?: { count(): number; open?(): number };
  /** Length of one wait for a pause between requests (default 20 ms). */
  probeMs?: number;
  /** Longest the sender waits for a pause before a claim (default 2 s): mail still moves. */
  maxDeferMs?: number;
}

export interface MailSender {
  /** Starts the loop (a first pass at once). */
  start(): void;
  /** Asks for a pass now (or right after the one in progress). */
  wake(): void;
  /** One pass: claims and delivers until nothing is due. Answers the messages attempted. */
  runOnce(): Promise<number>;
  /** Stops the loop, waits for deliveries in progress, closes the transport. */
  stop(): Promise<void>;
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { outbox, transport, settings, log } = options;
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const { activity } = options;
  const probeMs = options.probeMs ?? 20;
  const maxDeferMs = options.maxDeferMs ?? 2_000;
  let seenRequests = activity?.count() ?? 0;
  const compose: MailComposer =
    options.compose ?? (() => Promise.reject(new Error('no composer for messages kept as data')));
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<number> | undefined;
  let again = false;

  /** Whether the person received their confirmations and notices of the day (decision 080). */
  async function overDailyCap(personId: string): Promise<boolean> {
    const cap = settings.perPersonPerDay ?? 0;
    if (cap <= 0) return false;
    return (await outbox.sentToPerson(personId, new Date(Date.now() - DAY_MS))) >= cap;
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    const about = { mail: { id: mail.id, kind: mail.kind, attempt: mail.attempts } };
    let report;
    // The subject sent: a message kept as data has one only once composed.
    let subject = mail.subject;
    try {
      if (mail.data && (await overDailyCap(mail.data.personId))) {
        const dropped = await outbox.markDropped(mail);
        log.warn(
          { ...about, outcome: dropped ? 'dropped' : 'lost' },
          "mail not sent: the person's messages of the last 24 hours reached MAIL_PER_PERSON_PER_DAY",
        );
        return;
      }
      let message: MailMessage | null = mail;
      if (mail.data) message = await compose(mail.data);
      if (!message) {
        const dropped = await outbox.markDropped(mail);
        log.warn(
          { ...about, outcome: dropped ? 'dropped' : 'lost' },
          'mail not sent: nothing to send (no valid address, or the course is gone)',
        );
        return;
      }
      subject = message.subject;
      report = await transport.deliver({ ...mail, ...message });
    } catch (error) {
      const outcome = await outbox.markFailed(mail, error);
      const code = (error as { code?: unknown }).code;
      const detail = { ...about, outcome, ...(typeof code === 'string' ? { code } : {}) };
      if (outcome === 'failed') log.error(detail, 'mail not delivered, no attempts left');
      else log.warn(detail, 'mail not delivered, will retry');
      return;
    }
    const marked = await outbox.markSent({ ...mail, subject });
    const where = report.file ? { file: report.file } : { transport: transport.kind };
    if (report.file) {
      log.info({ mail: { ...about.mail, ...where } }, `mail written to outbox/${report.file}`);
    } else {
      log.info({ mail: { ...about.mail, ...where } }, 'mail delivered');
    }
    if (!marked) log.warn(about, 'mail delivered after its claim ran out (it may arrive twice)');
  }

  /** Delivers `claimed` with at most `concurrency` at once. */
  async function deliverAll(claimed: ClaimedMail[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const mail = claimed[next++];
        if (mail) {
          await deliver(mail).catch((error: unknown) => {
            // The database failed while marking: the claim runs out and the message is retried.
            log.error(
              { mail: { id: mail.id }, err: errorSummary(error) },
              'mail outbox update failed',
            );
          });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
  }

  /**
   * Waits while requests keep arriving (one probe at a time, at most `maxDeferMs`); at once when
   * none arrived since the last claim.
   */
  async function yieldToRequests(): Promise<void> {
    if (!activity) return;
    const deadline = Date.now() + maxDeferMs;
    const busy = () => activity.count() !== seenRequests || (activity.open?.() ?? 0) > 0;
    while (busy() && running && Date.now() < deadline) {
      seenRequests = activity.count();
      await new Promise((resolve) => setTimeout(resolve, probeMs));
    }
    seenRequests = activity.count();
  }

  /** Claims and delivers until nothing is due (or, for the loop, until it is stopped). */
  async function drain(whileRunning: boolean): Promise<number> {
    let attempted = 0;
    for (;;) {
      if (whileRunning) await yieldToRequests();
      let claimed: ClaimedMail[];
      try {
        claimed = await outbox.claim(settings.batchSize);
      } catch (error) {
        log.warn({ err: errorSummary(error) }, 'mail outbox unavailable, will retry');
        return attempted;
      }
      if (claimed.length === 0) return attempted;
      await deliverAll(claimed);
      attempted += claimed.length;
      if (claimed.length < settings.batchSize || (whileRunning && !running)) return attempted;
    }
  }

  function schedule(delay: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  }

  async function tick(): Promise<void> {
    if (pass) {
      again = true;
      return;
    }
    const current = drain(true);
    pass = current;
    try {
      await current;
    } finally {
      pass = undefined;
    }
    if (again) {
      again = false;
      schedule(0);
    } else {
      schedule(settings.pollIntervalMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    wake() {
      if (!running) return;
      if (pass) again = true;
      else schedule(0);
    },
    async runOnce() {
      while (pass) await pass;
      const current = drain(false);
      pass = current;
      try {
        return await current;
      } finally {
        pass = undefined;
      }
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      while (pass) await pass.catch(() => undefined);
      await transport.close();
    },
  };
}

/** An error's name and code, never its message (which may quote an address). */
function errorSummary(error: unknown): { type: string; code?: string } {
  const e = error as { name?: unknown; code?: unknown } | null;
  return {
    type: typeof e?.name === 'string' ? e.name : typeof error,
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
  };
}
