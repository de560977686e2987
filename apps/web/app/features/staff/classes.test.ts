import type { StaffClass } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import { chosenClass, newClassFormOf, newClassRequestOf } from './classes';
import { concludedMessage } from './copy';

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
