import { describe, expect, it } from 'vitest';
import { EditLimit } from './edit-limits.js';

describe('edit limits', () => {
  it('allows the count in any window, then says when the next may go, per person', () => {
    let now = Date.parse('2026-11-28T12:00:00Z');
    const limit = new EditLimit({ count: 3, windowMs: 60_000 }, () => new Date(now));
    expect([limit.take('ana'), limit.take('ana')]).toEqual([0, 0]);
    now += 20_000;
    expect(limit.take('ana')).toBe(0);
    expect(limit.take('ana')).toBe(40);
    expect(limit.take('bia')).toBe(0);
    // A refused one does not count: the first two leave the window 60 s after they were made.
    now += 40_000;
    expect(limit.take('ana')).toBe(0);
    expect(limit.take('ana')).toBe(0);
    expect(limit.take('ana')).toBe(20);
  });
});
