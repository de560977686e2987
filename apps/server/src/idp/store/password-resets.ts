/**
 * Password-reset links of the built-in provider: a random token e-mailed as a link, kept
 * only as its SHA-256, valid for PASSWORD_RESET_TTL_MINUTES and usable once. Using it sets the new
 * password, counts as proof of the e-mail (`email_verified_at`), ends every session, grant and
 * token of the account (its other devices are signed out), and forgets the e-mail's failed
 * sign-ins, so an owner locked out by someone else's guesses gets in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BUILT_IN_PROVIDER_PATH } from '@centro/contracts/identity';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { composePasswordReset } from '../../mail/compose.js';
import type { Mail } from '../../mail/mail.js';
import { PASSWORD_RESET_TTL_MINUTES } from '../../mail/messages/messages.js';
import { endAccountSessions } from './adapter.js';
import {
  endOfSecond,
  recordTokenRevocation,
  type TokenRevocations,
} from '../../auth/token-revocations.js';
import { hashPassword } from './passwords.js';

/** At most this many links per account in an hour: the rest of the requests send nothing. */
export const RESETS_PER_HOUR = 3;

/** The e-mailed link's page: `<site>/idp/redefinir-senha?token=…`. */
export const PASSWORD_RESET_PATH = `${BUILT_IN_PROVIDER_PATH}/redefinir-senha`;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token as the link carries it: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The account a link is sent for. */
export interface ResetRecipient {
  id: string;
  email: string;
  display_name: string;
}

export class PasswordResets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: Pick<Mail, 'enqueue' | 'wake' | 'centre'>,
    /** The public origin (SITE_URL). */
    private readonly siteUrl: string,
    private readonly now: () => Date = () => new Date(),
    /** Told of a reset at once: this instance refuses the old tokens before its next read. */
    private readonly revocations?: Pick<TokenRevocations, 'note'>,
  ) {}

  /**
   * E-mails a new link to the account's sign-in address (the one its owner proved at sign-up): the
   * token and its message are written together. False when the account asked for RESETS_PER_HOUR
   * already (nothing is sent).
   */
  async sendLink(account: ResetRecipient & { email_verified_at: string | null }): Promise<boolean> {
    const queued = await this.db.transaction().execute(async (trx) => {
      const token = await this.create(trx, account.id);
      if (!token) return false;
      const resetUrl = `${this.siteUrl}${PASSWORD_RESET_PATH}?token=${token}`;
      await this.mail.enqueue(
        trx,
        composePasswordReset({
          centre: this.mail.centre(),
          to: account.email,
          // Nobody proved an unconfirmed account's address: whoever signed up wrote its name.
          ...(account.email_verified_at ? { personName: account.display_name } : {}),
          resetUrl,
        }),
      );
      return true;
    });
    if (queued) this.mail.wake();
    return queued;
  }

  /**
   * A new link's token for the account, written with `trx` (the caller's transaction, which also
   * queues the e-mail); null when the account asked for RESETS_PER_HOUR already.
   */
  private async create(trx: Kysely<Database>, accountId: string): Promise<string | null> {
    const now = this.now();
    const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
    const recent = await trx
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', accountId)
      .where('created_at', '>', hourAgo)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= RESETS_PER_HOUR) return null;
    const token = randomBytes(32).toString('base64url');
    await trx
      .insertInto('password_resets')
      .values({
        token_hash: hashToken(token),
        account_id: accountId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
        used_at: null,
      })
      .execute();
    return token;
  }

  /** Whether the token can still be used (shown before the new password is typed). */
  async isUsable(token: string): Promise<boolean> {
    return (await this.accountFor(token)) !== undefined;
  }

  /** The account of a usable token (its name and e-mail judge the new password), else undefined. */
  async accountFor(token: string): Promise<ResetRecipient | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    return this.db
      .selectFrom('password_resets')
      .innerJoin('accounts', 'accounts.id', 'password_resets.account_id')
      .select(['accounts.id', 'accounts.email', 'accounts.display_name'])
      .where('password_resets.token_hash', '=', hashToken(token))
      .where('password_resets.used_at', 'is', null)
      .where('password_resets.expires_at', '>', this.now().toISOString())
      .executeTakeFirst();
  }

  /**
   * Uses the token: in one transaction, marks it used (only one of two concurrent uses wins), sets
   * the password, marks the e-mail proven, and ends the account's sessions and tokens. Answers the
   * account's sign-in e-mail, or null when the token is unknown, expired or used.
   */
  async use(token: string, newPassword: string): Promise<{ email: string } | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const passwordHash = await hashPassword(newPassword);
    const now = this.now().toISOString();
    const ended = await this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('account_id')
        .executeTakeFirst();
      if (!used) return null;
      const account = await trx
        .updateTable('accounts')
        .set({ password_hash: passwordHash, email_verified_at: now, updated_at: now })
        .where('id', '=', used.account_id)
        .returning('email')
        .executeTakeFirst();
      if (!account) return null;
      // The other links of the account die with this one.
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('account_id', '=', used.account_id)
        .where('used_at', 'is', null)
        .execute();
      await endAccountSessions(trx, used.account_id);
      // The provider's access tokens already issued (JWTs, an hour long) and the API tokens die
      // too, those of this very second included: a stolen sign-in does not outlive the reset.
      await recordTokenRevocation(trx, used.account_id, endOfSecond(new Date(now)));
      return { email: account.email, accountId: used.account_id };
    });
    if (!ended) return null;
    this.revocations?.note(ended.accountId, endOfSecond(new Date(now)));
    return { email: ended.email };
  }

  /** Removes links a day past their expiry. */
  async cleanUp(): Promise<number> {
    const dayAgo = new Date(this.now().getTime() - 86_400_000).toISOString();
    const result = await this.db
      .deleteFrom('password_resets')
      .where('expires_at', '<', dayAgo)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
