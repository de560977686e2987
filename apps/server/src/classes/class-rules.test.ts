import { describe, expect, it } from 'vitest';
import {
  chooseClass,
  classEnrolmentState,
  holdsPlaces,
  isListed,
  takesEnrolments,
  termName,
} from './class-rules.js';

const NOW = '2027-02-01T12:00:00.000Z';

describe('termName', () => {
  it('names the class after the half-year of the date', () => {
    expect(termName(new Date('2027-01-01T00:00:00Z'))).toBe('Turma 2027/1');
    expect(termName(new Date('2027-06-30T23:59:59Z'))).toBe('Turma 2027/1');
    expect(termName(new Date('2027-07-01T00:00:00Z'))).toBe('Turma 2027/2');
    expect(termName(new Date('2027-12-31T12:00:00Z'))).toBe('Turma 2027/2');
  });
});

describe('the states', () => {
  it('takes enrolments only while open, and holds places until concluded', () => {
    expect(
      ['planned', 'open', 'running', 'concluded'].filter((s) => takesEnrolments(s as never)),
    ).toEqual(['open']);
    expect(
      ['planned', 'open', 'running', 'concluded'].filter((s) => holdsPlaces(s as never)),
    ).toEqual(['planned', 'open', 'running']);
    expect(['planned', 'open', 'running', 'concluded'].filter((s) => isListed(s as never))).toEqual(
      ['planned', 'open'],
    );
  });

  it('shows a visitor whether a class takes enrolments now', () => {
    const open = { state: 'open' as const, opensAt: null, closesAt: null };
    expect(classEnrolmentState(open, NOW)).toBe('open');
    expect(classEnrolmentState({ ...open, opensAt: '2027-03-01T00:00:00.000Z' }, NOW)).toBe(
      'not-open',
    );
    expect(classEnrolmentState({ ...open, closesAt: NOW }, NOW)).toBe('closed');
    expect(classEnrolmentState({ ...open, state: 'planned' }, NOW)).toBe('not-open');
    expect(classEnrolmentState({ ...open, state: 'running' }, NOW)).toBe('closed');
    expect(classEnrolmentState({ ...open, state: 'concluded' }, NOW)).toBe('closed');
  });
});

describe('chooseClass', () => {
  const tuesday = { id: 'terca', state: 'open' as const, opensAt: null };
  const saturday = { id: 'sabado', state: 'open' as const, opensAt: null };
  const past = { id: 'passada', state: 'concluded' as const, opensAt: null };

  it('takes the only open class when the request names none', () => {
    expect(chooseClass([past, tuesday], undefined, NOW)).toEqual({ kind: 'class', id: 'terca' });
  });

  it('asks for a class when several are open', () => {
    expect(chooseClass([tuesday, saturday], undefined, NOW)).toEqual({ kind: 'class-required' });
  });

  it('takes the class named, and refuses a class of another course', () => {
    expect(chooseClass([tuesday, saturday], 'sabado', NOW)).toEqual({
      kind: 'class',
      id: 'sabado',
    });
    expect(chooseClass([tuesday], 'outra', NOW)).toEqual({ kind: 'unknown-class' });
    // A named class that is not open is still that class: its own state refuses.
    expect(chooseClass([past], 'passada', NOW)).toEqual({ kind: 'class', id: 'passada' });
  });

  it('without an open class, names the next announced opening', () => {
    const later = { id: 'b', state: 'planned' as const, opensAt: '2027-08-01T12:00:00.000Z' };
    const sooner = { id: 'a', state: 'planned' as const, opensAt: '2027-07-01T12:00:00.000Z' };
    const gone = { id: 'c', state: 'planned' as const, opensAt: '2027-01-01T12:00:00.000Z' };
    expect(chooseClass([past, later, sooner, gone], undefined, NOW)).toEqual({
      kind: 'none',
      nextOpening: '2027-07-01T12:00:00.000Z',
    });
    expect(chooseClass([past], undefined, NOW)).toEqual({ kind: 'none', nextOpening: null });
  });
});
