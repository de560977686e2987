import { describe, expect, it } from 'vitest';
import { claimCodeText } from './claim-code';

describe('the claim code handed over', () => {
  it('is shown in two halves, with where to type it', () => {
    expect(claimCodeText('ABCDEFGH')).toContain('ABCD-EFGH');
    expect(claimCodeText('ABCDEFGH')).toContain('“Minhas inscrições”');
  });
});
