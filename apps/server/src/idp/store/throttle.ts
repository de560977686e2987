/**
 * Slows down password guessing (table `login_failures`), per e-mail and per client address:
 * - every failure is counted; counts are forgotten `windowSeconds` after the last failure, so nobody
 *   is ever locked out for good;
 * - past a few failures each wrong answer is delayed, longer and longer (capped);
 * - past a hard limit the attempt is refused (HTTP 429) without looking at the password, until the
 *   window has passed. Refused attempts are not counted, so an attacker cannot keep an account
 *   locked by hammering it: the lock ends `windowSeconds` after the last counted failure.
 * The per-address limits are looser: many people may share one address (the centre's Wi-Fi, a
 * mobile carrier's NAT).
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ThrottlePolicy {
  /** Failures are forgotten this long after the last one. */
  windowSeconds: number;
  email: { freeFailures: number; hardLimit: number };
  address: { freeFailures: number; hardLimit: number };
  /** Delay of the first delayed failure, doubled at each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  windowSeconds: 15 * 60,
  email: { freeFailures: 3, hardLimit: 10 },
  address: { freeFailures: 10, hardLimit: 50 },
  baseDelayMs: 500,
  maxDelayMs: 8000,
};

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottleOptions {
  policy?: ThrottlePolicy;
  /** Epoch milliseconds (tests move the clock). */
  now?: () => number;
  /** How a delay is spent (tests record it instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The row key of a value. Values come from the client (the e-mail typed; the address, which a
 * trusted proxy's X-Forwarded-For may carry as any text): a long one or one with NUL is kept as its
 * SHA-256, since PostgreSQL refuses NUL in text and index entries over about 2.7 kB.
 */
function key(kind: 'email' | 'ip', value: string): string {
  return value.length <= 256 && !value.includes('\u0000')
    ? `${kind}:${value}`
    : `${kind}#sha256:${createHash('sha256').update(value).digest('hex')}`;
}
const emailKey = (email: string) => key('email', email);
const addressKey = (address: string) => key('ip', address);

export class LoginThrottle {
  private readonly policy: ThrottlePolicy;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly db: Kysely<Database>,
    options: LoginThrottleOptions = {},
  ) {
    this.policy = options.policy ?? DEFAULT_THROTTLE_POLICY;
    this.now = options.now ?? Date.now;
    this.sleep =
      options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Failures counted for a key within the window. */
  private async failures(key: string): Promise<{ failures: number; last: number }> {
    const row = await this.db
      .selectFrom('login_failures')
      .select(['failures', 'last_failure_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || row.last_failure_at + this.policy.windowSeconds <= this.nowSeconds()) {
      return { failures: 0, last: 0 };
    }
    return { failures: row.failures, last: row.last_failure_at };
  }

  /** Whether a sign-in attempt for this e-mail from this address may be checked at all. */
  async check(email: string, address: string): Promise<ThrottleVerdict> {
    const [byEmail, byAddress] = await Promise.all([
      this.failures(emailKey(email)),
      this.failures(addressKey(address)),
    ]);
    const blocked = [
      byEmail.failures >= this.policy.email.hardLimit ? byEmail.last : 0,
      byAddress.failures >= this.policy.address.hardLimit ? byAddress.last : 0,
    ].filter((last) => last > 0);
    if (blocked.length === 0) return { allowed: true };
    const until = Math.max(...blocked) + this.policy.windowSeconds;
    return { allowed: false, retryAfterSeconds: Math.max(1, until - this.nowSeconds()) };
  }

  /** Counts a failure for both keys, then waits the delay the new counts call for. */
  async recordFailure(email: string, address: string): Promise<void> {
    const [byEmail, byAddress] = await Promise.all([
      this.increment(emailKey(email)),
      this.increment(addressKey(address)),
    ]);
    const delay = Math.max(
      this.delayFor(byEmail, this.policy.email.freeFailures),
      this.delayFor(byAddress, this.policy.address.freeFailures),
    );
    if (delay > 0) await this.sleep(delay);
  }

  /** A successful sign-in forgets the e-mail's failures (not the address's: they decay). */
  async recordSuccess(email: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', '=', emailKey(email)).execute();
  }

  /** Removes counts whose window has passed. */
  async cleanUp(): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('last_failure_at', '<=', this.nowSeconds() - this.policy.windowSeconds)
      .execute();
  }

  private delayFor(failures: number, free: number): number {
    if (failures <= free) return 0;
    return Math.min(this.policy.baseDelayMs * 2 ** (failures - free - 1), this.policy.maxDelayMs);
  }

  /** Adds one failure atomically (a count older than the window starts again at 1). */
  private async increment(key: string): Promise<number> {
    const now = this.nowSeconds();
    const stale = now - this.policy.windowSeconds;
    const row = await this.db
      .insertInto('login_failures')
      .values({ key, failures: 1, last_failure_at: now })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql<number>`case when login_failures.last_failure_at <= ${stale} then 1 else login_failures.failures + 1 end`,
          last_failure_at: now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  }
}
