/**
 * When and how long to wait before trying a Graph call again: Retry-After when the service gives
 * one (seconds or an HTTP date), otherwise exponential backoff with jitter; always within a
 * bounded number of attempts and a total time budget.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface RetryPolicy {
  /** Attempts in all, the first included (default 3). */
  maxAttempts: number;
  /** Total time for one operation, waits and attempts included, in ms (default 10 000). */
  budgetMs: number;
  /** First backoff delay in ms when there is no Retry-After (default 250); doubles each time. */
  baseDelayMs: number;
  /** Largest backoff delay in ms (default 2 000). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  budgetMs: 10_000,
  baseDelayMs: 250,
  maxDelayMs: 2_000,
};

/** Statuses that mean "not now": Graph's throttling, unavailability and gateway timeout. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503, 504]);

/**
 * The wait a Retry-After header asks for, in ms: delta-seconds or an HTTP date (RFC 9110 10.2.3).
 * Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(
  header: string | undefined,
  now: number = Date.now(),
): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Backoff before attempt `attempt + 1` (attempt counts from 1): "equal jitter" in [d/2, d]. */
export function backoffDelay(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Waits (tests replace it to observe the waits without spending them). */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = async (ms) => {
  await delay(ms);
};
