/**
 * A local stand-in for Microsoft Entra ID's token-signing side, on 127.0.0.1 (node:http), for
 * contract tests of the token verifier:
 * - `GET /{tid}/v2.0/.well-known/openid-configuration`: the tenant's discovery document, shaped like
 *   Entra's (issuer `https://login.microsoftonline.com/{tid}/v2.0`, `jwks_uri` on this server);
 * - `GET /{tid}/discovery/v2.0/keys` and `GET /discovery/v2.0/keys`: RSA signing keys with `kid`
 *   and `x5t` (Entra's keys are shared by every tenant);
 * - `mint()`: v2 access tokens as Entra issues them for an API (`typ: JWT`, `alg: RS256`, `kid`;
 *   `aud` = the API's client id, `iss`, `tid`, `oid`, `sub`, `scp`, `ver: "2.0"`, `azp`, times),
 *   with any header, claim or key changed to forge the tokens Entra would never issue for us.
 * `outage()` makes every answer a 503; `delay()` slows every answer down.
 *
 * With `tls` (a certificate for `*.ciamlogin.com`, `login.microsoftonline.com` and
 * `graph.microsoft.com`, which the browser's or Node's host mapping sends here) it is also the
 * tenant a single-page application signs in with, as MSAL in the browser meets it:
 * - `GET /{tid}/oauth2/v2.0/authorize`: the authorization code request (PKCE S256 required,
 *   `redirect_uri` must be a registered SPA redirect URI), answered with a sign-in page whose form
 *   takes an e-mail, then a redirect to `redirect_uri` with `code`, `state` and `client_info` in the
 *   response mode asked for (fragment or query);
 * - `POST /{tid}/oauth2/v2.0/token`: `authorization_code` (with `code_verifier`) and `refresh_token`
 *   grants, cross-origin only (AADSTS9002327 otherwise, as for any SPA), answering an access token
 *   for the resource of the scopes asked (Microsoft Graph, or the API's `access_as_user`), an ID
 *   token with the request's nonce, a refresh token and `client_info`;
 * - `GET /{tid}/oauth2/v2.0/logout`: with a `logout_hint` naming a signed-in person (the ID token's
 *   `login_hint` claim, present when the registration adds that optional claim), straight back to a
 *   registered `post_logout_redirect_uri`; without one, Entra's account picker first ('Escolha uma
 *   conta');
 * - refresh tokens of the SPA live 24 hours (AADSTS700084 after), on a clock tests can move
 *   (`advanceClock`); access tokens for the API carry the person's app `roles`;
 * - `GET /v1.0/me` (as graph.microsoft.com): the signed-in person, for a Graph token it issued.
 * Discovery, keys and the token endpoint answer with CORS headers, as Entra's do.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

export const MICROSOFT_AUTHORITY = 'https://login.microsoftonline.com';
/** The `aud` of Microsoft Graph's tokens (its application id). */
export const GRAPH_AUDIENCE = '00000003-0000-0000-c000-000000000000';

export interface StandInKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** The public key as PEM (SPKI): what an attacker would use as an HMAC secret. */
  publicPem: string;
}

export interface StandInPerson {
  oid: string;
  email: string;
  name: string;
  /** App roles assigned to the person on the API's registration (the API token's `roles`). */
  roles?: string[];
}

export interface MintOptions {
  /** Claims to add or replace; a value of `undefined` removes the claim. */
  claims?: Record<string, unknown>;
  /** Header parameters to add or replace (`alg` stays RS256 unless signing differently). */
  header?: Record<string, unknown>;
  /** Sign with this key instead of the published one. */
  key?: StandInKey;
}

