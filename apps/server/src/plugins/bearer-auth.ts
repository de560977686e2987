/**
 * The person behind a request of the route groups that hold a person's own data (/api/me,
 * /api/staff): one preHandler, registered once for those groups (app.ts), verifies the API token in
 * `Authorization: Bearer` and sets `request.person`; handlers read it and never call the check.
 * It runs after the request's validation (a malformed body is still answered 400 first), and marks
 * every answer of those groups personal (`cache-control: no-store`), refusals included.
 *
 * The calls that carry `{id, token}` in their body (/api/user, /api/group, /api/auth) check it with
 * `requirePerson` (auth/authenticate-person.ts) instead: the id must be the token's person.
 */
import fp from 'fastify-plugin';
import { bearerPerson, type BearerPerson } from '../auth/bearer-person.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The person of the bearer token, in the route groups that register `bearerAuth` (set before
     * the handler runs, or the request was refused 401); not set elsewhere.
     */
    person: BearerPerson;
  }
}

export const bearerAuth = fp(
  async (app) => {
    app.decorateRequest('person', null as unknown as BearerPerson);
    // Before the body and query are validated: someone without a valid token learns nothing
    // about what the route would accept (401, not 400).
    app.addHook('preValidation', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      request.person = bearerPerson(request);
    });
  },
  { name: 'bearer-auth', fastify: '5.x', decorators: { fastify: ['apiTokens'] } },
);
