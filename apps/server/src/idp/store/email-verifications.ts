/**
 * E-mail verification codes of the built-in provider: six digits e-mailed after sign-up
 * (and at the sign-in of an account not yet verified, where verification is required), valid for
 * EMAIL_CODE_TTL_MINUTES, one at a time per account, kept only as a SHA-256 of the account and the
 * digits, refused after MAX_CODE_ATTEMPTS wrong tries (a new code must then be asked for). A code
 * and its message are written together. The sign-in throttle covers the code page too
 * (routes/email-verification.ts).
 */
import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { composeEmailVerification } from '../../mail/compose.js';
import type { Mail } from '../../mail/mail.js';
import { EMAIL_CODE_TTL_MINUTES } from '../../mail/messages/messages.js';
import type { AccountRow } from './accounts.js';

/** Wrong codes accepted per code before it is void. */
export const MAX_CODE_ATTEMPTS = 5;
/** A new code is sent at most this often per account ('Reenviar código'). */
export const RESEND_AFTER_SECONDS = 60;

const codeHash = (accountId: string, code: string) =>
  createHash('sha256').update(`${accountId}:${code}`).digest('hex');

export type CodeCheck = 'verified' | 'wrong' | 'expired';

export class EmailVerifications {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: Pick<Mail, 'enqueue' | 'wake' | 'centre'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Queues a new code's message for the account with `trx`, unless one was sent a moment ago (that
   * one stands): answers whether a message was queued. Sign-up calls it in the transaction that
   * creates the account, so the account and its message are written together.
   */
  async queueCode(trx: Kysely<Database>, account: AccountRow): Promise<boolean> {
    const code = await this.issue(trx, account.id);
    if (!code) return false;
    await this.mail.enqueue(
      trx,
      composeEmailVerification({ centre: this.mail.centre(), to: account.email, code }),
    );
    return true;
  }

  /** `queueCode` in a transaction of its own; the message is sent at once. */
  async sendCode(account: AccountRow): Promise<boolean> {
    const queued = await this.db.transaction().execute((trx) => this.queueCode(trx, account));
    if (queued) this.mail.wake();
    return queued;
  }

  /**
   * A new code for the account, replacing any earlier one, written with `trx` (the transaction of
   * the sign-up or sign-in that causes it, which also queues the e-mail). Null when the last code
   * was sent less than RESEND_AFTER_SECONDS ago (that one still stands) and `force` is false.
   */
  async issue(trx: Kysely<Database>, accountId: string, force = false): Promise<string | null> {
    const now = this.now();
    if (!force) {
      const last = await trx
        .selectFrom('email_verifications')
        .select('sent_at')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (last && now.getTime() - Date.parse(last.sent_at) < RESEND_AFTER_SECONDS * 1000) {
        return null;
      }
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = {
      account_id: accountId,
      code_hash: codeHash(accountId, code),
      expires_at: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000).toISOString(),
      attempts: 0,
      sent_at: now.toISOString(),
    };
    await trx
      .insertInto('email_verifications')
      .values(row)
      .onConflict((c) =>
        c.column('account_id').doUpdateSet({
          code_hash: row.code_hash,
          expires_at: row.expires_at,
          attempts: 0,
          sent_at: row.sent_at,
        }),
      )
      .execute();
    return code;
  }

  /**
   * Checks a typed code; a right one marks the account's e-mail verified and is used up, and
   * `onVerified` writes in the same transaction.
   */
  async check(
    accountId: string,
    typed: string,
    onVerified?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<CodeCheck> {
    const code = typed.replace(/\s+/g, '');
    const now = this.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      // Counted first, atomically: concurrent guesses share the attempts.
      const row = await trx
        .updateTable('email_verifications')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('account_id', '=', accountId)
        .returning(['code_hash', 'expires_at', 'attempts'])
        .executeTakeFirst();
      if (!row || row.expires_at <= now || row.attempts > MAX_CODE_ATTEMPTS) return 'expired';
      if (!/^\d{6}$/.test(code) || row.code_hash !== codeHash(accountId, code)) return 'wrong';
      await trx.deleteFrom('email_verifications').where('account_id', '=', accountId).execute();
      await trx
        .updateTable('accounts')
        .set({ email_verified_at: now })
        .where('id', '=', accountId)
        .execute();
      await onVerified?.(trx);
      return 'verified';
    });
  }

  /** Removes codes a day past their expiry. */
  async cleanUp(): Promise<number> {
    const dayAgo = new Date(this.now().getTime() - 86_400_000).toISOString();
    const result = await this.db
      .deleteFrom('email_verifications')
      .where('expires_at', '<', dayAgo)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
