/**
 * The person a user or group call may act for: the token must be a valid API token bound to a
 * person, and the id the body claims must be that person. Synchronous and cheap (no I/O): safe on
 * the hot path.
 */
import type { FastifyRequest } from 'fastify';
import { ApiTokenError, type ApiTokens } from './api-tokens.js';
import { AuthRefusal } from './errors.js';

/**
 * @throws AuthRefusal signInRequired, expiredToken or invalidToken (401), otherPerson (403: the
 *   claimed id is someone else's).
 */
export function authenticatePerson(
  apiTokens: ApiTokens,
  token: unknown,
  claimedId: unknown,
): string {
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
  if (claimedId !== subject.userId) throw new AuthRefusal('otherPerson');
  return subject.userId;
}

/**
 * `authenticatePerson` with the app's API tokens, for route handlers:
 * `const userId = requirePerson(request, body.token, body.id);`
 */
export function requirePerson(request: FastifyRequest, token: unknown, claimedId: unknown): string {
  return authenticatePerson(request.server.apiTokens, token, claimedId);
}
