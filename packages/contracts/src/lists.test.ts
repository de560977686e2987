import { describe, expect, it } from 'vitest';
import {
  joinPortuguese,
  meetingCountText,
  prerequisiteAttendedMessage,
  prerequisiteMissingMessage,
} from './lists.js';

describe('joinPortuguese', () => {
  it('joins names as pt-BR writes a list', () => {
    expect(joinPortuguese([])).toBe('');
    expect(joinPortuguese(['Passe'])).toBe('Passe');
    expect(joinPortuguese(['Passe', 'Corrente'])).toBe('Passe e Corrente');
    expect(joinPortuguese(['Nosso Lar', 'Passe', 'Corrente'])).toBe('Nosso Lar, Passe e Corrente');
  });
});

describe('prerequisiteMissingMessage', () => {
  it('names the courses in the sentence the person reads', () => {
    expect(prerequisiteMissingMessage(['Estudando André Luiz I'])).toBe(
      'Este curso é para quem concluiu: Estudando André Luiz I. Se você já concluiu em outra casa, fale com a secretaria.',
    );
    expect(prerequisiteMissingMessage(['Passe', 'Corrente', 'Vibração'])).toBe(
      'Este curso é para quem concluiu: Passe, Corrente e Vibração. Se você já concluiu em outra casa, fale com a secretaria.',
    );
  });
});

describe('prerequisiteAttendedMessage', () => {
  it('tells who took the course here their count and the meetings needed, rounded up', () => {
    expect(
      prerequisiteAttendedMessage(['Passe'], {
        title: 'Passe',
        present: 1,
        meetings: 7,
        minimumPercent: 75,
      }),
    ).toBe(
      'Este curso é para quem concluiu: Passe. Você fez Passe aqui e esteve em 1 de 7 encontros; para concluir são precisos pelo menos 75 % (6 encontros). Faça Passe de novo numa próxima turma ou fale com a secretaria.',
    );
    expect(meetingCountText(1)).toBe('1 encontro');
  });
});
