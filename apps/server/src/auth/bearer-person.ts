/**
 * The person behind a staff request or a request of the participant's own space (/api/me): the
 * server's API token in `Authorization: Bearer <token>`, bound to a person and issued after the
 * person's session last ended. Anonymous or missing → 401. The person comes from the token only;
 * staff roles are checked by StaffService.actor.
 * Called once per request by the bearerAuth hook (plugins/bearer-auth.ts), never by a handler.
 */
import type { StaffRoleName } from '@centro/contracts';
import type { FastifyRequest } from 'fastify';
import { personOfApiToken } from './authenticate-person.js';
import { AuthRefusal } from './errors.js';

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
  const header = request.headers.authorization;
  if (header === undefined) throw new AuthRefusal('signInRequired');
  const token = BEARER.exec(header)?.[1];
  if (!token) throw new AuthRefusal('invalidToken');
  const { apiTokens, tokenRevocations } = request.server;
  const { userId, roles, authTime } = personOfApiToken(apiTokens, tokenRevocations, token);
  return authTime === undefined ? { userId, roles } : { userId, roles, authTime };
}
