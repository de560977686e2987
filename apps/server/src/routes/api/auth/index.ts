/**
 * GET /api/auth/get-token: the API token the website sends with every user and group call.
 *
 * - Without `Authorization`: an anonymous API token (grants nothing on user or group endpoints).
 * - With `Authorization: Bearer <the identity provider's access token for this API>`: validated
 *   (auth/provider-token-verifier.ts), then an API token bound to that person's directory id.
 * - Anything else: 401 `invalid_token` (503 when the provider's keys cannot be obtained); a token
 *   issued before the person's session ended (auth/token-revocations.ts): 401 `session_ended`.
 *
 * The answer is never stored by a cache. No provider, Graph or app credential is ever sent.
 * The guard of the user and group routes is auth/authenticate-person.ts.
 */
import { getTokenResponseSchema } from '@centro/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthRefusal } from '../../../auth/errors.js';
import { ProviderTokenError } from '../../../auth/provider-token-error.js';
import type { VerifiedProviderToken } from '../../../auth/provider-token-verifier.js';
import { refusalResponses } from '../../../plugins/refusal-responses.js';
import { apiPaths } from '@centro/contracts/paths';

/** `Bearer <b64token>` (RFC 6750 section 2.1), or null when the header is anything else. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

function challenge(reply: FastifyReply) {
  reply.header('www-authenticate', 'Bearer error="invalid_token"');
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { apiTokens, verifyProviderToken, tokenRevocations } = app;

  app.get(
    apiPaths.getToken,
    {
      schema: {
        response: {
          200: getTokenResponseSchema,
          ...refusalResponses('invalidProviderToken', 'sessionEnded', 'providerUnavailable'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const authorization = request.headers.authorization;
      if (authorization === undefined) {
        const { token, expiresIn } = apiTokens.issueAnonymous();
        return { access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn };
      }

      const match = BEARER.exec(authorization);
      if (!match?.[1]) {
        challenge(reply);
        request.log.info({ reason: 'malformed_authorization' }, 'provider token refused');
        throw new AuthRefusal('invalidProviderToken');
      }
      let verified: VerifiedProviderToken;
      try {
        verified = await verifyProviderToken(match[1]);
      } catch (error) {
        if (!(error instanceof ProviderTokenError)) throw error;
        if (error.unavailable) {
          // The cause names the URL that failed; it never holds the token or its claims.
          request.log.warn(
            { reason: error.reason, err: error.cause },
            'identity provider unavailable',
          );
          reply.header('retry-after', '10');
          throw new AuthRefusal('providerUnavailable');
        }
        request.log.info({ reason: error.reason }, 'provider token refused');
        challenge(reply);
        throw new AuthRefusal('invalidProviderToken');
      }
      const { userId, roles, issuedAt, authTime } = verified;
      // Issued before the person's session ended (reset, 'Sair', deletion): a stolen or stale token.
      if (tokenRevocations.refuses(userId, issuedAt)) {
        request.log.info({ reason: 'session_ended' }, 'provider token refused');
        challenge(reply);
        throw new AuthRefusal('sessionEnded');
      }
      // Entra's app roles travel in the API token; the built-in provider's come from the database.
      const { token, expiresIn } = apiTokens.issueForUser(userId, roles, { authTime });
      return { access_token: token, token_type: 'Bearer' as const, expires_in: expiresIn };
    },
  );
};
