import { describe, expect, it } from 'vitest';
import { PUBLISHED_LIMITS, createThrottle, requestCost } from './throttle.js';

describe("the stand-in's Graph throttling", () => {
  it('costs requests as Microsoft publishes it', () => {
    expect(requestCost('GET', '/v1.0/users/x', { $select: 'id,mail' })).toEqual({
      units: 1,
      writes: 0,
    });
    expect(requestCost('GET', '/v1.0/users', { $select: 'id', $top: '1' })).toEqual({
      units: 1,
      writes: 0,
    });
    expect(requestCost('POST', '/v1.0/users/x/checkMemberGroups', {})).toEqual({
      units: 4,
      writes: 0,
    });
    expect(requestCost('POST', '/v1.0/groups/g/members/$ref', {})).toEqual({ units: 1, writes: 1 });
    expect(requestCost('PATCH', '/v1.0/users/x', {})).toEqual({ units: 1, writes: 1 });
  });

  it('admits 3,000 writes per 150 s, then asks to retry when the oldest leaves the window', () => {
    const throttle = createThrottle(PUBLISHED_LIMITS);
    const write = { units: 1, writes: 1 };
    for (let i = 0; i < 3000; i++) expect(throttle.admit(write, i * 40)).toBeUndefined();
    // 3,000 writes in 120 s: the next waits until the first (at 0) is 150 s old.
    expect(throttle.admit(write, 120_000)).toBe(30);
    expect(throttle.admit(write, 150_000)).toBeUndefined();
  });
});
