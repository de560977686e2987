import type { StaffClass } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import { chosenClass, meetingsAhead, newClassFormOf, newClassRequestOf } from '~/lib/staff/classes';
import { concludedMessage } from '~/lib/staff/copy';

const klass = (id: string, state: StaffClass['state']): StaffClass => ({
  id,
  name: `Turma ${id}`,
  state,
  places: 30,
  taken: 0,
  firstMeeting: null,
  opensAt: null,
  closesAt: null,
  schedule: [],
  meetings: {
    firstMeeting: '2026-03-07',
    weekday: 'saturday',
    time: '15:00',
    durationMinutes: 90,
    count: 1,
    room: 'Sala 2',
  },
  dates: [],
});

describe('the class a course view shows', () => {
  const classes = [klass('a', 'concluded'), klass('b', 'open'), klass('c', 'planned')];

  it("is the one asked for, else the server's current class: open, running, planned, latest", () => {
    expect(chosenClass(classes, 'a')?.id).toBe('a');
    // 'Nova turma' made 'c' for next term: the view stays on the class taking people now.
    expect(chosenClass(classes, null)?.id).toBe('b');
    expect(chosenClass(classes, 'unknown')?.id).toBe('b');
    expect(chosenClass([klass('a', 'running'), klass('b', 'planned')], null)?.id).toBe('a');
    expect(chosenClass([klass('a', 'concluded'), klass('b', 'planned')], null)?.id).toBe('b');
    expect(chosenClass([klass('a', 'concluded'), klass('b', 'concluded')], null)?.id).toBe('b');
  });
});

describe('the class a staff screen opens on, while one is under way', () => {
  /** Weekly meetings at 19:00 in São Paulo (22:00 UTC) from `first`. */
  const meeting = (first: string, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const date = new Date(Date.parse(`${first}T22:00:00Z`) + i * 7 * 24 * 3600_000);
      return { date: date.toISOString().slice(0, 10), start: date.toISOString() };
    });
  const running = { ...klass('now', 'open'), schedule: meeting('2026-10-03', 10) };
  // Next term's class, made by 'Nova turma' and already taking enrolments.
  const next = { ...klass('next', 'open'), schedule: meeting('2027-03-06', 10) };
  const planned = { ...klass('later', 'planned'), schedule: meeting('2027-08-07', 10) };

  it('is the class that meets today or is under way, never a newer one taking enrolments', () => {
    const saturday = new Date('2026-11-28T21:00:00Z'); // 18:00 in São Paulo, a meeting day
    const tuesday = new Date('2026-12-01T15:00:00Z');
    for (const now of [saturday, tuesday]) {
      expect(chosenClass([running, next, planned], null, now)?.id).toBe('now');
    }
    // Once its meetings are over, the class taking enrolments.
    expect(chosenClass([running, next, planned], null, new Date('2027-01-20T12:00:00Z'))?.id).toBe(
      'next',
    );
    // A planned class is shown only when asked for.
    expect(chosenClass([running, planned], 'later', tuesday)?.id).toBe('later');
  });

  it("counts the meetings still ahead, which 'Encerrar turma' confirms", () => {
    expect(meetingsAhead(running, new Date('2026-11-28T21:00:00Z'))).toBe(2);
    expect(meetingsAhead(running, new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });
});

describe("the 'Nova turma' form", () => {
  const form = newClassFormOf({
    name: 'Turma 2027/1',
    places: 30,
    opensAt: '2027-01-10T09:00',
    closesAt: null,
    firstMeeting: '2027-03-02',
  });

  it('sends what the form holds, an empty window date as none', () => {
    expect(newClassRequestOf({ ...form, places: ' 12 ' })).toEqual({
      ok: true,
      request: {
        name: 'Turma 2027/1',
        places: 12,
        opensAt: '2027-01-10T09:00',
        closesAt: null,
        firstMeeting: '2027-03-02',
      },
    });
  });

  it('refuses an empty name, places that are no whole number, and no first meeting', () => {
    expect(newClassRequestOf({ ...form, name: '  ' })).toMatchObject({ ok: false, field: 'name' });
    expect(newClassRequestOf({ ...form, places: '2,5' })).toMatchObject({
      ok: false,
      field: 'places',
      message: 'Vagas: use um número inteiro, pelo menos 1.',
    });
    expect(newClassRequestOf({ ...form, places: '0' })).toMatchObject({ field: 'places' });
    expect(newClassRequestOf({ ...form, firstMeeting: '' })).toMatchObject({
      field: 'firstMeeting',
    });
  });
});

describe("after 'Encerrar turma'", () => {
  it('says how many concluded, in Portuguese', () => {
    expect(concludedMessage('Turma 2027/1', 1, 2)).toBe(
      'Turma 2027/1 encerrada: 1 participante concluiu e 2 não concluíram.',
    );
    expect(concludedMessage('Turma 2027/1', 0, 0)).toBe(
      'Turma 2027/1 encerrada. Não havia participantes.',
    );
  });
});
