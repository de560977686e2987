/**
 * The 'E-mail' of the profile (the account's contact address, `mail`) with the built-in provider
 * and EMAIL_VERIFICATION=required: a new address replaces the old one only
 * once its owner opens the link e-mailed to it (single use, PASSWORD_RESET_TTL_MINUTES, stored as a
 * SHA-256). Going back to the account's own sign-in address, proven already, applies at once.
 * Links are limited per account and per recipient (CONTACT_CHANGES_PER_HOUR),
 * and carry no display name: whoever asked wrote it, and nobody has proven the address yet.
 */
import { randomBytes } from 'node:crypto';
import { BUILT_IN_PROVIDER_PATH } from '@centro/contracts/identity';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { composeContactEmailChange } from '../../mail/compose.js';
import type { Mail } from '../../mail/mail.js';
import { PASSWORD_RESET_TTL_MINUTES } from '../../mail/messages/messages.js';
import { normaliseEmail } from './accounts.js';
import { hashToken } from './password-resets.js';
import { LoginThrottle } from './throttle.js';
import { Refusal } from '../../refusals/refusal.js';

/** The confirmation link's page: `<site>/idp/confirmar-contato?token=…`. */
export const CONTACT_CONFIRM_PATH = `${BUILT_IN_PROVIDER_PATH}/confirmar-contato`;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type ContactChange = 'applied' | 'pending';

/** The account, or the new address, had CONTACT_CHANGES_PER_HOUR links already (nothing sent). */
export class ContactChangeLimitError extends Refusal<'tooManyContactChanges'> {
  override name = 'ContactChangeLimitError';
  constructor(readonly retryAfterSeconds: number) {
    super('tooManyContactChanges', {
      details: { retryAfterSeconds },
      message: 'Too many contact e-mail changes',
    });
  }
}

export class ContactEmailChanges {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mail: Pick<Mail, 'enqueue' | 'wake' | 'centre'>,
    /** The public origin (SITE_URL). */
    private readonly siteUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.limits = new LoginThrottle(db, { now: () => this.now().getTime() });
  }

  private readonly limits: LoginThrottle;

  /**
   * A change of the account's contact address: 'applied' when it needs no proof (the account's
   * sign-in address, or no account: the directory decides), else 'pending' with the link queued
   * to the new address (replacing an earlier pending change).
   * @throws ContactChangeLimitError past CONTACT_CHANGES_PER_HOUR for the account or the address.
   */
  async request(accountId: string, newMail: string): Promise<ContactChange> {
    const account = await this.db
      .selectFrom('accounts')
      .select(['email', 'mail'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    const wanted = newMail.trim().toLowerCase();
    if (!account || wanted === account.email || wanted === account.mail.toLowerCase()) {
      await this.db
        .deleteFrom('contact_email_changes')
        .where('account_id', '=', accountId)
        .execute();
      return 'applied';
    }
    const admission = await this.limits.admitContactChange(accountId, wanted);
    if (!admission.allowed) throw new ContactChangeLimitError(admission.retryAfterSeconds);
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const row = {
      account_id: accountId,
      new_mail: newMail.trim(),
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_email_changes')
        .values(row)
        .onConflict((c) =>
          c.column('account_id').doUpdateSet({
            new_mail: row.new_mail,
            token_hash: row.token_hash,
            created_at: row.created_at,
            expires_at: row.expires_at,
          }),
        )
        .execute();
      await this.mail.enqueue(
        trx,
        composeContactEmailChange({
          centre: this.mail.centre(),
          to: row.new_mail,
          confirmUrl: `${this.siteUrl}${CONTACT_CONFIRM_PATH}?token=${token}`,
        }),
      );
    });
    this.mail.wake();
    return 'pending';
  }

  /** The new address of a usable link, else undefined. */
  async pendingFor(token: string): Promise<string | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    const row = await this.db
      .selectFrom('contact_email_changes')
      .select('new_mail')
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', this.now().toISOString())
      .executeTakeFirst();
    return row?.new_mail;
  }

  /**
   * Uses the link: the new address, proven now, replaces the contact address and the sign-in
   * address with it (decision 078), so the person signs in, and asks for 'Esqueci minha senha',
   * with the one address they see in Perfil. When another account signs in with that address,
   * only the contact address changes ('contact'). False when the link is unusable.
   */
  async confirm(token: string): Promise<false | 'sign-in' | 'contact'> {
    if (!TOKEN_SHAPE.test(token)) return false;
    const now = this.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const change = await trx
        .deleteFrom('contact_email_changes')
        .where('token_hash', '=', hashToken(token))
        .where('expires_at', '>', now)
        .returning(['account_id', 'new_mail'])
        .executeTakeFirst();
      if (!change) return false;
      const signIn = normaliseEmail(change.new_mail);
      const owner = await trx
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', signIn)
        .where('id', '<>', change.account_id)
        .executeTakeFirst();
      await trx
        .updateTable('accounts')
        .set({
          mail: change.new_mail,
          updated_at: now,
          ...(owner ? {} : { email: signIn, email_verified_at: now }),
        })
        .where('id', '=', change.account_id)
        .execute();
      return owner ? 'contact' : 'sign-in';
    });
  }
}
