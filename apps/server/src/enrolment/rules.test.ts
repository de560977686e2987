import { describe, expect, it } from 'vitest';
import { classEnrolmentState } from '../classes/class-rules.js';
import {
  classRetentionDue,
  decide,
  decideCancel,
  decideJoin,
  lastMeetingDate,
  placesLeft,
  placesToPromote,
  retentionDue,
  staleBefore,
} from './rules.js';

const NOW = '2027-03-01T12:00:00.000Z';
const ALWAYS = { state: 'open' as const, opensAt: null, closesAt: null };

describe('the enrolment window', () => {
  const window = {
    state: 'open' as const,
    opensAt: '2027-03-01T12:00:00.000Z',
    closesAt: '2027-03-10T12:00:00.000Z',
  };
  it('is closed before the opening instant, open from it, closed from the closing instant', () => {
    expect(classEnrolmentState(window, '2027-03-01T11:59:59.999Z')).toBe('not-open');
    expect(classEnrolmentState(window, '2027-03-01T12:00:00.000Z')).toBe('open');
    expect(classEnrolmentState(window, '2027-03-10T11:59:59.999Z')).toBe('open');
    expect(classEnrolmentState(window, '2027-03-10T12:00:00.000Z')).toBe('closed');
    expect(classEnrolmentState(ALWAYS, NOW)).toBe('open');
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
  // What the repair's query keeps: `created_at <= staleBefore(now, grace)`, compared as text.
  const stale = (createdAt: string) => createdAt <= staleBefore(now, 60_000);

  it('are those written the grace period ago or earlier', () => {
    expect(stale('2025-03-01T11:58:59.000Z')).toBe(true);
    expect(stale('2025-03-01T11:59:00.000Z')).toBe(true);
    expect(stale('2025-03-01T11:59:00.001Z')).toBe(false);
    expect(stale('2025-03-01T11:59:30.000Z')).toBe(false);
  });

  it('compare as ISO-8601 text in the database', () => {
    expect(staleBefore(now, 60_000)).toBe('2025-03-01T11:59:00.000Z');
  });

  it('include a row written in this very millisecond when there is no grace', () => {
    expect(now.toISOString() <= staleBefore(now, 0)).toBe(true);
  });
});

describe('the waiting list', () => {
  const full = { places: 2, taken: 2, ...ALWAYS };
  const closed = { ...full, closesAt: '2027-03-01T00:00:00.000Z' };
  const nobody = { status: null, waiting: false } as const;

  it('promotes as many people as there are free places, only while enrolment is open', () => {
    expect(placesToPromote({ ...full, places: 5 }, 10, NOW)).toBe(3);
    expect(placesToPromote({ ...full, places: 5 }, 1, NOW)).toBe(1);
    expect(placesToPromote(full, 10, NOW)).toBe(0);
    // Places lowered below those taken: nobody, never a negative count.
    expect(placesToPromote({ ...full, places: 1 }, 10, NOW)).toBe(0);
    expect(placesToPromote({ ...closed, places: 5 }, 10, NOW)).toBe(0);
    expect(
      placesToPromote({ ...full, places: 5, opensAt: '2027-04-01T00:00:00.000Z' }, 3, NOW),
    ).toBe(0);
  });

  it('lets a person join only a full, open course, once', () => {
    expect(decideJoin({ ...full, waiting: 0 }, nobody, NOW)).toBe('join');
    expect(decideJoin({ ...full, places: 3, waiting: 0 }, nobody, NOW)).toBe('not-full');
    // People already waiting beside a free place (a moment before their promotion): join behind.
    expect(decideJoin({ ...full, places: 3, waiting: 1 }, nobody, NOW)).toBe('join');
    expect(decideJoin({ ...closed, waiting: 0 }, nobody, NOW)).toBe('closed');
    expect(
      decideJoin({ ...full, opensAt: '2027-04-01T00:00:00.000Z', waiting: 0 }, nobody, NOW),
    ).toBe('not-open');
    expect(decideJoin({ ...full, waiting: 3 }, { status: null, waiting: true }, NOW)).toBe(
      'already-waiting',
    );
    expect(
      decideJoin({ ...closed, waiting: 0 }, { status: 'confirmed', waiting: false }, NOW),
    ).toBe('enrolled');
    expect(decideJoin({ ...full, waiting: 0 }, { status: 'pending', waiting: false }, NOW)).toBe(
      'pending',
    );
  });

  it('cancels only a confirmed place', () => {
    expect(decideCancel('confirmed')).toBe('cancel');
    expect(decideCancel('pending')).toBe('in-progress');
    expect(decideCancel(null)).toBe('none');
  });
});

describe('retention', () => {
  it('finds the last meeting of a weekly course', () => {
    expect(lastMeetingDate('2027-03-04', 1)).toBe('2027-03-04');
    expect(lastMeetingDate('2027-03-04', 10)).toBe('2027-05-06');
    expect(lastMeetingDate('2027-12-30', 2)).toBe('2028-01-06');
  });

  it('is due the day after the same date `months` later (or that month’s last day)', () => {
    expect(retentionDue('2027-05-06', 24, new Date('2029-05-06T23:59:59Z'))).toBe(false);
    expect(retentionDue('2027-05-06', 24, new Date('2029-05-07T00:00:00Z'))).toBe(true);
    expect(retentionDue('2027-01-31', 1, new Date('2027-02-28T12:00:00Z'))).toBe(false);
    expect(retentionDue('2027-01-31', 1, new Date('2027-03-01T00:00:00Z'))).toBe(true);
    expect(retentionDue('2027-05-06', 24, new Date('2027-05-07T00:00:00Z'))).toBe(false);
  });

  it('finds a class past its retention from its first meeting and count (a year mistyped)', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    // 2016 for 2026: ten meetings from March 2016 ended in May 2016, past 24 months long ago.
    expect(classRetentionDue('2016-03-03', 10, 24, now)).toBe(true);
    expect(classRetentionDue('2026-03-03', 10, 24, now)).toBe(false);
    // The last meeting counts, not the first: 2024-09-26 plus 9 weeks is 2024-11-28, due 2026-11-29.
    expect(classRetentionDue('2024-09-26', 10, 24, now)).toBe(false);
    expect(classRetentionDue('2024-09-26', 1, 24, now)).toBe(true);
    expect(classRetentionDue('2024-09-26', 10, 24, new Date('2026-11-29T00:00:00Z'))).toBe(true);
  });
});
