/**
 * The oidc-provider instance and its configuration: one public client (the website: PKCE, no
 * secret, code flow with refresh tokens), JWT access tokens for the API and for the Graph-shaped
 * directory chosen from the scopes asked for, accounts from our table, storage in our database,
 * our keys, pt-BR pages, `prompt=create` for sign-up, consent implied for our own client.
 */
import { BUILT_IN_PROVIDER_PATH } from '@centro/contracts/identity';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import Provider, {
  errors,
  interactionPolicy,
  type Client,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Database } from '../../db/schema.js';
import { IDP_TTL } from '../constants.js';
import type { ProviderKeys } from '../keys.js';
import { accountClaims, type AccountStore } from '../store/accounts.js';
import { kyselyAdapterFactory } from '../store/adapter.js';
import type { SiteIdentity } from '../views/layout.js';
import type { IdpCsp } from '../views/page-csp.js';
import { libraryPages } from './library-pages.js';
import { withLoopbackTwins } from './loopback.js';
import {
  EMBEDDED_RESOURCES,
  chooseResource,
  findResource,
  resourcesForScope,
  shortScopes,
} from './resources.js';

export interface ProviderClient {
  clientId: string;
  clientName: string;
  redirectUris: readonly string[];
  postLogoutRedirectUris: readonly string[];
}

export interface CreateProviderOptions {
  /** `${SITE_URL}/idp`. */
  issuer: string;
  client: ProviderClient;
  keys: ProviderKeys;
  db: Kysely<Database>;
  accounts: AccountStore;
  site: SiteIdentity;
  csp: IdpCsp;
  log: FastifyBaseLogger;
}

/** Prompts the website may ask for; `create` opens the sign-up page. */
export const SUPPORTED_PROMPTS = ['none', 'login', 'consent', 'create'] as const;

function interactionPolicyWithCreate() {
  const policy = interactionPolicy.base();
  // Requestable: `prompt=create` (OpenID Connect "Initiating User Registration") shows the sign-up
  // page. First, so it wins over `login` when there is no session yet.
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  return policy;
}

