/**
 * Slows down password guessing (table `login_failures`), per e-mail and per client address:
 * - every attempt is counted BEFORE its password is checked, in one conditional upsert per key
 *   (`admit`): it is atomic on SQLite and on PostgreSQL, so any number of concurrent attempts, on
 *   any number of instances sharing the database, are admitted at most up to the limit. A sign-in
 *   that succeeds gives the address its attempt back and forgets the e-mail's count;
 * - counts are forgotten `windowSeconds` after the last counted attempt, so nobody is ever locked
 *   out for good;
 * - past a few failures each wrong answer is delayed, longer and longer (capped);
 * - past a hard limit the attempt is refused (HTTP 429) without looking at the password, until the
 *   window has passed. Refused attempts are not counted (the count stops one past the limit and
 *   its time stays), so hammering an account does not keep it locked: the lock ends
 *   `windowSeconds` after the last counted attempt.
 * The same atomic counts limit account creations per address and links to a new contact e-mail
 * per account and per recipient (`admitSignUp`, `admitContactChange`).
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

/**
 * Links to a new contact e-mail: at most this many per account, and this many
 * to one address whichever accounts ask, in an hour (as password-reset links, RESETS_PER_HOUR).
 */
export const CONTACT_CHANGES_PER_HOUR = 3;
const CONTACT_CHANGE_WINDOW_SECONDS = 3600;

/** The default policy with the configured hard limits (IDP_SIGN_IN_ATTEMPTS_PER_*). */
export function throttlePolicy(limits: { perEmail: number; perAddress: number }): ThrottlePolicy {
  const { email, address } = DEFAULT_THROTTLE_POLICY;
  return {
    ...DEFAULT_THROTTLE_POLICY,
    email: {
      freeFailures: Math.min(email.freeFailures, limits.perEmail),
      hardLimit: limits.perEmail,
    },
    address: {
      freeFailures: Math.min(address.freeFailures, limits.perAddress),
      hardLimit: limits.perAddress,
    },
  };
}

/** An attempt admitted (counted; its password may be checked), or refused. */
export type SignInAdmission =
  | { allowed: true; emailAttempts: number; addressAttempts: number }
  | { allowed: false; retryAfterSeconds: number };

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
function key(kind: 'email' | 'ip' | 'signup' | 'contact' | 'contact-to', value: string): string {
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

  /**
   * Counts a sign-in attempt for this e-mail and this address, atomically, before its password is
   * checked; refused (and not counted) when either is at its limit.
   */
  async admit(email: string, address: string): Promise<SignInAdmission> {
    const byEmail = await this.count(emailKey(email), this.policy.email.hardLimit);
    if (byEmail.refused) return this.refusal(byEmail.last);
    const byAddress = await this.count(addressKey(address), this.policy.address.hardLimit);
    if (byAddress.refused) {
      // Not evaluated: the e-mail's attempt is given back.
      await this.giveBack(emailKey(email));
      return this.refusal(byAddress.last);
    }
    return { allowed: true, emailAttempts: byEmail.attempts, addressAttempts: byAddress.attempts };
  }

  /** The password was wrong: waits the delay the counts call for. */
  async failed(admission: SignInAdmission): Promise<void> {
    if (!admission.allowed) return;
    const delay = Math.max(
      this.delayFor(admission.emailAttempts, this.policy.email.freeFailures),
      this.delayFor(admission.addressAttempts, this.policy.address.freeFailures),
    );
    if (delay > 0) await this.sleep(delay);
  }

  /** A successful sign-in forgets the e-mail's count and gives the address its attempt back. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', '=', emailKey(email)).execute();
    await this.giveBack(addressKey(address));
  }

  /**
   * Counts an account creation from this address (fake accounts taking every
   * place); refused once `limit` were counted in the window. Only sign-ups that create an account
   * (or look as if they did) are counted.
   */
  async admitSignUp(address: string, limit: number): Promise<SignInAdmission> {
    const counted = await this.count(key('signup', address), limit);
    return counted.refused
      ? this.refusal(counted.last)
      : { allowed: true, emailAttempts: 0, addressAttempts: counted.attempts };
  }

  /**
   * Counts a link to a new contact e-mail for this account and to this address, atomically; refused
   * (and not counted) once either had CONTACT_CHANGES_PER_HOUR in the last hour.
   */
  async admitContactChange(accountId: string, recipient: string): Promise<SignInAdmission> {
    const limit = CONTACT_CHANGES_PER_HOUR;
    const window = CONTACT_CHANGE_WINDOW_SECONDS;
    const byAccount = await this.count(key('contact', accountId), limit, window);
    if (byAccount.refused) return this.refusal(byAccount.last, window);
    const byRecipient = await this.count(key('contact-to', recipient), limit, window);
    if (byRecipient.refused) {
      await this.giveBack(key('contact', accountId));
      return this.refusal(byRecipient.last, window);
    }
    return { allowed: true, emailAttempts: byRecipient.attempts, addressAttempts: 0 };
  }

  /** The owner proved control of the e-mail (a password reset): its failed sign-ins are forgotten. */
  async forgetEmail(email: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', '=', emailKey(email)).execute();
  }

  /** Removes counts whose window has passed (the contact changes' is an hour). */
  async cleanUp(): Promise<void> {
    const now = this.nowSeconds();
    await this.db
      .deleteFrom('login_failures')
      .where((eb) =>
        eb.or([
          eb('last_failure_at', '<=', now - CONTACT_CHANGE_WINDOW_SECONDS),
          eb.and([
            eb('last_failure_at', '<=', now - this.policy.windowSeconds),
            eb('key', 'not like', 'contact%'),
          ]),
        ]),
      )
      .execute();
  }

  private delayFor(failures: number, free: number): number {
    if (failures <= free) return 0;
    return Math.min(this.policy.baseDelayMs * 2 ** (failures - free - 1), this.policy.maxDelayMs);
  }

  private refusal(lastCounted: number, windowSeconds = this.policy.windowSeconds): SignInAdmission {
    const until = lastCounted + windowSeconds;
    return { allowed: false, retryAfterSeconds: Math.max(1, until - this.nowSeconds()) };
  }

  /**
   * One attempt more for a key, in one statement: a count older than the window starts again at 1;
   * a count at the limit goes one past it and stays there, with its time unchanged (refused).
   */
  private async count(
    key: string,
    limit: number,
    windowSeconds = this.policy.windowSeconds,
  ): Promise<{ refused: boolean; attempts: number; last: number }> {
    const now = sql.lit(this.nowSeconds());
    const stale = sql.lit(this.nowSeconds() - windowSeconds);
    const cap = sql.lit(limit);
    const row = await this.db
      .insertInto('login_failures')
      .values({ key, failures: 1, last_failure_at: this.nowSeconds() })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql<number>`case when login_failures.last_failure_at <= ${stale} then 1 when login_failures.failures >= ${cap} then ${sql.lit(limit + 1)} else login_failures.failures + 1 end`,
          last_failure_at: sql<number>`case when login_failures.last_failure_at > ${stale} and login_failures.failures >= ${cap} then login_failures.last_failure_at else ${now} end`,
        }),
      )
      .returning(['failures', 'last_failure_at'])
      .executeTakeFirstOrThrow();
    const attempts = Number(row.failures);
    return { refused: attempts > limit, attempts, last: Number(row.last_failure_at) };
  }

  /** Takes back one attempt of a key (never below zero). */
  private async giveBack(key: string): Promise<void> {
    await this.db
      .updateTable('login_failures')
      .set({ failures: sql<number>`failures - 1` })
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }
}
