import { describe, expect, it } from 'vitest';
import { classStatus, placesTaken } from './class-status.js';

const now = '2027-01-15T12:00:00.000Z';
const opensAt = '2027-02-01T22:30:00.000Z';
const closesAt = '2027-01-10T03:00:00.000Z';

describe('the words of a class’s state (decision 075)', () => {
  it("says 'Inscrições abertas' only while a person can enrol", () => {
    expect(classStatus({ state: 'open', opensAt: null, closesAt: null }, now)).toEqual({
      label: 'Inscrições abertas',
      note: null,
    });
    expect(classStatus({ state: 'open', opensAt, closesAt: null }, now)).toEqual({
      label: 'Inscrições ainda não abertas',
      note: 'Abrem em 01/02/2027 às 19h30',
    });
    expect(classStatus({ state: 'open', opensAt: null, closesAt }, now)).toEqual({
      label: 'Inscrições encerradas',
      note: 'Encerradas em 10/01/2027 às 00h00',
    });
    expect(
      classStatus({ state: 'open', opensAt: null, closesAt: '2027-03-01T03:00:00.000Z' }, now),
    ).toEqual({ label: 'Inscrições abertas', note: 'Encerram em 01/03/2027 às 00h00' });
    // At the opening instant it is open.
    expect(classStatus({ state: 'open', opensAt, closesAt: null }, opensAt).label).toBe(
      'Inscrições abertas',
    );
  });

  it('names the other states, a planned class with its opening', () => {
    expect(classStatus({ state: 'planned', opensAt, closesAt: null }, now)).toEqual({
      label: 'Planejada',
      note: 'Abrem em 01/02/2027 às 19h30',
    });
    expect(classStatus({ state: 'running', opensAt: null, closesAt }, now).label).toBe(
      'Em andamento',
    );
    expect(classStatus({ state: 'concluded', opensAt: null, closesAt }, now).label).toBe(
      'Concluída',
    );
  });

  it('counts the people enrolled against the places', () => {
    expect(placesTaken(0, 2)).toBe('Inscritos: 0 de 2 vagas');
    expect(placesTaken(1, 1)).toBe('Inscritos: 1 de 1 vaga');
  });
});
