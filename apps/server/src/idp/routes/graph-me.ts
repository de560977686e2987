/**
 * `GET /v1.0/me`: the embedded "graph host". With a Bearer access token of the built-in provider for
 * the Graph-shaped resource (scope User.Read or User.ReadWrite.All, audience
 * EMBEDDED_GRAPH_AUDIENCE), answers the person as Microsoft Graph would (graphMeSchema); anything
 * else is a 401 `{error, message}`. Tokens for the API are refused here, as Graph refuses them.
 * Nothing under /v1.0 takes a body: no content type is parsed there (415), so a large JSON body
 * sent to any /v1.0 path costs nothing before it is refused.
 */
import { graphMeSchema } from '@centro/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
// eslint-disable-next-line import-x/no-restricted-paths -- fixed on branch idp
import { HttpError } from '../../plugins/error-handler.js';
import { graphMe, type AccountStore } from '../store/accounts.js';
import type { IdpAccessTokenError, VerifiedIdpAccessToken } from '../provider/access-tokens.js';

export interface GraphMeOptions {
  verify: (token: string) => Promise<VerifiedIdpAccessToken>;
  accounts: AccountStore;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

function refuse(reply: FastifyReply, error: 'invalid_request' | 'invalid_token'): never {
  reply.header(
    'www-authenticate',
    error === 'invalid_request'
      ? 'Bearer realm="graph"'
      : 'Bearer realm="graph", error="invalid_token"',
  );
  throw error === 'invalid_request'
    ? new HttpError(401, 'unauthorized', 'É preciso entrar para continuar.')
    : new HttpError(401, 'invalid_token', 'Acesso expirado ou inválido. Entre novamente.');
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
    if (!match?.[1]) refuse(reply, 'invalid_request');
    let verified: VerifiedIdpAccessToken;
    try {
      verified = await verify(match[1]);
    } catch (error) {
      request.log.info({ reason: (error as IdpAccessTokenError).reason }, '/v1.0/me token refused');
      refuse(reply, 'invalid_token');
    }
    const account = await accounts.findById(verified.subject);
    if (!account) refuse(reply, 'invalid_token');
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(graphMeSchema.parse(graphMe(account)));
  });
};
