import { describe, expect, it } from 'vitest';
import { decide, enrolmentWindow, isStalePending, placesLeft, staleBefore } from './rules.js';

const NOW = '2027-03-01T12:00:00.000Z';
const ALWAYS = { opensAt: null, closesAt: null };

describe('the enrolment window', () => {
  const window = { opensAt: '2027-03-01T12:00:00.000Z', closesAt: '2027-03-10T12:00:00.000Z' };
  it('is closed before the opening instant, open from it, closed from the closing instant', () => {
    expect(enrolmentWindow(window, '2027-03-01T11:59:59.999Z')).toBe('not-open');
    expect(enrolmentWindow(window, '2027-03-01T12:00:00.000Z')).toBe('open');
    expect(enrolmentWindow(window, '2027-03-10T11:59:59.999Z')).toBe('open');
    expect(enrolmentWindow(window, '2027-03-10T12:00:00.000Z')).toBe('closed');
    expect(enrolmentWindow(ALWAYS, NOW)).toBe('open');
  });
  it('answers the person’s own row first, then the window, then the places', () => {
    const before = { ...window, places: 10, taken: 0 };
    expect(decide({ ...before, mine: null }, '2027-03-01T11:00:00.000Z')).toBe('not-open');
    expect(decide({ ...before, mine: 'confirmed' }, '2027-03-11T00:00:00.000Z')).toBe(
      'already-confirmed',
    );
    expect(decide({ ...before, mine: null }, '2027-03-11T00:00:00.000Z')).toBe('closed');
    expect(decide({ ...before, taken: 10, mine: null }, NOW)).toBe('full');
  });
});

describe('decide', () => {
  it('takes a place while one is free', () => {
    expect(decide({ places: 10, taken: 0, mine: null, ...ALWAYS }, NOW)).toBe('reserve');
    expect(decide({ places: 10, taken: 9, mine: null, ...ALWAYS }, NOW)).toBe('reserve');
  });

  it('refuses when every place is taken, pending or confirmed', () => {
    expect(decide({ places: 10, taken: 10, mine: null, ...ALWAYS }, NOW)).toBe('full');
    expect(decide({ places: 1, taken: 1, mine: null, ...ALWAYS }, NOW)).toBe('full');
  });

  it('refuses when places were lowered below what is taken', () => {
    expect(decide({ places: 5, taken: 8, mine: null, ...ALWAYS }, NOW)).toBe('full');
  });

  it('is idempotent for someone already enrolled, even in a full course', () => {
    expect(decide({ places: 10, taken: 10, mine: 'confirmed', ...ALWAYS }, NOW)).toBe(
      'already-confirmed',
    );
    expect(decide({ places: 5, taken: 8, mine: 'confirmed', ...ALWAYS }, NOW)).toBe(
      'already-confirmed',
    );
  });

  it('resumes a held place without taking a second one', () => {
    expect(decide({ places: 10, taken: 10, mine: 'pending', ...ALWAYS }, NOW)).toBe(
      'resume-pending',
    );
    expect(decide({ places: 10, taken: 3, mine: 'pending', ...ALWAYS }, NOW)).toBe(
      'resume-pending',
    );
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
