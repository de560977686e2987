import { describe, expect, it } from 'vitest';
import { aClass } from '~/test/classes';
import {
  classChoice,
  classSlot,
  classStateText,
  noClassText,
  untilNextOpening,
} from './class-choice';

describe('classChoice', () => {
  it("gives one open class's places and window: the specification's page", () => {
    const closed = aClass({ id: 'k0', enrolment: 'closed' });
    expect(classChoice([closed, aClass({ placesLeft: 3 })])).toEqual({
      kind: 'one',
      course: { places: 40, placesLeft: 3, state: 'open', opensAt: null, closesAt: null },
    });
  });

  it("keeps a course's only class as today, whatever its window", () => {
    const opensAt = '2030-01-15T12:00:00.000Z';
    expect(classChoice([aClass({ enrolment: 'not-open', opensAt })])).toMatchObject({
      kind: 'one',
      course: { state: 'not-open', opensAt },
    });
  });

  it('lets the person pick among two or more open classes, every listed class shown', () => {
    const planned = aClass({ id: 'k3', state: 'planned', enrolment: 'not-open' });
    const classes = [aClass(), aClass({ id: 'k2' }), planned];
    expect(classChoice(classes)).toEqual({ kind: 'pick', classes });
  });

  it('with none open, gives the earliest announced opening, or none', () => {
    const later = aClass({ enrolment: 'not-open', opensAt: '2030-06-01T12:00:00.000Z' });
    const sooner = aClass({ enrolment: 'not-open', opensAt: '2030-01-15T12:00:00.000Z' });
    const ended = aClass({ enrolment: 'closed' });
    expect(classChoice([ended, later, sooner])).toEqual({
      kind: 'none',
      opensAt: '2030-01-15T12:00:00.000Z',
    });
    expect(classChoice([])).toEqual({ kind: 'none', opensAt: null });
    expect(classChoice([ended, aClass({ enrolment: 'closed' })])).toEqual({
      kind: 'none',
      opensAt: null,
    });
  });
});

describe('a full class with the next one announced (decision 075)', () => {
  const opensAt = '2030-01-15T12:00:00.000Z';
  const full = aClass({ placesLeft: 0 });
  const next = aClass({ id: 'k2', state: 'planned', enrolment: 'not-open', opensAt });

  it('says when the next opens, to offer “Avise-me” rather than the full class', () => {
    const choice = classChoice([full, next]);
    expect(choice).toEqual({ kind: 'none', opensAt, full: true });
    expect(noClassText({ opensAt, full: true })).toBe(
      'Vagas esgotadas para este curso. As inscrições abrem em 15/01/2030 às 09h00.',
    );
    // Without a next class announced, the full class and its waiting list, as before.
    expect(classChoice([full])).toMatchObject({ kind: 'one', course: { placesLeft: 0 } });
  });

  it('asks again a second after the next opening, on a page left open', () => {
    const now = Date.parse(opensAt) - 60_000;
    expect(untilNextOpening([full, next], now)).toBe(61_000);
    expect(untilNextOpening([full, next], Date.parse(opensAt) + 5000)).toBe(1000);
    expect(untilNextOpening([full], now)).toBeNull();
    // Further than a timer waits: a reload will tell.
    expect(untilNextOpening([next], Date.parse(opensAt) - 30 * 86_400_000)).toBeNull();
  });
});

describe('the texts', () => {
  it('says that no class is open, and when the next opens', () => {
    expect(noClassText({ opensAt: null })).toBe('Nenhuma turma com inscrições abertas no momento.');
    expect(noClassText({ opensAt: '2030-01-15T12:00:00.000Z' })).toBe(
      'Nenhuma turma com inscrições abertas no momento. As inscrições abrem em 15/01/2030 às 09h00.',
    );
  });

  it("says a class's day and time", () => {
    expect(classSlot({ weekday: 'saturday', time: '15:30' })).toBe('Sábados, às 15h30');
  });

  it("says a class's enrolment state and places", () => {
    expect(classStateText(aClass())).toBe('Inscrições abertas. Restam 12 vagas.');
    expect(classStateText(aClass({ placesLeft: 1 }))).toBe('Inscrições abertas. Resta 1 vaga.');
    expect(classStateText(aClass({ placesLeft: 0 }))).toBe(
      'Inscrições abertas. Vagas esgotadas: lista de espera.',
    );
    expect(classStateText(aClass({ enrolment: 'closed' }))).toBe('Inscrições encerradas.');
    expect(classStateText(aClass({ enrolment: 'not-open' }))).toBe('Inscrições em breve.');
    expect(
      classStateText(aClass({ enrolment: 'not-open', opensAt: '2030-01-15T12:00:00.000Z' })),
    ).toBe('As inscrições abrem em 15/01/2030 às 09h00.');
  });
});
