/** The pure rules of ended sessions and recent sign-ins (decision 047). */
import { describe, expect, it } from 'vitest';
import { signedInRecently } from './recent-sign-in.js';
import { endOfSecond, revokedBy } from './token-revocations.js';

describe('an ended session', () => {
  const ended = Date.parse('2026-03-01T12:00:00.400Z');
  const second = Math.floor(ended / 1000);

  it('refuses tokens issued before its second, and lets in those of its second and after', () => {
    expect(revokedBy(second - 1, ended)).toBe(true);
    expect(revokedBy(second, ended)).toBe(false);
    expect(revokedBy(second + 1, ended)).toBe(false);
    expect(revokedBy(0, undefined)).toBe(false);
  });

  it('ended at the end of its second refuses that second too (reset, deletion)', () => {
    expect(revokedBy(second, endOfSecond(new Date(ended)).getTime())).toBe(true);
    expect(revokedBy(second + 1, endOfSecond(new Date(ended)).getTime())).toBe(false);
  });
});

describe('a recent sign-in', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const ago = (minutes: number) => now / 1000 - minutes * 60;

  it('is one within ten minutes', () => {
    expect(signedInRecently(ago(9), now, 'required')).toBe(true);
    expect(signedInRecently(ago(11), now, 'required')).toBe(false);
    expect(signedInRecently(ago(11), now, 'when-known')).toBe(false);
    // From the future beyond a minute of clock skew: not trusted.
    expect(signedInRecently(ago(-5), now, 'required')).toBe(false);
  });

  it('needs the provider to say when, unless the provider may not (Entra)', () => {
    expect(signedInRecently(undefined, now, 'required')).toBe(false);
    expect(signedInRecently(undefined, now, 'when-known')).toBe(true);
  });
});
