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
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
  } = {},
): Promise<EntraStandIn> {
  const tenantId = options.tenantId ?? randomUUID();
  const apiClientId = options.apiClientId ?? randomUUID();
  const spaClientId = randomUUID();
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
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
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
        jwks_uri: `${origin}/${tenantId}/discovery/v2.0/keys`,
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

  const server = createServer((req, res) => {
    if (delayMs > 0) setTimeout(() => handle(req, res), delayMs).unref();
    else handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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

  return {
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
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
