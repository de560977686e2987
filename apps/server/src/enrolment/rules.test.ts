import { describe, expect, it } from 'vitest';
import { decide, isStalePending, placesLeft, staleBefore } from './rules.js';

describe('decide', () => {
  it('takes a place while one is free', () => {
    expect(decide({ places: 10, taken: 0, mine: null })).toBe('reserve');
    expect(decide({ places: 10, taken: 9, mine: null })).toBe('reserve');
  });

  it('refuses when every place is taken, pending or confirmed', () => {
    expect(decide({ places: 10, taken: 10, mine: null })).toBe('full');
    expect(decide({ places: 1, taken: 1, mine: null })).toBe('full');
  });

  it('refuses when places were lowered below what is taken', () => {
    expect(decide({ places: 5, taken: 8, mine: null })).toBe('full');
  });

  it('is idempotent for someone already enrolled, even in a full course', () => {
    expect(decide({ places: 10, taken: 10, mine: 'confirmed' })).toBe('already-confirmed');
    expect(decide({ places: 5, taken: 8, mine: 'confirmed' })).toBe('already-confirmed');
  });

  it('resumes a held place without taking a second one', () => {
    expect(decide({ places: 10, taken: 10, mine: 'pending' })).toBe('resume-pending');
    expect(decide({ places: 10, taken: 3, mine: 'pending' })).toBe('resume-pending');
  });
});

describe('placesLeft', () => {
  it('counts free places and is never negative', () => {
    expect(placesLeft(40, 0)).toBe(40);
    expect(placesLeft(40, 39)).toBe(1);
    expect(placesLeft(40, 40)).toBe(0);
    expect(placesLeft(30, 40)).toBe(0);
  });
});

describe('stale pending rows', () => {
  const now = new Date('2025-03-01T12:00:00.000Z');

  it('are those older than the grace period', () => {
    expect(isStalePending('2025-03-01T11:58:59.000Z', now, 60_000)).toBe(true);
    expect(isStalePending('2025-03-01T11:59:00.000Z', now, 60_000)).toBe(true);
    expect(isStalePending('2025-03-01T11:59:30.000Z', now, 60_000)).toBe(false);
  });

  it('treat an unreadable timestamp as stale', () => {
    expect(isStalePending('yesterday', now, 60_000)).toBe(true);
  });

  it('compare as ISO-8601 text in the database', () => {
    const before = staleBefore(now, 60_000);
    expect(before).toBe('2025-03-01T11:59:00.000Z');
    expect('2025-03-01T11:58:59.999Z' < before).toBe(true);
    expect('2025-03-01T11:59:00.001Z' < before).toBe(false);
  });
});
