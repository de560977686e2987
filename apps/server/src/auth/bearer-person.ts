/**
 * The person behind a request that reads or changes a person's own data (/api/user, /api/group,
 * /api/me, /api/staff): the server's API token, bound to a person and issued after the person's
 * session last ended. Anonymous or missing → 401. The person comes from the token only; staff roles
 * are checked by StaffService.actor.
 *
 * The token is read from `Authorization: Bearer <token>`; the calls whose published wire shape
 * carries it as the body's `token` field (the user and group calls) may send it there instead.
 * Either way the same check runs, once per request, in the bearerAuth hook
 * (plugins/bearer-auth.ts), never in a handler.
 */
import type { StaffRoleName } from '@centro/contracts';
import type { FastifyRequest } from 'fastify';
import { personOfApiToken } from './authenticate-person.js';
import { AuthRefusal } from './errors.js';
import { BODY_NOT_AN_OBJECT } from '../refusals/catalogue.js';
import { Refusal } from '../refusals/refusal.js';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** A person signed in with the server's API token, and the staff roles the token carries. */
export interface BearerPerson {
  userId: string;
  roles: StaffRoleName[];
  /** When the person last signed in at the provider (epoch seconds), if the provider said. */
  authTime?: number;
}

/** @throws AuthRefusal signInRequired, expiredToken, invalidToken or sessionEnded (401) */
export function bearerPerson(request: FastifyRequest): BearerPerson {
  const token = tokenOf(request);
  const { apiTokens, tokenRevocations } = request.server;
  const { userId, roles, authTime } = personOfApiToken(apiTokens, tokenRevocations, token);
  return authTime === undefined ? { userId, roles } : { userId, roles, authTime };
}

/** The header's token, else the body's `token` field (a string), else a refusal. */
function tokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const token = BEARER.exec(header)?.[1];
    if (!token) throw new AuthRefusal('invalidToken');
    return token;
  }
  const body: unknown = request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    // Where a token could only be in the body, a body that is no JSON object is answered as
    // the validation answers it.
    throw new Refusal('invalidRequest', {
      details: { message: BODY_NOT_AN_OBJECT },
    });
  }
  if (body !== undefined && 'token' in body) {
    // Any other type than a string is a token that does not verify, not a missing one.
    return typeof body.token === 'string' ? body.token : '';
  }
  throw new AuthRefusal('signInRequired');
}
