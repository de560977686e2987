/**
 * GET /api/auth/get-token, and the guard every user and group route uses.
 *
 * - Without `Authorization`: an anonymous API token (grants nothing on user or group endpoints).
 * - With `Authorization: Bearer <the identity provider's access token for this API>`: validated
 *   (provider-token-verifier.ts), then an API token bound to that person's directory id.
 * - Anything else: 401 `invalid_token` (503 when the provider's keys cannot be obtained).
 *
 * The answer is never stored by a cache. No provider, Graph or app credential is ever sent.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema, getTokenResponseSchema, type GetTokenResponse } from '@centro/contracts';
import { ApiTokenError, type ApiTokens } from '../../../auth/api-tokens.js';
import {
  ProviderTokenError,
  type ProviderTokenVerifier,
} from '../../../auth/provider-token-verifier.js';
import { HttpError } from '../../../plugins/error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's API tokens (decorated by buildApp; used by requirePerson). */
    apiTokens: ApiTokens;
  }
}

/** Codes and pt-BR messages of the authentication refusals. */
export const authErrors = {
  /** get-token: the provider's token was refused. */
  invalidProviderToken: {
    status: 401,
    code: 'invalid_token',
    message: 'Não foi possível confirmar o seu acesso. Entre novamente.',
  },
  /** get-token: the provider's keys could not be obtained. */
  providerUnavailable: {
    status: 503,
    code: 'identity_provider_unavailable',
    message: 'O serviço de acesso está indisponível no momento. Tente novamente em instantes.',
  },
  /** A user or group call with an anonymous token. */
  signInRequired: {
    status: 401,
    code: 'unauthorized',
    message: 'É preciso entrar para continuar.',
  },
  /** A user or group call with an expired token. */
  expiredToken: {
    status: 401,
    code: 'invalid_token',
    message: 'Sua sessão expirou. Entre novamente.',
  },
  /** A user or group call with a malformed, tampered or foreign token. */
  invalidToken: {
    status: 401,
    code: 'invalid_token',
    message: 'Sessão inválida. Entre novamente.',
  },
  /** A user or group call about someone else. */
  otherPerson: {
    status: 403,
    code: 'forbidden',
    message: 'Você só pode acessar e alterar os seus próprios dados.',
  },
} as const;

type AuthErrorName = keyof typeof authErrors;

function refusal(name: AuthErrorName, cause?: unknown): HttpError {
  const { status, code, message } = authErrors[name];
  return new HttpError(status, code, message, cause === undefined ? undefined : { cause });
}

/**
 * The person a user or group call may act for: the token must be a valid API token bound to a
 * person, and `claimedId` (the id or user in the body) must be that person.
 * Synchronous and cheap (no I/O): safe on the hot path.
 * @throws HttpError 401 (anonymous, expired, tampered, malformed) or 403 (someone else's id).
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
      throw refusal(error.reason === 'expired' ? 'expiredToken' : 'invalidToken');
    }
    throw error;
  }
  if (subject.kind !== 'user') throw refusal('signInRequired');
  if (claimedId !== subject.userId) throw refusal('otherPerson');
  return subject.userId;
}

/**
 * `authenticatePerson` with the app's API tokens, for route handlers:
 * `const userId = requirePerson(request, body.token, body.id);`
 */
export function requirePerson(request: FastifyRequest, token: unknown, claimedId: unknown): string {
  return authenticatePerson(request.server.apiTokens, token, claimedId);
}

/** `Bearer <b64token>` (RFC 6750 section 2.1), or null when the header is anything else. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export interface AuthRoutesOptions {
  apiTokens: ApiTokens;
  verifyProviderToken: ProviderTokenVerifier;
}

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7' });
  return rest;
};

function challenge(reply: FastifyReply) {
  reply.header('www-authenticate', 'Bearer error="invalid_token"');
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, options) => {
  const { apiTokens, verifyProviderToken } = options;
  const errorBody = jsonSchema(apiErrorSchema);

  app.get(
    '/api/auth/get-token',
    {
      schema: {
        response: {
          200: jsonSchema(getTokenResponseSchema),
          401: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply): Promise<GetTokenResponse> => {
      reply.header('cache-control', 'no-store');
      const authorization = request.headers.authorization;
      if (authorization === undefined) {
        const { token, expiresIn } = apiTokens.issueAnonymous();
        return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
      }

      const match = BEARER.exec(authorization);
      if (!match?.[1]) {
        challenge(reply);
        request.log.info({ reason: 'malformed_authorization' }, 'provider token refused');
        throw refusal('invalidProviderToken');
      }
      let userId: string;
      try {
        ({ userId } = await verifyProviderToken(match[1]));
      } catch (error) {
        if (!(error instanceof ProviderTokenError)) throw error;
        if (error.unavailable) {
          // The cause names the URL that failed; it never holds the token or its claims.
          request.log.warn(
            { reason: error.reason, err: error.cause },
            'identity provider unavailable',
          );
          reply.header('retry-after', '10');
          throw refusal('providerUnavailable');
        }
        request.log.info({ reason: error.reason }, 'provider token refused');
        challenge(reply);
        throw refusal('invalidProviderToken');
      }
      const { token, expiresIn } = apiTokens.issueForUser(userId);
      return { access_token: token, token_type: 'Bearer', expires_in: expiresIn };
    },
  );
};
