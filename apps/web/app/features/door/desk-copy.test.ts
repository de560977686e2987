import { describe, expect, it } from 'vitest';
import { deskOutcome, walkInOutcome } from './desk-copy';

describe('the desk and the door say what happened', () => {
  it('a place, the waiting list, or a place already held', () => {
    const place = { state: 'enrolled', position: null, alreadyEnrolled: false } as const;
    expect(deskOutcome('Maria', place)).toBe('Maria foi inscrita(o) nesta turma.');
    expect(deskOutcome('Maria', { ...place, alreadyEnrolled: true })).toBe(
      'Maria já tinha vaga nesta turma.',
    );
    expect(deskOutcome('Maria', { ...place, state: 'waiting', position: 2 })).toContain(
      'lista de espera, na posição 2',
    );
  });

  it('a walk-in with a place or as a guest', () => {
    expect(walkInOutcome('José', 'guest')).toBe(
      'Não havia vaga: José ficou como visitante deste encontro.',
    );
    expect(walkInOutcome('José', 'enrolled')).toContain('marcada(o) como presente');
  });
});
