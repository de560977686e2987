/**
 * Contract test of the Entra ID token validation: the production verifier, configured exactly as in
 * production (IDENTITY_PROVIDER=entra, tenant, API client id, scope; the issuer kept exact) except
 * that the authority host (discovery, then jwks_uri) points at a local stand-in serving Entra-shaped
 * discovery, keys and v2 access tokens. Entra tokens for this API are accepted; all others refused.
 */
import { randomUUID } from 'node:crypto';
import { getTokenResponseSchema } from '@centro/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import {
  GRAPH_AUDIENCE,
  hmacToken,
  startEntraStandIn,
  unsignedToken,
  type EntraStandIn,
} from '../../tests/support/entra-stand-in.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../tests/support/web-root.js';
import { createProviderTokenVerifier } from './auth-services.js';
import { ProviderTokenError, type ProviderTokenFailure } from './provider-token-error.js';
import { createEntraTokenVerifier, type ProviderTokenVerifier } from './provider-token-verifier.js';

let standIn: EntraStandIn;
let verify: ProviderTokenVerifier;

/** The production configuration, with only the authority host pointed at the stand-in. */
const entraEnv = (extra: Record<string, string> = {}) => ({
  IDENTITY_PROVIDER: 'entra',
  ENTRA_TENANT_ID: standIn.tenantId,
  ENTRA_API_CLIENT_ID: standIn.apiClientId,
  ENTRA_AUTHORITY_HOST: standIn.origin,
  ENTRA_ISSUER: 'https://login.microsoftonline.com/' + standIn.tenantId + '/v2.0',
  ...extra,
});

async function refusal(
  token: string | Promise<string>,
  verifier = verify,
): Promise<ProviderTokenFailure> {
  const error = await verifier(await token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderTokenError);
  return (error as ProviderTokenError).reason;
}

beforeAll(async () => {
  standIn = await startEntraStandIn();
  verify = createProviderTokenVerifier(loadConfig(entraEnv()));
});

afterAll(async () => {
  await standIn.close();
});

describe('Entra v2 access tokens for this API', () => {
  it('are accepted, and name the person by oid', async () => {
    const oid = '9b2d7c4e-1f3a-4e5b-8c6d-7e8f9a0b1c2d';
    expect(await verify(await standIn.mint({ claims: { oid } }))).toMatchObject({
      userId: oid,
      roles: [],
    });
    // Found through the tenant's discovery document, then its jwks_uri.
    expect(standIn.requests).toContain(
      `/${standIn.tenantId}/v2.0/.well-known/openid-configuration`,
    );
    expect(standIn.requests).toContain(`/${standIn.tenantId}/discovery/v2.0/keys`);
  });

  it('are accepted with other scopes alongside the required one', async () => {
    const token = await standIn.mint({ claims: { scp: 'User.Read access_as_user openid' } });
    await expect(verify(token)).resolves.toHaveProperty('userId');
  });

  it('use the cached keys: no download per token', async () => {
    await verify(await standIn.mint());
    const before = standIn.requests.length;
    for (let i = 0; i < 5; i++) await verify(await standIn.mint());
    expect(standIn.requests.length).toBe(before);
  });
});

