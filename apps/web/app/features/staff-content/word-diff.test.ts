import { describe, expect, it } from 'vitest';
import { shortened, wordDiff } from './word-diff';

describe('what changed, word by word', () => {
  it('marks the words removed and added among those kept', () => {
    expect(wordDiff('Reunião pública às terças.', 'Reunião pública às quartas.')).toEqual([
      { kind: 'same', text: 'Reunião pública às ' },
      { kind: 'removed', text: 'terças.' },
      { kind: 'added', text: 'quartas.' },
    ]);
    expect(wordDiff('', 'Novo aviso')).toEqual([{ kind: 'added', text: 'Novo aviso' }]);
    expect(wordDiff('Igual', 'Igual')).toEqual([{ kind: 'same', text: 'Igual' }]);
  });

  it('shortens long runs of kept words to the ends beside a change', () => {
    const before = 'um dois três quatro cinco seis sete oito nove dez onze doze treze';
    const after = `${before} catorze`;
    expect(shortened(wordDiff(before, after), 3)).toEqual([
      { kind: 'same', text: '…onze doze treze ' },
      { kind: 'added', text: 'catorze' },
    ]);
  });
});
