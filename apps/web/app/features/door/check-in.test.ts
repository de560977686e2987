import { describe, expect, it } from 'vitest';
import { checkInResult, type CheckInPerson } from './check-in';

const TOKEN = 'A'.repeat(32);
const ana: CheckInPerson = {
  personId: 'ana',
  name: 'Ana Souza',
  present: null,
  checkInToken: TOKEN,
};
const stored = (_: string, present: boolean | null) => present === true;

describe('what a QR code read at the door means', () => {
  it("marks the class's person present, or says they already were", () => {
    const answer = { result: 'thisClass', personId: 'ana', name: 'Ana', present: null } as const;
    expect(checkInResult(TOKEN, answer, [ana], stored)).toEqual({
      outcome: 'presente',
      personId: 'ana',
      text: 'Ana Souza: presente.',
    });
    expect(checkInResult(TOKEN, { ...answer, present: true }, [ana], stored)).toMatchObject({
      outcome: 'já marcado',
      text: 'Ana Souza: já marcado como presente.',
    });
    // Marked on this device and not sent yet: already present too.
    expect(checkInResult(TOKEN, answer, [ana], () => true).outcome).toBe('já marcado');
  });

  it('names the other class, and says when a code is of nobody or not a code of ours', () => {
    const other = { result: 'otherClass', course: 'Passe', turma: 'Turma 2027/1' } as const;
    expect(checkInResult(TOKEN, other, [ana], stored)).toEqual({
      outcome: 'outra turma',
      text: 'Outra turma: esta inscrição é de Passe, Turma 2027/1.',
    });
    expect(checkInResult(TOKEN, { result: 'notFound' }, [ana], stored)).toEqual({
      outcome: 'não encontrado',
      text: 'Não encontrado: nenhuma inscrição tem este QR code.',
    });
    expect(checkInResult(null, null, [ana], stored)).toEqual({
      outcome: 'não encontrado',
      text: 'Não encontrado: este QR code não é de uma inscrição do centro.',
    });
  });

  it("finds the class's own people on the device without a connection", () => {
    expect(checkInResult(TOKEN, null, [ana], stored)).toMatchObject({
      outcome: 'presente',
      personId: 'ana',
    });
    expect(checkInResult('B'.repeat(32), null, [ana], stored)).toEqual({
      outcome: 'não encontrado',
      text: 'Não encontrado nesta turma. Sem conexão, as outras turmas não puderam ser consultadas.',
    });
  });
});