describe('every other token is refused', () => {
  it("another tenant's token (same Microsoft keys, its own issuer and tid)", async () => {
    const other = '0f0e0d0c-0b0a-4909-8807-060504030201';
    expect(
      await refusal(
        standIn.mint({
          claims: { iss: `https://login.microsoftonline.com/${other}/v2.0`, tid: other },
        }),
      ),
    ).toBe('issuer');
    expect(await refusal(standIn.mint({ claims: { tid: other } }))).toBe('tenant');
  });

  it('a Microsoft Graph token (another audience)', async () => {
    const graph = standIn.mint({
      claims: { aud: GRAPH_AUDIENCE, scp: 'openid profile email User.Read' },
      header: { nonce: 'bm9uY2U' },
    });
    expect(await refusal(graph)).toBe('audience');
    expect(await refusal(standIn.mint({ claims: { aud: 'https://graph.microsoft.com' } }))).toBe(
      'audience',
    );
  });

  it('an ID token (audience the SPA) and a token for api://<client id> (v1 audience)', async () => {
    // An ID token has no scp at all: refused before its audience is even looked at.
    expect(
      await refusal(standIn.mint({ claims: { aud: standIn.spaClientId, scp: undefined } })),
    ).toBe('claims');
    expect(await refusal(standIn.mint({ claims: { aud: standIn.spaClientId } }))).toBe('audience');
    expect(await refusal(standIn.mint({ claims: { aud: `api://${standIn.apiClientId}` } }))).toBe(
      'audience',
    );
  });

  it('a token without the required scope, or app-only (roles, no scp)', async () => {
    expect(await refusal(standIn.mint({ claims: { scp: 'User.Read' } }))).toBe('scope');
    expect(await refusal(standIn.mint({ claims: { scp: 'access_as_user_x' } }))).toBe('scope');
    expect(
      await refusal(
        standIn.mint({ claims: { scp: undefined, roles: ['access_as_user'], idtyp: 'app' } }),
      ),
    ).toBe('claims');
  });

  it('a v1 token (issuer https://sts.windows.net/{tid}/)', async () => {
    const v1 = standIn.mint({
      claims: {
        iss: `https://sts.windows.net/${standIn.tenantId}/`,
        aud: `api://${standIn.apiClientId}`,
        ver: '1.0',
        appid: standIn.spaClientId,
        azp: undefined,
      },
    });
    expect(await refusal(v1)).toBe('issuer');
    const v1IssuerOnly = standIn.mint({
      claims: { iss: `https://sts.windows.net/${standIn.tenantId}/` },
    });
    expect(await refusal(v1IssuerOnly)).toBe('issuer');
    expect(await refusal(standIn.mint({ claims: { ver: '1.0' } }))).toBe('claims');
  });

  it('an expired token, and one not yet valid', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(
      await refusal(standIn.mint({ claims: { iat: now - 5000, nbf: now - 5000, exp: now - 120 } })),
    ).toBe('expired');
    expect(await refusal(standIn.mint({ claims: { nbf: now + 600 } }))).toBe('not_yet_valid');
  });

  it('a token without oid, nbf or tid', async () => {
    expect(await refusal(standIn.mint({ claims: { oid: undefined } }))).toBe('claims');
    expect(await refusal(standIn.mint({ claims: { nbf: undefined } }))).toBe('claims');
    expect(await refusal(standIn.mint({ claims: { tid: undefined } }))).toBe('claims');
  });

  it('a token signed by an unknown key (with its own kid, or the published kid)', async () => {
    const rogue = await standIn.newKey();
    expect(await refusal(standIn.mint({ key: rogue }))).toBe('unknown_key');
    expect(await refusal(standIn.mint({ key: rogue, header: { kid: standIn.key.kid } }))).toBe(
      'signature',
    );
  });

  it('alg: none', async () => {
    const none = unsignedToken(standIn.claims(), { kid: standIn.key.kid });
    expect(await refusal(none)).toBe('malformed');
    expect(await refusal(`${none}AAAA`)).toBe('algorithm');
  });

  it('HS256 signed with the RSA public key', async () => {
    const header = { kid: standIn.key.kid };
    expect(await refusal(hmacToken(standIn.claims(), standIn.key.publicPem, header))).toBe(
      'algorithm',
    );
    expect(
      await refusal(hmacToken(standIn.claims(), JSON.stringify(standIn.key.publicJwk), header)),
    ).toBe('algorithm');
  });

  it('a tampered payload or signature', async () => {
    const [header, payload, signature] = (await standIn.mint()).split('.') as [
      string,
      string,
      string,
    ];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, oid: '00000000-0000-4000-8000-000000000000' }),
    ).toString('base64url');
    expect(await refusal(`${header}.${forged}.${signature}`)).toBe('signature');
    expect(await refusal(`${header}.${payload}.${signature.slice(2)}`)).toBe('signature');
  });

  it('a token not typed JWT', async () => {
    expect(await refusal(standIn.mint({ header: { typ: 'at+jwt' } }))).toBe('type');
    expect(await refusal(standIn.mint({ header: { typ: undefined } }))).toBe('type');
  });
});

