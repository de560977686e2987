/** The mail part of the environment schema and its defaults. */
import { centre } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailEnv, requireMailFrom, resolveMailSettings as mailSettingsFromEnv } from './mail.js';

const mailEnvSchema = z.object(mailEnv).superRefine(requireMailFrom, { when: () => true });
const parse = (env: Record<string, string>) => mailEnvSchema.safeParse(env);

describe('mail environment', () => {
  it('defaults to .eml files, no verification, the centre as sender and as reply address', () => {
    const result = parse({});
    expect(result.success).toBe(true);
    const settings = mailSettingsFromEnv(result.data ?? {}, '/data');
    expect(settings).toMatchObject({
      smtpUrl: undefined,
      emailVerification: 'off',
      // The packaged centre's e-mail, never the one edited in 'Conteúdo' (decision 080).
      replyTo: centre.email,
      dataProtectionEmail: centre.email,
      perPersonPerDay: 30,
      dataDir: '/data',
      maxAttempts: 12,
    });
    expect(settings.from).toBe(`"${centre.name}" <nao-responda@localhost>`);
  });

  it('requires verification by default once SMTP is set, and a From address with it', () => {
    expect(parse({ SMTP_URL: 'smtp://u:p@smtp.example.org:587' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['MAIL_FROM'] }),
    ]);
    const env = parse({
      SMTP_URL: 'smtps://u:p@smtp.example.org',
      MAIL_FROM: '"Centro Espírita" <nao-responda@centro.org.br>',
      MAIL_REPLY_TO: 'secretaria@centro.org.br',
    });
    expect(env.success).toBe(true);
    expect(mailSettingsFromEnv(env.data ?? {}, '/data')).toMatchObject({
      smtpUrl: 'smtps://u:p@smtp.example.org',
      emailVerification: 'required',
      replyTo: 'secretaria@centro.org.br',
    });
    // Without MAIL_REPLY_TO, replies go to the data-protection address.
    expect(
      mailSettingsFromEnv({ DATA_PROTECTION_EMAIL: 'dados@centro.org.br' }, '/d'),
    ).toMatchObject({ replyTo: 'dados@centro.org.br', dataProtectionEmail: 'dados@centro.org.br' });
    expect(
      mailSettingsFromEnv(
        { SMTP_URL: 'smtp://h', MAIL_FROM: 'a@b.org', EMAIL_VERIFICATION: 'off' },
        '/d',
      ).emailVerification,
    ).toBe('off');
  });

  it('names every wrong variable without repeating its value (SMTP_URL holds a password)', () => {
    const result = parse({
      SMTP_URL: 'http://user:s3cret@host',
      MAIL_FROM: 'nobody',
      MAIL_REPLY_TO: 'not an address',
      EMAIL_VERIFICATION: 'sometimes',
    });
    const issues = result.error?.issues ?? [];
    expect(issues.map((i) => i.path[0]).sort()).toEqual([
      'EMAIL_VERIFICATION',
      'MAIL_FROM',
      'MAIL_REPLY_TO',
      'SMTP_URL',
    ]);
    expect(JSON.stringify(issues)).not.toContain('s3cret');
  });

  it('treats blank values as unset', () => {
    const result = parse({ SMTP_URL: ' ', MAIL_FROM: '', EMAIL_VERIFICATION: '' });
    expect(result.success).toBe(true);
    expect(mailSettingsFromEnv(result.data ?? {}, '/d').emailVerification).toBe('off');
  });
});
