import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_PARAMETERS,
  hashPassword,
  needsRehash,
  verifyAgainstNothing,
  verifyPassword,
} from './passwords.js';

describe('password hashing (scrypt)', () => {
  it('stores the parameters and a random salt, never the password', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct');
  });

  it('accepts the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery');
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('Conceição 2025');
    await expect(verifyPassword('Conceic\u0327a\u0303o 2025', stored)).resolves.toBe(true);
  });

  it('verifies hashes made with other parameters (they are read from the stored text)', async () => {
    const weaker = await hashPassword('senha antiga', { ln: 10, r: 8, p: 1 });
    await expect(verifyPassword('senha antiga', weaker)).resolves.toBe(true);
    expect(needsRehash(weaker)).toBe(true);
    expect(needsRehash(await hashPassword('x'.repeat(8)))).toBe(false);
    expect(DEFAULT_SCRYPT_PARAMETERS).toEqual({ ln: 15, r: 8, p: 1 });
  });

  it('refuses malformed or tampered stored texts without throwing', async () => {
    const stored = await hashPassword('segredo-forte');
    for (const bad of [
      '',
      'plain-text',
      stored.replace('ln=15', 'ln=30'),
      stored.replace('scrypt$', 'argon2$'),
      `${stored}$extra`,
    ]) {
      await expect(verifyPassword('segredo-forte', bad)).resolves.toBe(false);
    }
  });

  it('spends a verification when there is no account', async () => {
    await expect(verifyAgainstNothing('qualquer')).resolves.toBe(false);
  });
});