describe('the keys of the tenant', () => {
  it('can be given directly (ENTRA_ISSUER and ENTRA_JWKS_URI), skipping discovery', async () => {
    const direct = createProviderTokenVerifier(
      loadConfig({
        IDENTITY_PROVIDER: 'entra',
        ENTRA_TENANT_ID: standIn.tenantId,
        ENTRA_API_CLIENT_ID: standIn.apiClientId,
        // Both given: nothing left to discover.
        ENTRA_ISSUER: standIn.issuer,
        ENTRA_JWKS_URI: `${standIn.origin}/discovery/v2.0/keys`,
      }),
    );
    const before = standIn.requests.filter((p) => p.includes('openid-configuration')).length;
    await expect(direct(await standIn.mint())).resolves.toHaveProperty('userId');
    expect(standIn.requests.filter((p) => p.includes('openid-configuration')).length).toBe(before);
  });

  it('follow a rotation: a newly published key is fetched on its first token', async () => {
    const rotating = createEntraTokenVerifier({
      tenantId: standIn.tenantId,
      authorityHost: standIn.origin,
      issuer: standIn.issuer,
      audience: standIn.apiClientId,
      scope: 'access_as_user',
      jwksCooldownMs: 0,
    });
    await rotating(await standIn.mint());
    const next = await standIn.newKey();
    standIn.publish(next);
    await expect(rotating(await standIn.mint({ key: next }))).resolves.toHaveProperty('userId');
  });

  it('name the issuer: without ENTRA_ISSUER, the one discovery names is expected', async () => {
    const discovered = createProviderTokenVerifier(loadConfig({ ...entraEnv(), ENTRA_ISSUER: '' }));
    await expect(discovered(await standIn.mint())).resolves.toHaveProperty('userId');
    const other = `https://login.microsoftonline.com/${randomUUID()}/v2.0`;
    expect(await refusal(standIn.mint({ claims: { iss: other } }), discovered)).toBe('issuer');
  });

  it('refuse every token when discovery names another issuer than ENTRA_ISSUER (a configuration mistake)', async () => {
    const misconfigured = createProviderTokenVerifier(
      loadConfig({ ...entraEnv(), ENTRA_ISSUER: `https://sts.windows.net/${standIn.tenantId}/` }),
    );
    const error = await misconfigured(await standIn.mint()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderTokenError);
    expect((error as ProviderTokenError).reason).toBe('unavailable');
    expect(String((error as Error).cause)).toMatch(/ENTRA_ISSUER/);
  });

  it('outage and slowness: refused as unavailable (never accepted), then recovered', async () => {
    const options = {
      tenantId: standIn.tenantId,
      authorityHost: standIn.origin,
      issuer: standIn.issuer,
      audience: standIn.apiClientId,
      scope: 'access_as_user',
      timeoutMs: 200,
      retryAfterFailureMs: 0,
    };
    const token = await standIn.mint();
    try {
      standIn.outage();
      expect(await refusal(token, createEntraTokenVerifier(options))).toBe('unavailable');
      standIn.outage(false);
      standIn.delay(1000);
      const slow = createEntraTokenVerifier(options);
      const started = Date.now();
      expect(await refusal(token, slow)).toBe('unavailable');
      expect(Date.now() - started).toBeLessThan(900);
      standIn.delay(0);
      await expect(slow(token)).resolves.toHaveProperty('userId');
    } finally {
      standIn.outage(false);
      standIn.delay(0);
    }
  });
});

