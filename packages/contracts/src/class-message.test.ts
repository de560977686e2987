/** The contract of a message to a class: required, within its limits, plain. */
import { describe, expect, it } from 'vitest';
import { staffClassMessageRequestSchema as schema } from './staff-classes.js';

const problem = (body: object) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? null : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('a message to a class', () => {
  it('takes a subject, a text with line breaks and the waiting-list choice, trimmed', () => {
    expect(
      schema.parse({ subject: ' Aviso ', text: 'Olá,\r\n\tturma\n', waitingList: true }),
    ).toEqual({ subject: 'Aviso', text: 'Olá,\r\n\tturma', waitingList: true });
  });

  it('refuses what is missing, too long or not plain, in pt-BR beside the field', () => {
    expect(problem({ subject: ' ', text: 'x', waitingList: false })).toEqual([
      ['subject', 'Escreva o assunto.'],
    ]);
    expect(problem({ subject: 'a'.repeat(121), text: 'x', waitingList: false })).toEqual([
      ['subject', 'Assunto: use no máximo 120 caracteres.'],
    ]);
    expect(problem({ subject: 'Linha\num', text: 'x', waitingList: false })?.[0]?.[0]).toBe(
      'subject',
    );
    expect(problem({ subject: 'a', text: 'x'.repeat(5001), waitingList: false })).toEqual([
      ['text', 'Mensagem: use no máximo 5000 caracteres.'],
    ]);
    expect(problem({ subject: 'a', text: 'nulo\u0000', waitingList: false })).toEqual([
      ['text', 'A mensagem não pode ter caracteres de controle.'],
    ]);
    expect(problem({ subject: 'a', text: 'x' })?.[0]?.[0]).toBe('waitingList');
  });
});
