/**
 * Periodic clean-up of the provider's storage: expired payloads, forgotten sign-in failures and
 * password-reset links and e-mail codes a day past their expiry.
 * Runs once at start and then every `intervalMs`; the timer never keeps the process alive.
 * With several instances each runs it; the deletes are idempotent.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteExpiredPayloads } from './adapter.js';
import type { EmailVerifications } from './email-verifications.js';
import type { PasswordResets } from './password-resets.js';
import type { LoginThrottle } from './throttle.js';

export interface CleanupOptions {
  db: Kysely<Database>;
  throttle: LoginThrottle;
  resets: PasswordResets;
  verifications: EmailVerifications;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

/** Starts the clean-up; the function returned stops it (and waits for a run in progress). */
export function startCleanup({
  db,
  throttle,
  resets,
  verifications,
  log,
  intervalMs = 10 * 60 * 1000,
}: CleanupOptions): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = (async () => {
      try {
        const deleted = await deleteExpiredPayloads(db);
        await throttle.cleanUp();
        await resets.cleanUp();
        await verifications.cleanUp();
        if (deleted > 0) log.debug({ deleted }, 'identity provider: expired rows deleted');
      } catch (error) {
        log.warn({ err: error }, 'identity provider: clean-up failed');
      }
    })();
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
