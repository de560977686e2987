import { type Recess, weekdayOf } from '@centro/content';
import { describe, expect, it } from 'vitest';
import type { ClassTemplate } from './class-rules.js';
import {
  nextClass,
  proposeTerm,
  type SourceClass,
  storedFirstMeeting,
  termOf,
  termToPrepare,
} from './next-term-rules.js';

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
      [],
    );
    expect(rows[0]).toMatchObject({ status: 'prepared', existing: { firstMeeting: '2027-02-08' } });
    expect(rows[1]?.status === 'proposed' && termOf(rows[1].proposal.firstMeeting)).toBe('2027/1');
  });

  it('skips the weeks of a recess, a first meeting in it moving to the week after', () => {
    const recesses: Recess[] = [
      { name: 'Recesso', startsOn: '2027-02-01', endsOn: '2027-02-15', then: 'later' },
    ];
    const [row] = proposeTerm(
      [{ slug: 'curso', title: 'Curso', classes: [source('2026-08-03')] }],
      '2027/1',
      recesses,
    );
    if (row?.status !== 'proposed') throw new Error('not proposed');
    expect(row.proposal.firstMeeting).toBe('2027-02-22');
    expect(row.proposal.opensAt).toBe('2027-02-15T22:30:00.000Z');
    expect(row.proposal.meetings.at(-1)).toBe('2027-04-26');
  });
});

describe('a course’s next class', () => {
  const recess = (then: Recess['then']): Recess => ({
    id: 'recesso',
    name: 'Recesso de Carnaval',
    startsOn: '2027-02-13',
    endsOn: '2027-02-21',
    then,
  });
  const proposed = (classes: SourceClass[], recesses: Recess[] = []) => {
    const [row] = proposeTerm([{ slug: 'curso', title: 'Curso', classes }], '2027/1', recesses);
    if (row?.status !== 'proposed') throw new Error('not proposed');
    return row.proposal;
  };

  it('is the same for ‘Nova turma’ as in the term’s table, and the term after once prepared', () => {
    const classes = [source('2026-03-02'), source('2026-08-03')];
    for (const recesses of [[], [recess('later')], [recess('fewer')]]) {
      expect(nextClass(classes, '2027/1', recesses)).toEqual(proposed(classes, recesses));
    }
    // An old class still lands in the term to prepare, never in a term gone by.
    expect(nextClass([source('2025-08-04')], '2027/1', [])).toEqual(
      proposed([source('2025-08-04')]),
    );
    const prepared = nextClass([...classes, source('2027-02-08')], '2027/1', []);
    expect([prepared?.name, prepared?.firstMeeting]).toEqual(['Turma 2027/2', '2027-08-09']);
  });

  it('keeps the enrolment window as far from the first meeting as the latest class’s', () => {
    // Opening a week before (19:30) and closing the day before (12:00) a Monday's first meeting.
    const latest = source('2026-08-03', { enrolment_closes_at: '2026-08-02T15:00:00.000Z' });
    const next = nextClass([latest], '2027/1', []);
    // 2027-02-03 is a Wednesday: the first meeting is the next Monday, 2027-02-08.
    expect(next?.firstMeeting).toBe('2027-02-08');
    expect(next?.opensAt).toBe('2027-02-01T22:30:00.000Z');
    expect(next?.closesAt).toBe('2027-02-07T15:00:00.000Z');
    expect([next?.template.enrolment_opens_at, next?.template.enrolment_closes_at]).toEqual([
      next?.opensAt,
      next?.closesAt,
    ]);
  });

  it('crosses the year on the same weekday, 31 August six months later being 29 February', () => {
    const next = nextClass([source('2027-08-31')], '2028/1', []);
    expect([next?.name, next?.firstMeeting]).toEqual(['Turma 2028/1', '2028-02-29']);
  });

  it('applies a recess by its rule: the class ends a week later, or has one meeting fewer', () => {
    const classes = [source('2026-08-03')];
    const later = nextClass(classes, '2027/1', [recess('later')]);
    expect(later?.meetings).toHaveLength(10);
    expect(later?.meetings).not.toContain('2027-02-15');
    expect(later?.meetings.at(-1)).toBe('2027-04-19');
    const fewer = nextClass(classes, '2027/1', [recess('fewer')]);
    expect(fewer?.meetings).toHaveLength(9);
    expect(fewer?.meetings).not.toContain('2027-02-15');
    expect(fewer?.meetings.at(-1)).toBe('2027-04-12');
  });

  it('starts after a recess that holds its first date, one meeting fewer kept when it says so', () => {
    const classes = [source('2026-08-03')];
    const onFirst: Recess = { ...recess('fewer'), startsOn: '2027-02-06' };
    const fewer = nextClass(classes, '2027/1', [onFirst]);
    expect(fewer?.firstMeeting).toBe('2027-02-22');
    expect(fewer?.meetings).toHaveLength(8);
    // The window follows the first meeting held; the class keeps the rule's first date, so the
    // recess's skips are stored with it (and leave with the recess).
    expect(fewer?.opensAt).toBe('2027-02-15T22:30:00.000Z');
    expect(fewer?.template.first_meeting).toBe('2027-02-08');
    if (!fewer) return;
    expect(storedFirstMeeting(fewer, '2027-02-22')).toBe('2027-02-08');
    expect(storedFirstMeeting(fewer, '2027-03-01')).toBe('2027-03-01');
  });
});
