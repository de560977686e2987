import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, backoffDelay, parseRetryAfter } from './retry.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 7 ', now)).toBe(7000);
  });

  it('reads an HTTP date, relative to now, never negative', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:59:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles from the base delay, with jitter in the upper half, up to the maximum', () => {
    const policy = DEFAULT_RETRY_POLICY;
    expect(backoffDelay(1, policy, () => 0)).toBe(125);
    expect(backoffDelay(1, policy, () => 1)).toBe(250);
    expect(backoffDelay(2, policy, () => 1)).toBe(500);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(750);
    expect(backoffDelay(10, policy, () => 1)).toBe(2000);
  });
});
