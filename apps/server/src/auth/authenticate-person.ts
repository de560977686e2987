/**
 * The person of an API token: a valid token bound to a person, issued after the person's session
 * last ended (auth/token-revocations.ts); and the check that an id a body claims is that person.
 * Synchronous and cheap (no I/O): safe on the hot path.
 */
import type { FastifyRequest } from 'fastify';
import { ApiTokenError, type ApiTokens, type ApiTokenSubject } from './api-tokens.js';
import { AuthRefusal } from './errors.js';
import type { TokenRevocations } from './token-revocations.js';

export type ApiTokenPerson = Extract<ApiTokenSubject, { kind: 'user' }>;

/**
 * The person of an API token.
 * @throws AuthRefusal signInRequired, expiredToken, invalidToken or sessionEnded (401).
 */
export function personOfApiToken(
  apiTokens: ApiTokens,
  revocations: Pick<TokenRevocations, 'refuses'> | undefined,
  token: unknown,
): ApiTokenPerson {
  let subject;
  try {
    subject = apiTokens.verify(typeof token === 'string' ? token : '');
  } catch (error) {
    if (error instanceof ApiTokenError) {
      throw new AuthRefusal(error.reason === 'expired' ? 'expiredToken' : 'invalidToken');
    }
    throw error;
  }
  if (subject.kind !== 'user') throw new AuthRefusal('signInRequired');
  if (revocations?.refuses(subject.userId, subject.issuedAt)) {
    throw new AuthRefusal('sessionEnded');
  }
  return subject;
}

/**
 * The signed-in person of the request (set by the bearerAuth hook), when the body claims to act for
 * them: the calls whose wire shape names the person in the body (`id`, `user`) act only for the
 * token's person, never for the id alone.
 * @throws AuthRefusal otherPerson (403: the claimed id is someone else's).
 */
export function claimedPerson(request: FastifyRequest, claimedId: unknown): string {
  const { userId } = request.person;
  if (claimedId !== userId) throw new AuthRefusal('otherPerson');
  return userId;
}
