/**
 * EMAIL_VERIFICATION=required with the built-in provider: a person enrols only once
 * their account's e-mail is confirmed, so nobody can take places with addresses they do not own.
 * One indexed read by primary key before the enrolment's own work.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { EmailNotVerifiedError } from './errors.js';

export function requireVerifiedAccount(db: Kysely<Database>) {
  return async (userId: string): Promise<void> => {
    const account = await db
      .selectFrom('accounts')
      .select('email_verified_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    // No account: the directory answers for it (user_not_found), as before.
    if (account && account.email_verified_at === null) throw new EmailNotVerifiedError();
  };
}
