import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../routes/form-validation.js';
import { passwordLengthNote, passwordNoteScript, PASSWORD_RULE } from './password-hint.js';

describe('the new password’s hint', () => {
  it('states the server’s rule before typing', () => {
    expect(PASSWORD_RULE).toMatch(/^Pelo menos 8 caracteres e difícil de adivinhar/);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('counts what is left as the person types', () => {
    const note = (n: number) => passwordLengthNote(n, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH);
    expect(note(0)).toBe('');
    expect(note(3)).toBe('Faltam 5 caracteres.');
    expect(note(7)).toBe('Falta 1 caractere.');
    expect(note(8)).toBe('Tamanho suficiente.');
    expect(note(129)).toBe('Passou de 128 caracteres.');
  });

  it('runs in the page: the note follows the field, counting characters as the server does', () => {
    let listener: (() => void) | undefined;
    const input = {
      value: '',
      addEventListener: (_type: string, fn: () => void) => (listener = fn),
    };
    const out = { textContent: '' };
    const document = {
      getElementById: (id: string) => (id === 'senha' ? input : id === 'senha-nota' ? out : null),
    };
    new Function('document', passwordNoteScript(8, 128))(document);
    input.value = 'açaí';
    listener?.();
    expect(out.textContent).toBe('Faltam 4 caracteres.');
    input.value = 'uma frase longa';
    listener?.();
    expect(out.textContent).toBe('Tamanho suficiente.');
  });
});
