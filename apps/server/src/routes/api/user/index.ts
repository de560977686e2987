/**
 * The person's own registration data, read and changed through the directory:
 * POST /api/user/details, POST /api/user/update, POST /api/user/update/security-attributes.
 * The person is the one the token is bound to; an `id` naming anybody else is refused (403).
 *
 * The example docs/how-to-add-an-api-route.md follows: schemas from `@centro/contracts`, the
 * person from `requirePerson`, services from the app's decorators (app.ts), refusals thrown as
 * domain errors and listed with `refusalResponses`.
 */
import {
  securityAttributesRequestSchema,
  userDetailsRequestSchema,
  userDetailsResponseSchema,
  userUpdateRequestSchema,
  userUpdateResponseSchema,
  type UserDetails,
} from '@centro/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePerson } from '../../../auth/authenticate-person.js';
import { DirectoryUserNotFoundError, type Directory } from '../../../directory/directory.js';
import { refusalResponses } from '../../../plugins/refusal-responses.js';
import { apiPaths } from '@centro/contracts/paths';

/** Personal data: never stored by a cache. */
function personal(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * The person's data. Read like after a write: an External ID account made a moment ago by the
 * sign-up user flow may not be on the replica Graph reads yet (404 for a second or so).
 */
function detailsOf(directory: Directory, userId: string): Promise<UserDetails> {
  return detailsAfterWrite(directory, userId, {});
}

/** Pauses between reads of a user the directory has just accepted a change for. */
const READ_AFTER_WRITE_PAUSES_MS = [250, 500, 1000];

/**
 * The person's data after a change the directory accepted, with the values just written: Entra is
 * eventually consistent, and a read right after a write may miss the user (404) or the change.
 */
export async function detailsAfterWrite(
  directory: Directory,
  userId: string,
  written: Partial<UserDetails>,
): Promise<UserDetails> {
  let user = await directory.getUser(userId);
  for (const pause of READ_AFTER_WRITE_PAUSES_MS) {
    if (user !== null) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    user = await directory.getUser(userId);
  }
  if (user === null) throw new DirectoryUserNotFoundError();
  return { ...user, ...written };
}

/** What a user route may refuse besides the conventions (body, token, rate limit). */
const refusals = refusalResponses('userNotFound', 'directoryUnavailable');

/** What changing a field may refuse: a new contact e-mail past its limit, too. */
const updateRefusals = refusalResponses(
  'userNotFound',
  'directoryUnavailable',
  'tooManyContactChanges',
);

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { directory } = app;

  app.post(
    apiPaths.userDetails,
    {
      schema: {
        body: userDetailsRequestSchema,
        response: { 200: userDetailsResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const userId = requirePerson(request, request.body.token, request.body.id);
      personal(reply);
      return { data: await detailsOf(directory, userId) };
    },
  );

  app.post(
    apiPaths.userUpdate,
    {
      schema: {
        body: userUpdateRequestSchema,
        response: { 200: userUpdateResponseSchema, ...updateRefusals },
      },
    },
    async (request, reply) => {
      const { token, id, param, value } = request.body;
      const userId = requirePerson(request, token, id);
      personal(reply);
      // `value` is already checked and normalised (a phone as "+CC DD NNNNN-NNNN").
      // A new contact address waits for its owner's confirmation (issue 14, finding 6): the
      // answer keeps the current one, and the website says a link was sent.
      // At most a few links an hour per account and per address (issue 28, finding 3).
      if (param === 'mail' && app.contactEmail) {
        // Past the limit: a refusal with its Retry-After (plugins/error-handler.ts).
        const change = await app.contactEmail.request(userId, value);
        if (change === 'pending') return { data: await detailsOf(directory, userId) };
      }
      await directory.updateUser(userId, param, value);
      return { data: await detailsAfterWrite(directory, userId, { [param]: value }) };
    },
  );

  app.post(
    apiPaths.securityAttributes,
    {
      schema: {
        body: securityAttributesRequestSchema,
        response: { 200: userUpdateResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { token, id, data_nascimento: birthDate } = request.body;
      const userId = requirePerson(request, token, id);
      personal(reply);
      await directory.setBirthDate(userId, birthDate);
      return { data: await detailsAfterWrite(directory, userId, { dataNascimento: birthDate }) };
    },
  );
};
