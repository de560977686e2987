import { describe, expect, it } from 'vitest';
import { allowance, CLASS_MESSAGES_PER_DAY } from './class-message-rules.js';

const at = new Date('2027-03-10T15:00:00.000Z');
const hoursAgo = (h: number) => new Date(at.getTime() - h * 3_600_000);

describe('the messages a class may get', () => {
  it('allows three within 24 hours and says how many are left', () => {
    expect(CLASS_MESSAGES_PER_DAY).toBe(3);
    expect(allowance([], at)).toEqual({ allowed: true, left: 2 });
    expect(allowance([hoursAgo(1)], at)).toEqual({ allowed: true, left: 1 });
    expect(allowance([hoursAgo(1), hoursAgo(2)], at)).toEqual({ allowed: true, left: 0 });
  });

  it('refuses the fourth until the oldest of the three is 24 hours old', () => {
    const sent = [hoursAgo(5), hoursAgo(20), hoursAgo(1)];
    const refused = allowance(sent, at);
    expect(refused).toEqual({ allowed: false, retryAt: new Date(at.getTime() + 4 * 3_600_000) });
  });

  it('counts only the last 24 hours', () => {
    expect(allowance([hoursAgo(24), hoursAgo(30), hoursAgo(2), hoursAgo(3)], at)).toEqual({
      allowed: true,
      left: 0,
    });
  });
});
