/**
 * A failed delivery attempt of the outbox: how long the message waits before the next (exponential
 * backoff, capped), and what is stored of the error (no e-mail address, at most 500 characters).
 */
import type { MailSettings } from './types.js';

/** The wait after attempt `attempt` (1-based) failed. */
export function backoffMs(
  attempt: number,
  settings: Pick<MailSettings, 'backoffBaseMs' | 'backoffMaxMs'>,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(settings.backoffBaseMs * 2 ** exponent, settings.backoffMaxMs);
}

const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/**
 * The stored description of a failed attempt: the error's code, the SMTP reply code and its
 * message, with every e-mail address replaced (servers often quote the recipient), at most 500
 * characters.
 */
export function describeMailError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const parts = [
    typeof e.code === 'string' ? e.code : undefined,
    typeof e.responseCode === 'number' ? String(e.responseCode) : undefined,
  ].filter(Boolean);
  const message =
    typeof e.message === 'string' ? e.message : typeof error === 'string' ? error : 'unknown error';
  const text = `${parts.length ? `${parts.join(' ')}: ` : ''}${message}`.replace(
    ADDRESS,
    '<address>',
  );
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
