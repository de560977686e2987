import { describe, expect, it } from 'vitest';
import { classYear, lengthPerDay, perHourAfter, saoPauloDate, sumBy } from './figures.js';

describe('perHourAfter', () => {
  it('counts each enrolment in the hour after the opening it fell in, and the rest as later', () => {
    const opens = '2027-02-01T12:00:00.000Z';
    const { perHour, later } = perHourAfter(opens, [
      '2027-02-01T12:00:00.000Z',
      '2027-02-01T12:59:59.999Z',
      '2027-02-01T13:00:00.000Z',
      '2027-02-02T11:59:00.000Z',
      '2027-02-02T12:00:00.000Z',
      // A clock a moment ahead of the opening: the first hour.
      '2027-02-01T11:59:59.000Z',
    ]);
    expect(perHour).toHaveLength(24);
    expect(perHour[0]).toBe(3);
    expect(perHour[1]).toBe(1);
    expect(perHour[23]).toBe(1);
    expect(later).toBe(1);
  });
});

describe('lengthPerDay', () => {
  it("gives the list's length at the end of each São Paulo day it changed", () => {
    expect(
      lengthPerDay([
        { change: -1, at: '2027-02-03T15:00:00.000Z' },
        { change: 1, at: '2027-02-01T13:00:00.000Z' },
        { change: 1, at: '2027-02-01T14:00:00.000Z' },
        // 01:00 UTC on the 3rd is still the 2nd in São Paulo.
        { change: 1, at: '2027-02-03T01:00:00.000Z' },
      ]),
    ).toEqual([
      { date: '2027-02-01', length: 2 },
      { date: '2027-02-02', length: 3 },
      { date: '2027-02-03', length: 2 },
    ]);
    expect(lengthPerDay([])).toEqual([]);
  });
});

describe('sumBy, classYear and saoPauloDate', () => {
  it('sums completions by key in the order keys first appear', () => {
    const sums = sumBy(
      [
        { k: 'b', c: 1, n: 0 },
        { k: 'a', c: 2, n: 1 },
        { k: 'b', c: 0, n: 3 },
      ],
      (r) => r.k,
      (r) => ({ completed: r.c, notCompleted: r.n }),
    );
    expect([...sums]).toEqual([
      ['b', { completed: 1, notCompleted: 3 }],
      ['a', { completed: 2, notCompleted: 1 }],
    ]);
  });

  it("takes a class's year from its first meeting, else from its creation in São Paulo", () => {
    expect(classYear('2027-03-06', '2026-11-01T12:00:00.000Z')).toBe(2027);
    expect(classYear(null, '2027-01-01T01:00:00.000Z')).toBe(2026);
    expect(saoPauloDate('2027-01-01T03:00:00.000Z')).toBe('2027-01-01');
  });
});
