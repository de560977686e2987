/**
 * The person's own registration data, read and changed through the directory:
 * POST /api/user/details, POST /api/user/update, POST /api/user/update/security-attributes.
 * The person is the one the token is bound to (in the bearer header, or the body's `token` as
 * the published client sends it); an `id` naming anybody else is refused (403).
 *
 * The example docs/how-to-add-an-api-route.md follows: schemas from `@centro/contracts`, the
 * route's options from `bearerRoute`, the person from the bearerAuth hook, services from the app's
 * decorators (app.ts), refusals thrown as domain errors and named in the declaration.
 */
import {
  securityAttributesRequestSchema,
  userDetailsRequestSchema,
  userDetailsResponseSchema,
  userUpdateRequestSchema,
  userUpdateResponseSchema,
  type UserDetails,
} from '@centro/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimedPerson } from '../../../auth/authenticate-person.js';
import { DirectoryUserNotFoundError, type Directory } from '../../../directory/directory.js';
import { ContactChangeLimitError } from '../../../idp/store/contact-email-changes.js';
import { apiPaths } from '@centro/contracts/paths';
import { bearerRoute } from '../bearer-route.js';

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
const refusals = ['userNotFound', 'directoryUnavailable'] as const;

/** What changing a field may refuse: a new contact e-mail past its limit, too. */
const updateRefusals = [...refusals, 'tooManyContactChanges'] as const;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { directory } = app;

  app.post(
    apiPaths.userDetails,
    bearerRoute({ body: userDetailsRequestSchema, answer: userDetailsResponseSchema, refusals }),
    async (request) => {
      const userId = claimedPerson(request, request.body.id);
      return { data: await detailsOf(directory, userId) };
    },
  );

  app.post(
    apiPaths.userUpdate,
    bearerRoute({
      body: userUpdateRequestSchema,
      answer: userUpdateResponseSchema,
      refusals: updateRefusals,
    }),
    async (request, reply) => {
      const { id, param, value } = request.body;
      const userId = claimedPerson(request, id);
      // `value` is already checked and normalised (a phone as "+CC DD NNNNN-NNNN").
      // A new contact address waits for its owner's confirmation: the
      // answer keeps the current one, and the website says a link was sent.
      // At most a few links an hour per account and per address.
      if (param === 'mail' && app.contactEmail) {
        const change = await app.contactEmail.request(userId, value).catch((error: unknown) => {
          if (error instanceof ContactChangeLimitError) {
            reply.header('retry-after', String(error.retryAfterSeconds));
          }
          throw error;
        });
        if (change === 'pending') return { data: await detailsOf(directory, userId) };
      }
      await directory.updateUser(userId, param, value);
      return { data: await detailsAfterWrite(directory, userId, { [param]: value }) };
    },
  );

  app.post(
    apiPaths.securityAttributes,
    bearerRoute({
      body: securityAttributesRequestSchema,
      answer: userUpdateResponseSchema,
      refusals,
    }),
    async (request) => {
      const { id, data_nascimento: birthDate } = request.body;
      const userId = claimedPerson(request, id);
      await directory.setBirthDate(userId, birthDate);
      return { data: await detailsAfterWrite(directory, userId, { dataNascimento: birthDate }) };
    },
  );
};
