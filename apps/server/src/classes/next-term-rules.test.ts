import { weekdayOf } from '@centro/content';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClassTemplate } from './class-rules.js';
import {
  proposeTerm,
  skipRecessWeeks,
  type SourceClass,
  termOf,
  termToPrepare,
} from './next-term-rules.js';

const NOW = new Date('2026-11-28T12:00:00.000Z');

function source(firstMeeting: string, overrides: Partial<ClassTemplate> = {}): SourceClass {
  const template: ClassTemplate = {
    name: 'Turma 2026/2',
    places: 30,
    invite_code: 'AbCdEfGhIjKlMnOpQrStUv',
    // 19:30 in São Paulo on 2026-07-27, a week before the first meeting at 19:30.
    enrolment_opens_at: '2026-07-27T22:30:00.000Z',
    enrolment_closes_at: null,
    first_meeting: firstMeeting,
    meeting_weekday: weekdayOf(firstMeeting),
    meeting_time: '19:30',
    meeting_count: 10,
    meeting_duration_minutes: 90,
    meeting_room: 'Sala 2',
    ...overrides,
  };
  return {
    id: `class-${firstMeeting}`,
    name: template.name,
    state: 'open',
    firstMeeting,
    template,
    time: '19:30',
    room: 'Sala 2',
    count: 10,
  };
}

describe('the term to prepare', () => {
  it('is the one after the latest opened class, so the planned ones it made count as prepared', () => {
    const opened = (firstMeeting: string) => ({ firstMeeting, state: 'open' });
    expect(termToPrepare([opened('2026-08-03'), opened('2026-03-02')], '2026-11-28')).toBe(
      '2027/1',
    );
    expect(
      termToPrepare(
        [opened('2026-08-03'), { firstMeeting: '2027-02-08', state: 'planned' }],
        '2027-01-15',
      ),
    ).toBe('2027/1');
    expect(termToPrepare([opened('2027-03-06')], '2026-11-28')).toBe('2027/2');
    expect(termToPrepare([], '2026-05-01')).toBe('2026/2');
    expect(termOf('2026-06-30')).toBe('2026/1');
    expect(termOf('2026-07-01')).toBe('2026/2');
  });
});

describe('proposeTerm', () => {
  it('proposes each course a term later, same weekday, time and room, no invite, the window as far ahead', () => {
    const [row] = proposeTerm(
      [{ slug: 'curso', title: 'Curso', classes: [source('2026-08-03')] }],
      '2027/1',
      NOW,
      [],
    );
    expect(row?.status).toBe('proposed');
    if (row?.status !== 'proposed') return;
    const p = row.proposal;
    expect(p.firstMeeting).toBe('2027-02-08');
    expect(weekdayOf(p.firstMeeting)).toBe('monday');
    expect(p.name).toBe('Turma 2027/1');
    expect([p.time, p.room, p.places]).toEqual(['19:30', 'Sala 2', 30]);
    expect(p.template.invite_code).toBeNull();
    // A week before the first meeting, at 19:30 São Paulo (22:30 UTC).
    expect(p.opensAt).toBe('2027-02-01T22:30:00.000Z');
    expect(p.closesAt).toBeNull();
    expect(p.meetings).toHaveLength(10);
  });

  it('shows a course with a class in the term as prepared, and moves an older one on until the term', () => {
    const rows = proposeTerm(
      [
        { slug: 'pronto', title: 'Pronto', classes: [source('2026-08-03'), source('2027-02-08')] },
        { slug: 'antigo', title: 'Antigo', classes: [source('2025-08-04')] },
      ],
      '2027/1',
      NOW,
      [],
    );
    expect(rows[0]).toMatchObject({ status: 'prepared', existing: { firstMeeting: '2027-02-08' } });
    expect(rows[1]?.status === 'proposed' && termOf(rows[1].proposal.firstMeeting)).toBe('2027/1');
  });

  it('skips the weeks of a recess, a first meeting in it moving to the week after', () => {
    const recesses = [{ start: '2027-02-01', end: '2027-02-15' }];
    const [row] = proposeTerm(
      [{ slug: 'curso', title: 'Curso', classes: [source('2026-08-03')] }],
      '2027/1',
      NOW,
      recesses,
    );
    if (row?.status !== 'proposed') throw new Error('not proposed');
    expect(row.proposal.firstMeeting).toBe('2027-02-22');
    expect(row.proposal.opensAt).toBe('2027-02-15T22:30:00.000Z');
    expect(row.proposal.meetings.at(-1)).toBe('2027-04-26');
  });
});

describe('skipRecessWeeks', () => {
  const date = fc
    .integer({ min: 0, max: 800 })
    .map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  it('keeps the count and the weekday, and no meeting falls in a recess', () => {
    fc.assert(
      fc.property(
        date,
        fc.integer({ min: 1, max: 20 }),
        fc.array(
          fc.tuple(date, fc.integer({ min: 0, max: 40 })).map(([start, days]) => ({
            start,
            end: new Date(Date.parse(start) + days * 86_400_000).toISOString().slice(0, 10),
          })),
          { maxLength: 3 },
        ),
        (first, count, recesses) => {
          const dates = Array.from({ length: count }, (_, w) =>
            new Date(Date.parse(first) + w * 7 * 86_400_000).toISOString().slice(0, 10),
          );
          const kept = skipRecessWeeks(dates, recesses);
          expect(kept).toHaveLength(count);
          expect(new Set(kept.map(weekdayOf))).toEqual(new Set([weekdayOf(first)]));
          expect(kept.some((d) => recesses.some((r) => r.start <= d && d <= r.end))).toBe(false);
          expect([...kept].sort()).toEqual(kept);
        },
      ),
    );
  });
});