describe('GET /api/auth/get-token with Entra (through the app)', () => {
  let fixture: FixtureWebRoot;
  let app: FastifyInstance;

  beforeAll(async () => {
    fixture = await createFixtureWebRoot({
      identity: {
        protocolMode: 'AAD',
        authority: `${standIn.origin}/${standIn.tenantId}`,
        graphUrl: 'https://graph.microsoft.com',
      },
    });
    app = await buildApp(
      loadConfig({
        ...entraEnv(),
        WEB_ROOT: fixture.webRoot,
        DATA_DIR: fixture.dataDir,
        LOG_LEVEL: 'silent',
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await fixture.cleanup();
  });

  const getToken = (authorization?: string) =>
    app.inject({
      url: '/api/auth/get-token',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('answers an anonymous token without credentials', async () => {
    const res = await getToken();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = getTokenResponseSchema.parse(res.json());
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(app.apiTokens.verify(body.access_token)).toEqual({ kind: 'anonymous' });
  });

  it('answers a token bound to the person of a valid Entra token', async () => {
    const oid = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
    const res = await getToken(`Bearer ${await standIn.mint({ claims: { oid } })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = getTokenResponseSchema.parse(res.json());
    expect(app.apiTokens.verify(body.access_token)).toMatchObject({
      kind: 'user',
      userId: oid,
      roles: [],
    });
    // Nothing of the provider's token comes back.
    expect(res.body).not.toContain(standIn.tenantId);
  });

  it.each([
    ['a Graph token', () => standIn.mint({ claims: { aud: GRAPH_AUDIENCE } })],
    [
      'an expired token',
      () => standIn.mint({ claims: { exp: Math.floor(Date.now() / 1000) - 600 } }),
    ],
    ['a token without the scope', () => standIn.mint({ claims: { scp: 'User.Read' } })],
    [
      'an HS256 token signed with the public key',
      () => hmacToken(standIn.claims(), standIn.key.publicPem, { kid: standIn.key.kid }),
    ],
    ['alg none', () => Promise.resolve(`${unsignedToken(standIn.claims())}AAAA`)],
  ])('refuses %s with 401 invalid_token', async (_name, token) => {
    const res = await getToken(`Bearer ${await token()}`);
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(res.json()).toEqual({
      error: 'invalid_token',
      message: 'Não foi possível confirmar o seu acesso. Entre novamente.',
    });
  });

  it('refuses an Authorization header that is not a Bearer token', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', '']) {
      const res = await getToken(header);
      expect(res.statusCode, header).toBe(401);
      expect(res.json()).toHaveProperty('error', 'invalid_token');
    }
  });
});

describe('an External ID tenant', () => {
  it('is trusted with the issuer its discovery names (https://<tid>.ciamlogin.com/<tid>/v2.0)', async () => {
    const ciam = await startEntraStandIn({ kind: 'ciam' });
    try {
      expect(ciam.issuer).toBe(`https://${ciam.tenantId}.ciamlogin.com/${ciam.tenantId}/v2.0`);
      const verifyCiam = createProviderTokenVerifier(
        loadConfig({
          IDENTITY_PROVIDER: 'entra',
          ENTRA_TENANT_ID: ciam.tenantId,
          ENTRA_API_CLIENT_ID: ciam.apiClientId,
          ENTRA_AUTHORITY_HOST: ciam.origin,
        }),
      );
      const oid = '5c7e2a91-3b4d-4f6e-8a1b-2c3d4e5f6a7b';
      expect(await verifyCiam(await ciam.mint({ claims: { oid } }))).toMatchObject({
        userId: oid,
        roles: [],
      });
      // A workforce issuer for the same tenant is refused: discovery names the CIAM one.
      const wrong = createProviderTokenVerifier(
        loadConfig({
          IDENTITY_PROVIDER: 'entra',
          ENTRA_TENANT_ID: ciam.tenantId,
          ENTRA_API_CLIENT_ID: ciam.apiClientId,
          ENTRA_AUTHORITY_HOST: ciam.origin,
          ENTRA_ISSUER: `https://login.microsoftonline.com/${ciam.tenantId}/v2.0`,
        }),
      );
      await expect(wrong(await ciam.mint())).rejects.toMatchObject({ reason: 'unavailable' });
    } finally {
      await ciam.close();
    }
  });
});
