/**
 * The code a person enrolled at the desk is given on paper (decision 095): whoever types it in
 * 'Minhas inscrições', signed in, makes the desk's rows theirs. Eight characters of an alphabet
 * without look-alikes (about 40 bits), kept only as a hash; a code is used once.
 */
import { createHash, randomInt } from 'node:crypto';
import { CLAIM_CODE_PATTERN } from '@centro/contracts/desk';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new code, in capitals, without its dash. */
export function newClaimCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The stored form of a code (normalised first: `normaliseClaimCode`). */
export function claimCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Whether `code` (normalised) has the shape of one. */
export function isClaimCode(code: string): boolean {
  return CLAIM_CODE_PATTERN.test(code);
}
