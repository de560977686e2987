/**
 * The person behind a request of the route groups that hold a person's own data (/api/user,
 * /api/group, /api/me, /api/staff): one hook, registered once for those groups (app.ts), verifies
 * the API token (auth/bearer-person.ts: the bearer header, or the body's `token` where the call's
 * wire shape carries it) and sets `request.person`; handlers read it and never verify a token. It
 * runs before the request's validation (someone without a valid token learns nothing of what the
 * route accepts), and marks every answer of those groups personal (`cache-control: no-store`),
 * refusals included. A body that names the person (`id`, `user`) is checked against it with
 * `claimedPerson` (auth/authenticate-person.ts).
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
