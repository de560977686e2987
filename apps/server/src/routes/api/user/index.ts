/**
 * The person's own registration data, read and changed through the directory:
 * POST /api/user/details, POST /api/user/update, POST /api/user/update/security-attributes.
 * The person is the one the token is bound to; an `id` naming anybody else is refused (403).
 */
import {
  securityAttributesRequestSchema,
  userDetailsRequestSchema,
  userDetailsResponseSchema,
  userUpdateRequestSchema,
  userUpdateResponseSchema,
  type SecurityAttributesRequest,
  type UserDetails,
  type UserDetailsRequest,
  type UserDetailsResponse,
  type UserUpdateRequest,
} from '@centro/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Directory } from '../../../directory/directory.js';
import { apiErrors, useApiConventions } from '../../../plugins/api-conventions.js';
import { requirePerson } from '../auth/index.js';
import { HttpError } from '../../../plugins/error-handler.js';

export interface UserRoutesOptions {
  directory: Directory;
}

/** Personal data: never stored by a cache. */
function personal(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

async function detailsOf(directory: Directory, userId: string): Promise<UserDetails> {
  const user = await directory.getUser(userId);
  if (user === null) {
    const { status, code, message } = apiErrors.userNotFound;
    throw new HttpError(status, code, message);
  }
  return user;
}

export const userRoutes: FastifyPluginAsync<UserRoutesOptions> = async (app, { directory }) => {
  useApiConventions(app);

  app.post<{ Body: UserDetailsRequest }>(
    '/api/user/details',
    { schema: { body: userDetailsRequestSchema, response: { 200: userDetailsResponseSchema } } },
    async (request, reply): Promise<UserDetailsResponse> => {
      const userId = requirePerson(request, request.body.token, request.body.id);
      personal(reply);
      return { data: await detailsOf(directory, userId) };
    },
  );

  app.post<{ Body: UserUpdateRequest }>(
    '/api/user/update',
    { schema: { body: userUpdateRequestSchema, response: { 200: userUpdateResponseSchema } } },
    async (request, reply): Promise<UserDetailsResponse> => {
      const { token, id, param, value } = request.body;
      const userId = requirePerson(request, token, id);
      personal(reply);
      // `value` is already checked and normalised (a phone as "+CC DD NNNNN-NNNN").
      await directory.updateUser(userId, param, value);
      return { data: await detailsOf(directory, userId) };
    },
  );

  app.post<{ Body: SecurityAttributesRequest }>(
    '/api/user/update/security-attributes',
    {
      schema: {
        body: securityAttributesRequestSchema,
        response: { 200: userUpdateResponseSchema },
      },
    },
    async (request, reply): Promise<UserDetailsResponse> => {
      const { token, id, data_nascimento: birthDate } = request.body;
      const userId = requirePerson(request, token, id);
      personal(reply);
      await directory.setBirthDate(userId, birthDate);
      return { data: await detailsOf(directory, userId) };
    },
  );
};
