/**
 * `GET /v1.0/me`: the embedded "graph host". With a Bearer access token of the built-in provider for
 * the Graph-shaped resource (scope User.Read or User.ReadWrite.All, audience
 * EMBEDDED_GRAPH_AUDIENCE), answers the person as Microsoft Graph would (graphMeSchema); anything
 * else is a 401 `{error, message}`, answered here (the provider needs nothing of the API's error
 * handler). Tokens for the API are refused here, as Graph refuses them.
 * Nothing under /v1.0 takes a body: no content type is parsed there (415), so a large JSON body
 * sent to any /v1.0 path costs nothing before it is refused.
 */
import { graphMeSchema, type ApiError } from '@centro/contracts';
import { ErrorCode } from '@centro/contracts/error-codes';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { graphMe, type AccountStore } from '../store/accounts.js';
import type { IdpAccessTokenError, VerifiedIdpAccessToken } from '../provider/access-tokens.js';

export interface GraphMeOptions {
  verify: (token: string) => Promise<VerifiedIdpAccessToken>;
  accounts: AccountStore;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** The two refusals of `/v1.0/me`: no usable Authorization header, or a token not good here. */
const GRAPH_REFUSALS = {
  invalid_request: {
    challenge: 'Bearer realm="graph"',
    body: { error: ErrorCode.Unauthorized, message: 'É preciso entrar para continuar.' },
  },
  invalid_token: {
    challenge: 'Bearer realm="graph", error="invalid_token"',
    body: {
      error: ErrorCode.InvalidToken,
      message: 'Acesso expirado ou inválido. Entre novamente.',
    },
  },
} satisfies Record<string, { challenge: string; body: ApiError }>;

/** Answers a 401 as the API words its refusals (`{error, message}`), with Graph's challenge. */
function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: keyof typeof GRAPH_REFUSALS,
) {
  const { challenge, body } = GRAPH_REFUSALS[refusal];
  request.log.info({ statusCode: 401, error: body.error }, 'request refused');
  return reply
    .header('www-authenticate', challenge)
    .code(401)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

export const graphMeRoutes: FastifyPluginAsync<GraphMeOptions> = async (
  app,
  { verify, accounts },
) => {
  app.removeAllContentTypeParsers();
  // Other /v1.0 paths and methods: the server's 404, after this context's (absent) body parsers.
  app.all('/v1.0/*', (_request, reply) => reply.callNotFound());

  app.get('/v1.0/me', async (request, reply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return refuse(request, reply, 'invalid_request');
    let verified: VerifiedIdpAccessToken;
    try {
      verified = await verify(match[1]);
    } catch (error) {
      request.log.info({ reason: (error as IdpAccessTokenError).reason }, '/v1.0/me token refused');
      return refuse(request, reply, 'invalid_token');
    }
    const account = await accounts.findById(verified.subject);
    if (!account) return refuse(request, reply, 'invalid_token');
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(graphMeSchema.parse(graphMe(account)));
  });
};
