import { describe, expect, it } from 'vitest';
import { tokenRoles } from './graph-startup-check.js';

const jwt = (claims: object) =>
  [{ typ: 'JWT', alg: 'RS256' }, claims]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .concat('c2lnbmF0dXJl')
    .join('.');

describe('the application permissions of an app-only token', () => {
  it('are its roles claim', () => {
    expect(tokenRoles(jwt({ roles: ['User.ReadWrite.All', 7] }))).toEqual(['User.ReadWrite.All']);
  });

  it('are none when Entra left the claim out (no permission consented)', () => {
    expect(tokenRoles(jwt({ appid: 'x' }))).toEqual([]);
  });

  it('are unknown for a token that is not a readable JWT (the check is then skipped)', () => {
    expect(tokenRoles('opaque-token')).toBeUndefined();
    expect(tokenRoles('a.%%%.c')).toBeUndefined();
  });
});
