/**
 * The writes of a sign-up while e-mail verification is required (decision 023): a new account and the
 * message of its first code, written together; for an address whose account is not confirmed yet,
 * a code again, and what this sign-up typed, applied once the code proves the address (decision
 * 084); and, for a confirmed address, the notice to its owner (decision 018), at most once
 * an hour, with a link that opens the sign-in.
 */
import { SIGN_IN_LINK_PARAM } from '@centro/contracts/identity';
import type { Kysely } from 'kysely';
import { recordTokenRevocation } from '../../auth/token-revocations.js';
import type { Database } from '../../db/schema.js';
import { composeSignUpAttempt } from '../../mail/compose.js';
import type { Mail } from '../../mail/mail.js';
import type { AccountRow, AccountStore } from './accounts.js';
import { endAccountSessions } from './adapter.js';
import type { EmailVerifications } from './email-verifications.js';

/** The owner of an address is told of sign-ups with it at most this often. */
export const SIGN_UP_NOTICE_INTERVAL_MS = 3_600_000;

/**
 * What a sign-up with the address of an account not confirmed yet typed, kept in its interaction
 * until the code proves the address (the password already hashed).
 */
export type AccountRenewal = Pick<
  AccountRow,
  'password_hash' | 'display_name' | 'mobile_phone' | 'data_nascimento'
>;

/** The part of a new row (`AccountStore.newRow`) that renews an unconfirmed account. */
export function renewalOf(row: AccountRow): AccountRenewal {
  return {
    password_hash: row.password_hash,
    display_name: row.display_name,
    mobile_phone: row.mobile_phone,
    data_nascimento: row.data_nascimento,
  };
}

/** Whether an interaction's saved value is a renewal (it comes back from the database as JSON). */
export function isAccountRenewal(value: unknown): value is AccountRenewal {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.password_hash === 'string' &&
    typeof v.display_name === 'string' &&
    // The phone and birth date as stored once (decision 078).
    (v.mobile_phone === null || typeof v.mobile_phone === 'string') &&
    (v.data_nascimento === null || typeof v.data_nascimento === 'string')
  );
}

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

  /**
   * A sign-up with the address of an account not confirmed yet: a code to the address, as for a
   * new account (unless one went a moment ago: that one stands). False when none was queued.
   */
  resumeUnconfirmed(owner: AccountRow): Promise<boolean> {
    return this.verifications.sendCode(owner);
  }

  /**
   * Once the code proved the address (within its transaction, `trx`): the account takes the
   * password and details the sign-up typed, since whoever started the account may not be the
   * address's owner; its other sessions end, as with a password reset (decision 023).
   */
  async renew(trx: Kysely<Database>, accountId: string, renewal: AccountRenewal): Promise<void> {
    const now = new Date();
    await trx
      .updateTable('accounts')
      .set({ ...renewal, privacy_accepted_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', accountId)
      .execute();
    await endAccountSessions(trx, accountId);
    // Tokens of this second pass (the sign-in that follows at once is one of them), as after 'Sair'.
    await recordTokenRevocation(trx, accountId, now);
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
          // The website opens the sign-in at once, where 'Esqueci minha senha' is too.
          signInUrl: `${this.siteUrl}/?${SIGN_IN_LINK_PARAM}`,
        }),
      );
      return true;
    });
    if (queued) this.mail.wake();
  }
}
