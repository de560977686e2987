/**
 * The mail's part of the environment (mail/ takes the resulting `MailSettings`, never the env):
 *
 * - `SMTP_URL`: `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; none: messages become
 *   `.eml` files under `DATA_DIR/outbox/` (the embedded default).
 * - `MAIL_FROM`: the From header, `"Name" <address>` or an address; required with `SMTP_URL`
 *   (providers only accept their own mailboxes), else `"<centre name>" <nao-responda@localhost>`.
 * - `MAIL_REPLY_TO`: the Reply-To address; by default the data-protection address below (never the
 *   contact e-mail edited in 'Conteúdo': decision 080).
 * - `DATA_PROTECTION_EMAIL`: where people send their personal data requests (the privacy notice
 *   names it) and, without `MAIL_REPLY_TO`, where replies go; by default the centre's e-mail in
 *   `packages/content`, which only a new version changes.
 * - `MAIL_PER_PERSON_PER_DAY`: the confirmations and notices one person may receive in 24 hours;
 *   the rest are not sent (codes, links and messages to a class are not counted).
 * - `EMAIL_VERIFICATION`: `required` (default with `SMTP_URL`) or `off` (default without it).
 *
 * No message repeats a value: `SMTP_URL` holds a password.
 */
import { centre } from '@centro/content';
import type { z } from 'zod';
import { MAIL_DEFAULTS, type MailSettings } from '../mail/types.js';
import { integerRange, isEmailAddress, isMailbox, parseUrl, textWhere } from './parsers.js';

const isSmtpUrl = (value: string): boolean => {
  const url = parseUrl(value);
  return (url?.protocol === 'smtp:' || url?.protocol === 'smtps:') && url.hostname !== '';
};

export const mailEnv = {
  SMTP_URL: textWhere(
    isSmtpUrl,
    'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@smtp.example.org:587',
  ),
  MAIL_FROM: textWhere(isMailbox, 'must be an address or "Name" <address>'),
  MAIL_REPLY_TO: textWhere(isEmailAddress, 'must be an e-mail address'),
  DATA_PROTECTION_EMAIL: textWhere(isEmailAddress, 'must be an e-mail address'),
  MAIL_PER_PERSON_PER_DAY: integerRange(
    30,
    0,
    10_000,
    'the confirmations and notices one person may receive in 24 hours (0 for no limit), a whole number',
  ),
  EMAIL_VERIFICATION: textWhere(
    (value) => value === 'required' || value === 'off',
    'must be required or off',
  ).transform((value) => value as 'required' | 'off' | undefined),
};

type MailEnv = { [K in keyof typeof mailEnv]: z.infer<(typeof mailEnv)[K]> };

/** Cross-variable rule (run even when another variable is wrong): MAIL_FROM with SMTP_URL. */
export function requireMailFrom(env: Partial<MailEnv>, ctx: z.RefinementCtx): void {
  if (env.SMTP_URL && !env.MAIL_FROM) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message: 'is required with SMTP_URL (an address the SMTP server may send from)',
    });
  }
}

/** Settings of the mail module from its validated variables and the data directory. */
export function resolveMailSettings(env: Partial<MailEnv>, dataDir: string): MailSettings {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `"${centre.name.replace(/"/g, '')}" <nao-responda@localhost>`,
    replyTo: env.MAIL_REPLY_TO ?? env.DATA_PROTECTION_EMAIL ?? centre.email,
    dataProtectionEmail: env.DATA_PROTECTION_EMAIL ?? centre.email,
    perPersonPerDay: env.MAIL_PER_PERSON_PER_DAY ?? 30,
    emailVerification: env.EMAIL_VERIFICATION ?? (env.SMTP_URL ? 'required' : 'off'),
    dataDir,
    ...MAIL_DEFAULTS,
  };
}
