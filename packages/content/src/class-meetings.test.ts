/** A class's meetings as dates (decision 091) and the recesses (decision 092). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRecesses,
  classMeetings,
  formatClassMeetings,
  formatMeetingChanges,
  heldMeetings,
  type MeetingChange,
  type MeetingRule,
  type Recess,
  withoutRecess,
} from './class-meetings.js';
import { addDays, meetingDates } from './meetings.js';

/** Saturdays from 05/12/2026, ten of them. */
const rule: MeetingRule = { firstMeeting: '2026-12-05', time: '19:00', count: 10 };
const dates = (r: MeetingRule) => heldMeetings(r).map((m) => m.date);
const recess: Recess = {
  id: 'r1',
  name: 'Recesso de fim de ano',
  startsOn: '2026-12-20',
  endsOn: '2027-01-10',
  then: 'later',
};

describe('classMeetings', () => {
  it('is the weekly rule when nothing changed', () => {
    expect(dates(rule)).toEqual(meetingDates(rule));
    expect(heldMeetings(rule).map((m) => m.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('skips a date: the class ends a week later, or has one meeting fewer', () => {
    const later = dates({
      ...rule,
      changes: [{ kind: 'skip', date: '2026-12-26', then: 'later' }],
    });
    expect(later).toHaveLength(10);
    expect(later).not.toContain('2026-12-26');
    expect(later.at(-1)).toBe('2027-02-13');
    const fewer = dates({
      ...rule,
      changes: [{ kind: 'skip', date: '2026-12-26', then: 'fewer' }],
    });
    expect(fewer).toHaveLength(9);
    expect(fewer.at(-1)).toBe('2027-02-06');
  });

  it('lists a cancelled meeting, unnumbered, with its message; the others keep their order', () => {
    const all = classMeetings({
      ...rule,
      changes: [{ kind: 'cancel', date: '2026-12-12', message: 'Falta de luz' }],
    });
    const cancelled = all.find((m) => m.date === '2026-12-12');
    expect(cancelled).toMatchObject({ status: 'cancelled', number: null, note: 'Falta de luz' });
    expect(all.filter((m) => m.status === 'scheduled')).toHaveLength(9);
    expect(all.find((m) => m.date === '2026-12-19')?.number).toBe(2);
  });

  it('moves a meeting to another day and time, and adds one, in date order', () => {
    const changes: MeetingChange[] = [
      { kind: 'move', date: '2026-12-12', to: '2026-12-13', time: '10:00' },
      { kind: 'add', date: '2026-12-09', time: '20:00' },
    ];
    const held = heldMeetings({ ...rule, changes });
    expect(held).toHaveLength(11);
    expect(held.slice(0, 3).map((m) => [m.date, m.time, m.number])).toEqual([
      ['2026-12-05', '19:00', 1],
      ['2026-12-09', '20:00', 2],
      ['2026-12-13', '10:00', 3],
    ]);
    expect(held[2]).toMatchObject({ slot: '2026-12-12', movedFrom: { date: '2026-12-12' } });
    expect(held[1]).toMatchObject({ slot: null, added: true });
  });

  it('says the changes in pt-BR, and counts only meetings that take place', () => {
    const changed: MeetingRule & { weekday: string; durationMinutes: number } = {
      ...rule,
      weekday: 'saturday',
      durationMinutes: 120,
      changes: [
        { kind: 'skip', date: '2026-12-26', then: 'fewer', reason: 'Recesso de fim de ano' },
        { kind: 'cancel', date: '2027-01-02', message: 'Reforma do salão' },
        { kind: 'move', date: '2027-01-09', to: '2027-01-10', time: '10:00' },
        { kind: 'add', date: '2027-01-13', time: '19:00' },
      ],
    };
    expect(formatMeetingChanges(changed)).toEqual([
      'Sem encontro em sábado, 26/12/2026 (Recesso de fim de ano)',
      'Encontro de sábado, 02/01/2027 cancelado: Reforma do salão',
      'Encontro de sábado, 09/01/2027 transferido para domingo, 10/01/2027, às 10h00',
      'Encontro extra: quarta-feira, 13/01/2027, às 19h00',
    ]);
    expect(formatClassMeetings(changed)).toContain('(9 encontros)');
  });
});

describe('applyRecesses', () => {
  it('skips every meeting in the recess, pushing the end later', () => {
    const changes = applyRecesses(rule, [recess]);
    expect(changes.map((c) => c.date)).toEqual(['2026-12-26', '2027-01-02', '2027-01-09']);
    const held = dates({ ...rule, changes });
    expect(held).toHaveLength(10);
    expect(held.some((d) => d >= recess.startsOn && d <= recess.endsOn)).toBe(false);
    expect(withoutRecess(changes, 'r1')).toEqual([]);
  });

  it('leaves a date staff changed already, and is idempotent', () => {
    const own: MeetingChange = {
      kind: 'move',
      date: '2026-12-26',
      to: '2026-12-23',
      time: '19:00',
    };
    const changes = applyRecesses({ ...rule, changes: [own] }, [recess]);
    expect(changes[0]).toEqual(own);
    expect(applyRecesses({ ...rule, changes }, [recess])).toEqual(changes);
  });

  it('for any rule and recesses: no meeting falls in a recess, and the count holds or shrinks by the fewer skips', () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-03', n));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 52 }).map((w) => addDays('2026-01-03', w * 7)),
        fc.integer({ min: 1, max: 30 }),
        fc.array(
          fc.tuple(day, fc.integer({ min: 0, max: 40 }), fc.constantFrom('later', 'fewer')),
          { maxLength: 3 },
        ),
        (firstMeeting, count, spans) => {
          const recesses: Recess[] = spans.map(([startsOn, length, then], i) => ({
            name: `R${i}`,
            startsOn,
            endsOn: addDays(startsOn, length),
            then: then as Recess['then'],
          }));
          const r: MeetingRule = { firstMeeting, time: '19:00', count };
          const changes = applyRecesses(r, recesses);
          const held = dates({ ...r, changes });
          const inRecess = (d: string) => recesses.some((x) => x.startsOn <= d && d <= x.endsOn);
          expect(held.filter(inRecess)).toEqual([]);
          const fewer = changes.filter((c) => c.kind === 'skip' && c.then === 'fewer').length;
          expect(held.length).toBe(count - fewer);
          expect(new Set(held).size).toBe(held.length);
        },
      ),
    );
  });
});
