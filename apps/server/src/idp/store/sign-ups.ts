/**
 * The writes of a sign-up while e-mail verification is required: a new account and the
 * message of its first code, written together; and, for an address that has an account already,
 * the notice to its owner, at most once an hour, with links to sign in and
 * to reset the password.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { composeSignUpAttempt } from '../../mail/compose.js';
import type { Mail } from '../../mail/mail.js';
import type { AccountRow, AccountStore } from './accounts.js';
import type { EmailVerifications } from './email-verifications.js';

/** The owner of an address is told of sign-ups with it at most this often. */
export const SIGN_UP_NOTICE_INTERVAL_MS = 3_600_000;

export class SignUps {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: AccountStore,
    private readonly verifications: EmailVerifications,
    private readonly mail: Pick<Mail, 'enqueue' | 'wake' | 'centre'>,
    /** The public origin (SITE_URL): the notice's links. */
    private readonly siteUrl: string,
  ) {}

  /**
   * Writes a row from `AccountStore.newRow` and its first code's message in one transaction; the
   * message is sent at once.
   * @throws EmailTakenError when the e-mail got an account in the meantime.
   */
  async createUnverified(row: AccountRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.accounts.insert(row, trx);
      await this.verifications.queueCode(trx, row);
    });
    this.mail.wake();
  }

  /** Tells the owner someone tried to sign up with their address, unless told in the last hour. */
  async tellOwner(owner: AccountRow): Promise<void> {
    const since = new Date(Date.now() - SIGN_UP_NOTICE_INTERVAL_MS).toISOString();
    const queued = await this.db.transaction().execute(async (trx) => {
      const recent = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'sign-up-attempt')
        .where('recipient', '=', owner.email)
        .where('created_at', '>', since)
        .executeTakeFirst();
      if (recent) return false;
      await this.mail.enqueue(
        trx,
        composeSignUpAttempt({
          centre: this.mail.centre(),
          to: owner.email,
          // Nobody proved an unconfirmed account's address: whoever signed up wrote its name.
          ...(owner.email_verified_at ? { personName: owner.display_name } : {}),
          signInUrl: this.siteUrl,
          resetUrl: this.siteUrl,
        }),
      );
      return true;
    });
    if (queued) this.mail.wake();
  }
}
