import { describe, expect, it } from 'vitest';
import { joinPortuguese, prerequisiteMissingMessage } from './lists.js';

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
