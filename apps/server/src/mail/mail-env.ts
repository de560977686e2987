/**
 * The mail variables of the environment, as one part of the server's environment schema (the
 * configuration composes one zod object per area), and their mapping to `MailSettings`:
 *
 * - `SMTP_URL`: `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; none: messages become
 *   `.eml` files under `DATA_DIR/outbox/` (the embedded default).
 * - `MAIL_FROM`: the From header, `"Name" <address>` or an address; required with `SMTP_URL`
 *   (providers only accept their own mailboxes), else `"<centre name>" <nao-responda@localhost>`.
 * - `MAIL_REPLY_TO`: the Reply-To address; the centre's contact e-mail by default.
 * - `EMAIL_VERIFICATION`: `required` (default with `SMTP_URL`) or `off` (default without it).
 *
 * No message repeats a value: `SMTP_URL` holds a password.
 */
import { centre } from '@centro/content';
import { z } from 'zod';
import { MAIL_DEFAULTS, type MailSettings } from './types.js';

const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const ADDRESS = z.email();

/** `"Name" <address>`, `Name <address>` or a bare address. */
export function isMailbox(value: string): boolean {
  const named = /^\s*(?:"[^"\r\n]*"|[^"<>\r\n]*?)\s*<([^<>\s]+)>\s*$/.exec(value);
  const address = named ? named[1] : value.trim();
  return ADDRESS.safeParse(address).success;
}

export const mailEnvSchema = z
  .object({
    SMTP_URL: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .refine((value) => {
          try {
            const url = new URL(value);
            return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
          } catch {
            return false;
          }
        }, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@smtp.example.org:587')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      blankAsUndefined,
      z.string().refine(isMailbox, 'must be an address or "Name" <address>').optional(),
    ),
    MAIL_REPLY_TO: z.preprocess(blankAsUndefined, z.email('must be an e-mail address').optional()),
    EMAIL_VERIFICATION: z.preprocess(blankAsUndefined, z.enum(['required', 'off']).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'is required with SMTP_URL (an address the SMTP server may send from)',
      });
    }
  });

export type MailEnv = z.infer<typeof mailEnvSchema>;

/** Settings of the mail module from its validated variables and the data directory. */
export function mailSettingsFromEnv(env: MailEnv, dataDir: string): MailSettings {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `"${centre.name.replace(/"/g, '')}" <nao-responda@localhost>`,
    replyTo: env.MAIL_REPLY_TO ?? centre.email,
    emailVerification: env.EMAIL_VERIFICATION ?? (env.SMTP_URL ? 'required' : 'off'),
    dataDir,
    ...MAIL_DEFAULTS,
  };
}
