import { normaliseClaimCode, showClaimCode } from '@centro/contracts/desk';
import { describe, expect, it } from 'vitest';
import { claimCodeHash, isClaimCode, newClaimCode } from './claim-code.js';

describe('claim codes', () => {
  it('are eight characters without look-alikes, typed back in any shape', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newClaimCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(isClaimCode(code)).toBe(true);
      expect(code).not.toMatch(/[01OIL]/);
      const typed = ` ${showClaimCode(code).toLowerCase()} `;
      expect(normaliseClaimCode(typed.trim())).toBe(code);
    }
  });

  it('are kept as a hash that names no code', () => {
    const code = newClaimCode();
    expect(claimCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(claimCodeHash(code)).not.toContain(code);
    expect(isClaimCode('ABCD-EFGH')).toBe(false);
  });
});
