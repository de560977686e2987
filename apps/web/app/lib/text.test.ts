import { describe, expect, it } from 'vitest';
import { firstSentence } from './text';

describe('firstSentence', () => {
  it('keeps the text up to the first full stop followed by a space', () => {
    expect(firstSentence('Primeira frase. Segunda frase.')).toBe('Primeira frase.');
    expect(firstSentence('Venha! Você será bem-vindo.')).toBe('Venha!');
  });

  it('does not cut inside numbers and keeps text without a full stop whole', () => {
    expect(firstSentence('Às 19h30 de 1.5 hora. Depois.')).toBe('Às 19h30 de 1.5 hora.');
    expect(firstSentence('Sem ponto')).toBe('Sem ponto');
  });
});
