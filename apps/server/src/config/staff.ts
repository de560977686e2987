/**
 * The staff area's part of the environment: ADMIN_EMAILS, the accounts of the built-in provider
 * that are Coordenação whatever the database says (comma-separated, compared without regard to
 * case). With Entra ID roles come from the token's `roles` claim instead.
 */
import { z } from 'zod';
import { text } from './parsers.js';

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

export const staffEnv = {
  ADMIN_EMAILS: text.transform((value, ctx): string[] => {
    if (value === undefined) return [];
    const emails = value
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e !== '');
    const wrong = emails.filter((e) => !EMAIL.test(e));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be comma-separated e-mail addresses (not an address: "${wrong.join('", "')}")`,
      });
      return z.NEVER;
    }
    return [...new Set(emails)];
  }),
};
