/**
 * Refuses passwords that an online guesser tries first: common passwords (of the world and of
 * Brazil: names, words, teams, dates), sequences, repetitions and keyboard walks, and passwords
 * built from the person's own name or e-mail. Judged by zxcvbn-ts (@zxcvbn-ts/core with its common
 * and pt-BR dictionaries, about 4 MB on disk, loaded on the first sign-up): a password it expects to
 * fall within a million guesses (score 0 or 1) is refused; "12345678", "aaaaaaaa", "senha123",
 * "flamengo", "p4ssw0rd" are, "uma senha longa" is not. Synchronous, on the event loop: a few
 * milliseconds for an ordinary password, tens for a hostile one (bounded below).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';

/** zxcvbn's score from which a password is accepted (2: more than 10^6 guesses). */
export const MIN_PASSWORD_SCORE = 2;

/**
 * Characters judged: the first 32 (beyond, a password is long enough not to be in a guesser's first
 * million tries unless its start already is). With few l33t substitutions tried, a hostile 32
 * characters cost tens of milliseconds, not seconds.
 */
const JUDGED_LENGTH = 32;
const L33T_MAX_SUBSTITUTIONS = 4;

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    graphs: common.adjacencyGraphs,
    // Bounds on the work per password: l33t variants tried, characters judged.
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    maxLength: JUDGED_LENGTH,
  });
  return factory;
}

/**
 * Whether a password is too easy to guess, for a person with these details (name, e-mail): their
 * words count as known to the guesser.
 */
export function isWeakPassword(password: string, personal: readonly string[] = []): boolean {
  const words = personal
    .flatMap((value) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= 3);
  const judged = [...password].slice(0, JUDGED_LENGTH).join('');
  return estimator().check(judged, words).score < MIN_PASSWORD_SCORE;
}
