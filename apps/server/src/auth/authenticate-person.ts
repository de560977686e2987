/**
 * The person a user or group call may act for: the token must be a valid API token bound to a
 * person, issued after the person's session last ended (auth/token-revocations.ts), and the id the
 * body claims must be that person. Synchronous and cheap (no I/O): safe on the hot path.
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
 * @throws AuthRefusal signInRequired, expiredToken, invalidToken or sessionEnded (401),
 *   otherPerson (403: the claimed id is someone else's).
 */
export function authenticatePerson(
  apiTokens: ApiTokens,
  token: unknown,
  claimedId: unknown,
  revocations?: Pick<TokenRevocations, 'refuses'>,
): string {
  const { userId } = personOfApiToken(apiTokens, revocations, token);
  if (claimedId !== userId) throw new AuthRefusal('otherPerson');
  return userId;
}

/**
 * `authenticatePerson` with the app's API tokens, for route handlers:
 * `const userId = requirePerson(request, body.token, body.id);`
 */
export function requirePerson(request: FastifyRequest, token: unknown, claimedId: unknown): string {
  const { apiTokens, tokenRevocations } = request.server;
  return authenticatePerson(apiTokens, token, claimedId, tokenRevocations);
}