export interface EntraStandIn {
  /** `http://127.0.0.1:<port>`: the authority host to configure (ENTRA_AUTHORITY_HOST). */
  origin: string;
  tenantId: string;
  /** `https://login.microsoftonline.com/{tid}/v2.0` (External ID: `https://{tid}.ciamlogin.com/{tid}/v2.0`). */
  issuer: string;
  /** The API's application (client) id: `aud` of its v2 access tokens. */
  apiClientId: string;
  /** The SPA's client id: `azp`. */
  spaClientId: string;
  /** The published signing key. */
  key: StandInKey;
  /** Paths requested so far. */
  readonly requests: readonly string[];
  /** The SPA registration's redirect URIs (sign-in and post-logout addresses). */
  readonly redirectUris: Set<string>;
  /** People who signed in, by e-mail (each gets an `oid` at first sign-in). */
  readonly people: Map<string, StandInPerson>;
  /** Called when someone signs in for the first time (the user flow creates the account). */
  onSignUp?: (person: StandInPerson) => void;
  /**
   * Moves the clock refresh tokens are judged by (ms): a SPA's refresh token expires 24 hours after
   * it was issued, whatever it is used for.
   */
  advanceClock(ms: number): void;
  /** The default claims of a token for this API (fresh times; a new person unless `oid` given). */
  claims(overrides?: Record<string, unknown>): JWTPayload;
  /** An Entra-shaped v2 access token. */
  mint(options?: MintOptions): Promise<string>;
  /** A key that is not published (for "signed by an unknown key"). */
  newKey(): Promise<StandInKey>;
  /** Publish this key too (key rotation). */
  publish(key: StandInKey): void;
  /** Answer 503 to everything until `outage(false)`. */
  outage(on?: boolean): void;
  /** Hold every answer this long (milliseconds). */
  delay(ms: number): void;
  close(): Promise<void>;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function createKey(): Promise<StandInKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const publicPem = await exportSPKI(publicKey);
  const der = Buffer.from(publicPem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  // Entra's kid is the certificate's SHA-1 thumbprint, also given as x5t.
  const x5t = createHash('sha1').update(der).digest('base64url');
  return {
    kid: x5t,
    privateKey,
    publicPem,
    // Entra's keys also carry `issuer` (with a {tenantid} placeholder) and usually x5c.
    publicJwk: {
      kty: 'RSA',
      use: 'sig',
      kid: x5t,
      x5t,
      n: jwk.n,
      e: jwk.e,
      issuer: `${MICROSOFT_AUTHORITY}/{tenantid}/v2.0`,
    } as JWK,
  };
}

export async function startEntraStandIn(
  options: {
    tenantId?: string;
    apiClientId?: string;
    /**
     * `workforce` (default): endpoints and issuer on login.microsoftonline.com. `ciam`: an External
     * ID tenant, whose discovery names `https://{tid}.ciamlogin.com/{tid}/v2.0` as the issuer and
     * endpoints on that host, whatever subdomain was asked.
     */
    kind?: 'workforce' | 'ciam';
    /** The tenant's domains (e.g. `centro.onmicrosoft.com`), known to discovery besides its id. */
    domains?: string[];
    /** Serve https with this certificate, and the browser's side of sign-in (see above). */
    tls?: { cert: string; key: string };
    /** The SPA registration's client id (default: a new GUID). */
    spaClientId?: string;
    /**
     * Whether the SPA registration adds the `login_hint` optional claim to its ID tokens (default
     * true, as docs/production-entra.md says): what 'Sair' sends back as `logout_hint`.
     */
    loginHintClaim?: boolean;
  } = {},
): Promise<EntraStandIn> {
  const tenantId = options.tenantId ?? randomUUID();
  const apiClientId = options.apiClientId ?? randomUUID();
  const spaClientId = options.spaClientId ?? randomUUID();
  const authority =
    options.kind === 'ciam' ? `https://${tenantId}.ciamlogin.com` : MICROSOFT_AUTHORITY;
  const issuer = `${authority}/${tenantId}/v2.0`;
  const key = await createKey();
  const published: StandInKey[] = [key];
  const requests: string[] = [];
  // The tenant is known by its id and by its domains (External ID: <subdomain>.onmicrosoft.com);
  // whichever names it, discovery answers with the id-based issuer and endpoints.
  const domains = (options.domains ?? []).map((d) => d.toLowerCase());
  const isTenant = (name: string) =>
    name.toLowerCase() === tenantId.toLowerCase() || domains.includes(name.toLowerCase());
  let down = false;
  let delayMs = 0;

  let origin = '';
  const json = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      // Discovery and keys are read cross-origin by MSAL in the browser.
      'access-control-allow-origin': '*',
      ...headers,
    });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    requests.push(path);
    if (down) {
      json(res, 503, { error: 'temporarily_unavailable' });
      return;
    }
    const discovery = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(path);
    if (req.method === 'GET' && discovery && !isTenant(discovery[1] ?? '')) {
      // Entra's answer for a tenant id or domain it does not know.
      json(res, 400, {
        error: 'invalid_tenant',
        error_description: `AADSTS90002: Tenant '${discovery[1]}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
        error_codes: [90002],
      });
      return;
    }
    if (req.method === 'GET' && discovery) {
      json(res, 200, {
        token_endpoint: `${authority}/${tenantId}/oauth2/v2.0/token`,
        token_endpoint_auth_methods_supported: [
          'client_secret_post',
          'private_key_jwt',
          'client_secret_basic',
        ],
        jwks_uri: `${options.tls ? authority : origin}/${tenantId}/discovery/v2.0/keys`,
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        issuer,
        request_uri_parameter_supported: false,
        userinfo_endpoint: 'https://graph.microsoft.com/oidc/userinfo',
        authorization_endpoint: `${authority}/${tenantId}/oauth2/v2.0/authorize`,
        device_authorization_endpoint: `${authority}/${tenantId}/oauth2/v2.0/devicecode`,
        http_logout_supported: true,
        frontchannel_logout_supported: true,
        end_session_endpoint: `${authority}/${tenantId}/oauth2/v2.0/logout`,
        claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'oid', 'tid', 'ver'],
        kerberos_endpoint: `${MICROSOFT_AUTHORITY}/${tenantId}/kerberos`,
        tenant_region_scope: 'SA',
        cloud_instance_name: 'microsoftonline.com',
        cloud_graph_host_name: 'graph.windows.net',
        msgraph_host: 'graph.microsoft.com',
        rbac_url: 'https://pas.windows.net',
      });
      return;
    }
    if (
      req.method === 'GET' &&
      (path === `/${tenantId}/discovery/v2.0/keys` || path === '/discovery/v2.0/keys')
    ) {
      json(res, 200, { keys: published.map((k) => k.publicJwk) });
      return;
    }
    json(res, 404, {
      error: 'invalid_request',
      error_description: 'AADSTS90002: The requested endpoint was not found.',
    });
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const answer = () => {
      if (browserSide && browser(req, res)) return;
      handle(req, res);
    };
    if (delayMs > 0) setTimeout(answer, delayMs).unref();
    else answer();
  };
  const server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, listener)
    : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  const claims = (overrides: Record<string, unknown> = {}): JWTPayload => {
    const now = Math.floor(Date.now() / 1000);
    const oid = randomUUID();
    const base: Record<string, unknown> = {
      aud: apiClientId,
      iss: issuer,
      iat: now - 5,
      nbf: now - 5,
      exp: now + 3900,
      aio: b64url(randomUUID()),
      azp: spaClientId,
      azpacr: '0',
      name: 'Maria da Silva',
      oid,
      preferred_username: 'maria@example.org',
      rh: '0.AAAA.',
      scp: 'access_as_user',
      sub: b64url(createHash('sha256').update(oid).digest()).slice(0, 43),
      tid: tenantId,
      uti: b64url(randomUUID()).slice(0, 22),
      ver: '2.0',
    };
    return Object.fromEntries(
      Object.entries({ ...base, ...overrides }).filter(([, value]) => value !== undefined),
    ) as JWTPayload;
  };

  // ---- the browser's side of sign-in (with tls) ---------------------------------------------

  const redirectUris = new Set<string>();
  const people = new Map<string, StandInPerson>();
  /** Pending authorization requests (sign-in page → form), codes, refresh tokens, Graph tokens. */
  const pending = new Map<string, URLSearchParams>();
  const codes = new Map<string, { person: StandInPerson; request: URLSearchParams }>();
  const refreshTokens = new Map<string, { person: StandInPerson; expiresAt: number }>();
  /** A SPA's refresh token: 24 hours, not extended by use (AADSTS700084). */
  const SPA_REFRESH_LIFETIME_MS = 24 * 60 * 60 * 1000;
  let clockOffsetMs = 0;
  const clock = () => Date.now() + clockOffsetMs;
  /** login_hint claim value → person (Entra's value is opaque; here it names the person). */
  const loginHints = new Map<string, StandInPerson>();
  const graphTokens = new Map<string, StandInPerson>();
  const OIDC_SCOPES = ['openid', 'profile', 'offline_access', 'email'];
  const apiScope = `api://${apiClientId}/access_as_user`;
  const browserSide = options.tls !== undefined;

  const oauthError = (
    res: ServerResponse,
    status: number,
    error: string,
    aadsts: number,
    text: string,
    cors: Record<string, string>,
  ) =>
    json(
      res,
      status,
      { error, error_description: `AADSTS${aadsts}: ${text}`, error_codes: [aadsts] },
      cors,
    );

  const readForm = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };

  /** Reads the form body, then answers with `handler` (a 500 if it fails). */
  const answerForm = (
    req: IncomingMessage,
    res: ServerResponse,
    handler: (form: URLSearchParams) => void | Promise<void>,
  ) => {
    readForm(req)
      .then(handler)
      .catch(() => {
        if (!res.headersSent) json(res, 500, { error: 'server_error' });
      });
  };

  const signed = (payload: JWTPayload) =>
    new SignJWT(payload)
      .setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: key.kid })
      .sign(key.privateKey);

  /** The token response for a person and the scopes asked. */
  const tokenResponse = async (
    person: StandInPerson,
    scope: string,
    nonce: string | null,
    expiresAt?: number,
  ) => {
    const scopes = scope.split(' ').filter(Boolean);
    const resource = scopes.filter((s) => !OIDC_SCOPES.includes(s));
    const forApi = resource.length > 0 && resource.every((s) => s === apiScope);
    const now = Math.floor(Date.now() / 1000);
    const personClaims = {
      oid: person.oid,
      name: person.name,
      preferred_username: person.email,
      sub: b64url(createHash('sha256').update(`${person.oid}:${spaClientId}`).digest()).slice(
        0,
        43,
      ),
    };
    const accessToken = forApi
      ? await signed(
          claims({
            ...personClaims,
            azp: spaClientId,
            scp: 'access_as_user',
            ...(person.roles?.length ? { roles: person.roles } : {}),
          }),
        )
      : await signed(
          claims({
            ...personClaims,
            aud: GRAPH_AUDIENCE,
            iss: `https://sts.windows.net/${tenantId}/`,
            scp: 'openid profile email User.Read',
            ver: '1.0',
          }),
        );
    if (!forApi) graphTokens.set(accessToken, person);
    const loginHint = b64url(`O.${person.oid}`);
    loginHints.set(loginHint, person);
    const idToken = await signed({
      aud: spaClientId,
      iss: issuer,
      iat: now,
      nbf: now,
      exp: now + 3600,
      ...personClaims,
      ...(nonce ? { nonce } : {}),
      ...(options.loginHintClaim === false ? {} : { login_hint: loginHint }),
      tid: tenantId,
      ver: '2.0',
    });
    const refreshToken = b64url(randomUUID() + randomUUID());
    // A refreshed grant keeps the first one's end: a SPA's session lasts 24 hours in all.
    refreshTokens.set(refreshToken, {
      person,
      expiresAt: expiresAt ?? clock() + SPA_REFRESH_LIFETIME_MS,
    });
    return {
      token_type: 'Bearer',
      scope: [
        ...resource,
        ...scopes.filter((s) => s === 'openid' || s === 'profile' || s === 'email'),
      ].join(' '),
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: accessToken,
      refresh_token: refreshToken,
      id_token: idToken,
      client_info: b64url(JSON.stringify({ uid: person.oid, utid: tenantId })),
    };
  };

  const page = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Entrar</title>${body}</html>`,
    );
  };

  const redirectBack = (
    res: ServerResponse,
    request: URLSearchParams,
    values: Record<string, string>,
  ) => {
    const answer = new URLSearchParams({ ...values, state: request.get('state') ?? '' }).toString();
    const target = new URL(request.get('redirect_uri') ?? '');
    if (request.get('response_mode') === 'query') target.search = answer;
    else target.hash = answer;
    res.writeHead(302, { location: target.href });
    res.end();
  };

  /** Answers the browser's side; false when the request is the verifier's side (`handle`). */
  const browser = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'https://stand-in');
    const path = url.pathname;
    const host = (req.headers.host ?? '').split(':')[0] ?? '';
    const requestOrigin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const cors: Record<string, string> = requestOrigin
      ? { 'access-control-allow-origin': requestOrigin, vary: 'Origin' }
      : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '600',
      });
      res.end();
      return true;
    }
    if (host === 'graph.microsoft.com') {
      requests.push(path);
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const person = bearer ? graphTokens.get(bearer) : undefined;
      if (req.method === 'GET' && path === '/v1.0/me' && person) {
        json(
          res,
          200,
          {
            '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users/$entity',
            id: person.oid,
            displayName: person.name,
            mail: person.email,
            mobilePhone: null,
            userPrincipalName: `${person.oid}@${tenantId}.onmicrosoft.com`,
          },
          cors,
        );
      } else {
        json(
          res,
          401,
          {
            error: {
              code: 'InvalidAuthenticationToken',
              message: 'Access token validation failure.',
            },
          },
          cors,
        );
      }
      return true;
    }
    const endpoint = /^\/([^/]+)\/oauth2\/v2\.0\/(authorize|token|logout)$/.exec(path);
    if (!endpoint || !isTenant(endpoint[1] ?? '')) return false;
    requests.push(path);
    if (endpoint[2] === 'authorize' && req.method === 'GET') {
      const request = url.searchParams;
      if (request.get('client_id') !== spaClientId) {
        page(
          res,
          400,
          `<p>AADSTS700016: Application with identifier '${escapeHtml(request.get('client_id') ?? '')}' was not found in the directory.</p>`,
        );
      } else if (!redirectUris.has(request.get('redirect_uri') ?? '')) {
        page(
          res,
          400,
          `<p>AADSTS50011: The redirect URI '${escapeHtml(request.get('redirect_uri') ?? '')}' specified in the request does not match the redirect URIs configured for the application.</p>`,
        );
      } else if (
        request.get('response_type') !== 'code' ||
        request.get('code_challenge_method') !== 'S256' ||
        !request.get('code_challenge')
      ) {
        redirectBack(res, request, {
          error: 'invalid_request',
          error_description:
            'AADSTS9002325: Proof Key for Code Exchange is required for cross-origin authorization code redemption.',
        });
      } else {
        const id = randomUUID();
        pending.set(id, request);
        const heading = request.get('prompt') === 'create' ? 'Criar conta' : 'Entrar';
        page(
          res,
          200,
          `<h1>${heading}</h1><form method="post" action="${path}"><input type="hidden" name="request" value="${id}"><label>E-mail <input name="email" type="email" required></label><label>Nome <input name="name"></label><button>Continuar</button></form>`,
        );
      }
      return true;
    }
    if (endpoint[2] === 'authorize' && req.method === 'POST') {
      answerForm(req, res, (form) => {
        const request = pending.get(form.get('request') ?? '');
        const email = (form.get('email') ?? '').trim().toLowerCase();
        if (!request || !email) {
          page(res, 400, '<p>AADSTS90014: The request is missing a required field.</p>');
          return;
        }
        pending.delete(form.get('request') ?? '');
        let person = people.get(email);
        if (!person) {
          person = { oid: randomUUID(), email, name: form.get('name') || email };
          people.set(email, person);
          standIn.onSignUp?.(person);
        }
        const code = b64url(randomUUID() + randomUUID());
        codes.set(code, { person, request });
        redirectBack(res, request, {
          code,
          client_info: b64url(JSON.stringify({ uid: person.oid, utid: tenantId })),
          session_state: randomUUID(),
        });
      });
      return true;
    }
    if (endpoint[2] === 'token' && req.method === 'POST') {
      answerForm(req, res, async (form) => {
        if (!requestOrigin) {
          oauthError(
            res,
            400,
            'invalid_request',
            9002327,
            "Tokens issued for the 'Single-Page Application' client-type may only be redeemed via cross-origin requests.",
            cors,
          );
          return;
        }
        if (form.get('client_id') !== spaClientId) {
          oauthError(
            res,
            400,
            'unauthorized_client',
            700016,
            'Application not found in the directory.',
            cors,
          );
          return;
        }
        const scope = form.get('scope') ?? '';
        if (form.get('grant_type') === 'authorization_code') {
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const challenge = createHash('sha256')
            .update(form.get('code_verifier') ?? '')
            .digest('base64url');
          if (!grant || grant.request.get('redirect_uri') !== form.get('redirect_uri')) {
            oauthError(
              res,
              400,
              'invalid_grant',
              70000,
              'The provided authorization code is invalid or expired.',
              cors,
            );
          } else if (challenge !== grant.request.get('code_challenge')) {
            oauthError(
              res,
              400,
              'invalid_grant',
              501481,
              'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
              cors,
            );
          } else {
            json(
              res,
              200,
              await tokenResponse(grant.person, scope, grant.request.get('nonce')),
              cors,
            );
          }
          return;
        }
        if (form.get('grant_type') === 'refresh_token') {
          const grant = refreshTokens.get(form.get('refresh_token') ?? '');
          if (grant && grant.expiresAt <= clock()) {
            oauthError(
              res,
              400,
              'invalid_grant',
              700084,
              'The refresh token was issued to a single page app (SPA), and therefore has a fixed, limited lifetime of 1.00:00:00, which cannot be extended. It is now expired and a new sign in request must be sent by the SPA to the sign in page.',
              cors,
            );
          } else if (!grant) {
            oauthError(
              res,
              400,
              'invalid_grant',
              700082,
              'The refresh token has expired or is invalid.',
              cors,
            );
          } else {
            json(res, 200, await tokenResponse(grant.person, scope, null, grant.expiresAt), cors);
          }
          return;
        }
        oauthError(
          res,
          400,
          'unsupported_grant_type',
          70003,
          'The app requested an unsupported grant type.',
          cors,
        );
      });
      return true;
    }
    if (endpoint[2] === 'logout') {
      const target = url.searchParams.get('post_logout_redirect_uri');
      const hinted = loginHints.get(url.searchParams.get('logout_hint') ?? '');
      const back = target && redirectUris.has(target) ? target : null;
      if (back && hinted) {
        res.writeHead(302, { location: back });
        res.end();
      } else if (back) {
        // No (known) logout_hint: Entra asks which account to sign out of.
        const accounts = [...people.values()]
          .map((p) => `<li><a href="${escapeHtml(back)}">${escapeHtml(p.email)}</a></li>`)
          .join('');
        page(
          res,
          200,
          `<h1>Escolha uma conta</h1><p>De qual conta você deseja sair?</p><ul>${accounts}</ul>`,
        );
      } else {
        page(res, 200, '<p>Você saiu da sua conta.</p>');
      }
      return true;
    }
    return false;
  };

  const standIn: EntraStandIn = {
    origin,
    tenantId,
    issuer,
    apiClientId,
    spaClientId,
    key,
    requests,
    claims,
    async mint(mintOptions = {}) {
      const signer = mintOptions.key ?? key;
      return new SignJWT(claims(mintOptions.claims))
        .setProtectedHeader({
          typ: 'JWT',
          alg: 'RS256',
          kid: signer.kid,
          ...mintOptions.header,
        } as { alg: string })
        .sign(signer.privateKey);
    },
    newKey: createKey,
    publish(extra) {
      published.push(extra);
    },
    outage(on = true) {
      down = on;
    },
    delay(ms) {
      delayMs = ms;
    },
    redirectUris,
    people,
    advanceClock(ms) {
      clockOffsetMs += ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return standIn;
}

/** An unsigned token (`alg: none`) with these claims. */
export function unsignedToken(claims: JWTPayload, header: Record<string, unknown> = {}): string {
  return `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT', ...header }))}.${b64url(JSON.stringify(claims))}.`;
}

/** A token signed with HS256 using `secret` (e.g. the provider's public key as text). */
export async function hmacToken(
  claims: JWTPayload,
  secret: string | Uint8Array,
  header: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header } as { alg: string })
    .sign(typeof secret === 'string' ? new TextEncoder().encode(secret) : secret);
}