/** Origins of a list of URLs (for CORS and form-action). */
export function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/**
 * Our own client needs no consent screen: the grant covers every scope the request asks for that
 * the provider knows (OIDC scopes and the resources' scopes). Another client would keep the
 * library's behaviour (none is registered).
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC, firstPartyClientId: string) {
  const { oidc } = ctx;
  const client = oidc.client;
  const account = oidc.account;
  if (!client || !account || !oidc.session) return undefined;
  const grantId =
    (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
    oidc.session.grantIdFor(client.clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (client.clientId !== firstPartyClientId) return grant;
  if (grant && grant.accountId !== account.accountId) grant = undefined;
  grant ??= new oidc.provider.Grant({ accountId: account.accountId, clientId: client.clientId });
  const oidcScopes = [...oidc.requestParamOIDCScopes];
  if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '));
  const asked = oidc.requestParamScopes;
  for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
    const scopes = [...asked].filter((scope) => resourceServer.scopes.has(scope));
    if (scopes.length > 0) grant.addResourceScope(indicator, scopes.join(' '));
  }
  await grant.save();
  return grant;
}

export function createProvider(options: CreateProviderOptions): Provider {
  const { client, site, csp, log } = options;
  const pages = libraryPages(site, csp);
  // A loopback address counts under its three names (loopback.ts); any other only as written.
  const redirectUris = withLoopbackTwins(client.redirectUris);
  const corsOrigins = new Set(originsOf(redirectUris));

  const clientMetadata: ClientMetadata = {
    client_id: client.clientId,
    client_name: client.clientName,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: redirectUris,
    post_logout_redirect_uris: withLoopbackTwins(client.postLogoutRedirectUris),
    id_token_signed_response_alg: 'RS256',
  };

  const configuration: Configuration = {
    adapter: kyselyAdapterFactory(options.db),
    clients: [clientMetadata],
    clientAuthMethods: ['none'],
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub', 'oid'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // ID tokens carry the profile claims too: MSAL builds its account (name, username) from them.
    conformIdTokenClaims: false,
    jwks: options.keys.privateJwks,
    cookies: {
      keys: options.keys.cookieKeys,
      names: {
        session: 'idp_session',
        interaction: 'idp_interaction',
        resume: 'idp_interaction_resume',
      },
      long: { httpOnly: true, sameSite: 'lax', path: BUILT_IN_PROVIDER_PATH },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256', 'ES256'],
      userinfoSigningAlgValues: ['RS256', 'ES256'],
    },
    discovery: {
      ui_locales_supported: ['pt-BR'],
      claims_locales_supported: ['pt-BR'],
      op_policy_uri: new URL('/privacidade', options.issuer).href,
      // OpenID Connect "Initiating User Registration": the provider supports prompt=create.
      prompt_values_supported: [...SUPPORTED_PROMPTS],
    },
    async findAccount(_ctx, sub) {
      const account = await options.accounts.findById(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account) };
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        // MSAL sends scopes, not `resource`: the resources are the ones whose scopes are asked
        // for; at the token endpoint, the one whose scopes the request names.
        defaultResource(ctx, _client, oneOf) {
          const scope =
            ctx.oidc.params?.scope ?? (ctx.oidc.body as { scope?: unknown } | undefined)?.scope;
          if (oneOf) return chooseResource(oneOf, scope);
          const indicators = resourcesForScope(scope);
          return indicators.length > 1 ? indicators : indicators[0];
        },
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator, requester: Client) {
          const resource = findResource(indicator, EMBEDDED_RESOURCES);
          if (!resource || requester.clientId !== client.clientId) throw new errors.InvalidTarget();
          return {
            scope: resource.scopes.join(' '),
            audience: resource.indicator,
            accessTokenFormat: 'jwt',
            accessTokenTTL: IDP_TTL.accessToken,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: {
      policy: interactionPolicyWithCreate(),
      url: (_ctx, interaction) =>
        `${BUILT_IN_PROVIDER_PATH}/interaction/${encodeURIComponent(interaction.uid)}`,
    },
    loadExistingGrant: (ctx) => loadExistingGrant(ctx, client.clientId),
    // Refresh tokens without `offline_access` (which the library drops unless prompt=consent),
    // so MSAL renews tokens silently; they end with the session (sign-out revokes them).
    issueRefreshToken: (_ctx, requester) => requester.grantTypeAllowed('refresh_token'),
    expiresWithSession: () => true,
    async extraTokenClaims(ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const audience = token.resourceServer?.audience;
      // When the person signed in: the API asks for a recent one before deleting the account
      // (decision 047). The code's or the refresh token's, which keep the session's.
      const { AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
      const authTime = code?.authTime ?? refresh?.authTime;
      return {
        oid: token.accountId,
        ...(typeof authTime === 'number' ? { auth_time: authTime } : undefined),
        ...(audience && token.scope ? { scp: shortScopes(token.scope, audience) } : undefined),
      };
    },
    // Same-origin fetches to /idp/token carry an Origin header: only the website's origin.
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    renderError: pages.renderError,
    ttl: {
      AccessToken: IDP_TTL.accessToken,
      AuthorizationCode: IDP_TTL.authorizationCode,
      IdToken: IDP_TTL.idToken,
      Interaction: IDP_TTL.interaction,
      Session: IDP_TTL.session,
      Grant: IDP_TTL.grant,
      RefreshToken(ctx, _token, requester) {
        // A rotated refresh token keeps the lifetime left to the one it replaces.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && requester.clientAuthMethod === 'none') return rotated.remainingTTL;
        return IDP_TTL.refreshToken;
      },
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // The Fastify mount hands the provider the public origin and the client address it computed
  // (see mount.ts), in X-Forwarded-* headers it sets itself.
  provider.proxy = true;
  pages.attach(provider);

  // Koa's 'error' and the provider's events (the typings list only some of them).
  const events = provider as unknown as NodeJS.EventEmitter;
  events.on('error', (error: unknown) => log.error({ err: error }, 'identity provider error'));
  events.on('server_error', (_ctx: unknown, error: unknown) =>
    log.error({ err: error }, 'identity provider error'),
  );
  for (const event of [
    'authorization.error',
    'grant.error',
    'end_session.error',
    'userinfo.error',
  ]) {
    events.on(event, (_ctx: unknown, error: { error?: string; name?: string } | undefined) =>
      log.info(
        { event, error: error?.error ?? error?.name },
        'identity provider refused a request',
      ),
    );
  }
  return provider;
}
