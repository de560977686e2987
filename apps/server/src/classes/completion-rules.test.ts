import { describe, expect, it } from 'vitest';
import { completes, DEFAULT_MINIMUM_ATTENDANCE_PERCENT } from './completion-rules.js';

describe('completion of a concluded class', () => {
  it('concludes at exactly the default 75 % and not below it', () => {
    expect(DEFAULT_MINIMUM_ATTENDANCE_PERCENT).toBe(75);
    expect(completes(3, 4)).toBe(true);
    expect(completes(2, 4)).toBe(false);
    expect(completes(9, 12)).toBe(true);
    expect(completes(8, 12)).toBe(false);
    expect(completes(4, 4)).toBe(true);
  });

  it('takes a course minimum and never concludes a class without meetings', () => {
    expect(completes(2, 4, 50)).toBe(true);
    expect(completes(1, 4, 50)).toBe(false);
    expect(completes(0, 0)).toBe(false);
    expect(completes(0, 4, 0)).toBe(true);
  });

  it('counts no more presences than meetings', () => {
    expect(completes(10, 4, 100)).toBe(true);
    expect(completes(3, 4, 100)).toBe(false);
  });
});
