import { randomBytes, randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { getTokenResponseSchema } from '@centro/contracts';
import { fastify, type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { createApiTokens, type ApiTokens } from '../../../auth/api-tokens.js';
import { API_TOKEN_SECRET_FILE } from '../../../auth/api-token-secret.js';
import {
  createEmbeddedTokenVerifier,
  unavailableTokenVerifier,
} from '../../../auth/provider-token-verifier.js';
import { loadConfig } from '../../../config/index.js';
import { BUILT_IN_API_AUDIENCE } from '@centro/contracts/identity';
import { loadOrCreateProviderKeys } from '../../../idp/keys.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../../tests/support/web-root.js';
import { claimedPerson, personOfApiToken } from '../../../auth/authenticate-person.js';
import { bearerAuth } from '../../../plugins/bearer-auth.js';
import { AuthRefusal } from '../../../auth/errors.js';
import type { ProviderTokenVerifier } from '../../../auth/provider-token-verifier.js';
import { useZodSchemas } from '../../../plugins/api-conventions.js';
import { errorHandler, errorResponse } from '../../../plugins/error-handler.js';
import { REFUSALS } from '../../../refusals/catalogue.js';
import { authRoutes } from './index.js';

const ISSUER = 'http://localhost:3000/idp';
const AUDIENCE = 'http://localhost:3000/api';
const PERSON = '4f1c2a9e-7b1d-4c55-9f0e-2d8a1b3c4d5e';
const KID = 'key-1';

let privateKey: CryptoKey;
let clock = Date.now();
const apiTokens: ApiTokens = createApiTokens({ secret: randomBytes(32), now: () => clock });
let app: FastifyInstance;
let down: FastifyInstance;

function providerToken(claims: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: ISSUER,
    aud: AUDIENCE,
    sub: PERSON,
    iat: now,
    exp: now + 300,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: KID })
    .sign(privateKey);
}

async function bareApp(verify: ProviderTokenVerifier) {
  const instance = fastify({ logger: false });
  instance.setErrorHandler(errorHandler);
  useZodSchemas(instance);
  instance.decorate('apiTokens', apiTokens);
  instance.decorate('verifyProviderToken', verify);
  // Nobody's session ended here (ended sessions: routes/api/me/sessions.test.ts).
  instance.decorate('tokenRevocations', {
    refuses: () => false,
    note: () => undefined,
    revoke: async () => undefined,
    refresh: async () => undefined,
    close: () => undefined,
  });
  await instance.register(authRoutes);
  await instance.register(async (personal) => {
    await personal.register(bearerAuth);
    personal.post<{ Body: { id: string; token?: string } }>(
      '/api/user/details',
      async (request) => ({ data: { id: claimedPerson(request, request.body.id) } }),
    );
  });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, use: 'sig' };
  app = await bareApp(
    createEmbeddedTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } }),
  );
  down = await bareApp(unavailableTokenVerifier('test'));
});

afterAll(async () => {
  await app.close();
  await down.close();
});

const getToken = (instance: FastifyInstance, authorization?: string) =>
  instance.inject({
    url: '/api/auth/get-token',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('GET /api/auth/get-token', () => {
  it('answers an anonymous token without Authorization, never cached', async () => {
    const res = await getToken(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = getTokenResponseSchema.parse(res.json());
    expect(Object.keys(res.json() as object).sort()).toEqual([
      'access_token',
      'expires_in',
      'token_type',
    ]);
    expect(apiTokens.verify(body.access_token)).toEqual({ kind: 'anonymous' });
  });

  it("answers a token bound to the person of a valid provider token (case-insensitive 'bearer')", async () => {
    for (const scheme of ['Bearer', 'bearer']) {
      const res = await getToken(app, `${scheme} ${await providerToken()}`);
      expect(res.statusCode).toBe(200);
      const body = getTokenResponseSchema.parse(res.json());
      expect(body.expires_in).toBe(600);
      expect(apiTokens.verify(body.access_token)).toMatchObject({
        kind: 'user',
        userId: PERSON,
        roles: [],
      });
    }
  });

  it('refuses an invalid provider token with 401 and a pt-BR message', async () => {
    const res = await getToken(app, `Bearer ${await providerToken({ aud: 'other' })}`);
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(res.json()).toEqual({
      error: 'invalid_token',
      message: REFUSALS.invalidProviderToken.message,
    });
  });

  it('refuses one of its own API tokens presented as a provider token', async () => {
    const res = await getToken(app, `Bearer ${apiTokens.issueForUser(PERSON).token}`);
    expect(res.statusCode).toBe(401);
  });

  it('answers 503 when the provider cannot be reached, without accepting anything', async () => {
    const res = await getToken(down, `Bearer ${await providerToken()}`);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.json()).toEqual({
      error: 'identity_provider_unavailable',
      message: REFUSALS.providerUnavailable.message,
    });
    // Anonymous tokens still work.
    expect((await getToken(down)).statusCode).toBe(200);
  });
});

describe('a call that names its person in the body', () => {
  const details = (token: string, id = PERSON) =>
    app.inject({ method: 'POST', url: '/api/user/details', payload: { id, token } });
  const withHeader = (token: string, id = PERSON) =>
    app.inject({
      method: 'POST',
      url: '/api/user/details',
      headers: { authorization: `Bearer ${token}` },
      payload: { id },
    });

  it('takes the token from the bearer header as well as from the body', async () => {
    const token = apiTokens.issueForUser(PERSON).token;
    const res = await withHeader(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ data: { id: PERSON } });
    expect((await withHeader(token, randomUUID())).statusCode).toBe(403);
    expect((await withHeader(apiTokens.issueAnonymous().token)).statusCode).toBe(401);
    // Without a token anywhere: sign in first.
    const none = await app.inject({
      method: 'POST',
      url: '/api/user/details',
      payload: { id: PERSON },
    });
    expect(none.statusCode).toBe(401);
  });

  it('lets a person act on their own data', async () => {
    const res = await details(apiTokens.issueForUser(PERSON).token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: PERSON } });
  });

  it('refuses an anonymous token with 401', async () => {
    const res = await details(apiTokens.issueAnonymous().token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'unauthorized',
      message: 'É preciso entrar para continuar.',
    });
  });

  it('refuses an expired token with 401', async () => {
    const token = apiTokens.issueForUser(PERSON).token;
    clock += 11 * 60_000;
    try {
      const res = await details(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'invalid_token',
        message: REFUSALS.expiredToken.message,
      });
    } finally {
      clock = Date.now();
    }
  });

  it('refuses a tampered, foreign or missing token with 401', async () => {
    const token = apiTokens.issueForUser(PERSON).token;
    const foreign = createApiTokens({ secret: randomBytes(32) }).issueForUser(PERSON).token;
    for (const bad of [`${token.slice(0, -2)}xx`, foreign, '', await providerToken()]) {
      const res = await details(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'invalid_token',
        message: REFUSALS.invalidToken.message,
      });
    }
  });

  it("refuses someone else's id with 403", async () => {
    const res = await details(apiTokens.issueForUser(PERSON).token, randomUUID());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: REFUSALS.otherPerson.message });
  });

  it('throws AuthRefusals, and treats a non-string token or id as a refusal', () => {
    const token = apiTokens.issueForUser(PERSON).token;
    const revocations = { refuses: () => false };
    expect(personOfApiToken(apiTokens, revocations, token).userId).toBe(PERSON);
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        expect(error).toBeInstanceOf(AuthRefusal);
        return errorResponse(error).statusCode;
      }
      throw new Error('expected a refusal');
    };
    const asPerson = { person: { userId: PERSON, roles: [] } } as unknown as Parameters<
      typeof claimedPerson
    >[0];
    expect(refused(() => personOfApiToken(apiTokens, revocations, undefined))).toBe(401);
    expect(refused(() => personOfApiToken(apiTokens, revocations, { token }))).toBe(401);
    expect(claimedPerson(asPerson, PERSON)).toBe(PERSON);
    expect(refused(() => claimedPerson(asPerson, undefined))).toBe(403);
    expect(refused(() => claimedPerson(asPerson, [PERSON]))).toBe(403);
    expect(refused(() => claimedPerson(asPerson, PERSON.toUpperCase()))).toBe(403);
  });
});

describe('the embedded default (nothing configured)', () => {
  let fixture: FixtureWebRoot;
  let server: FastifyInstance;

  beforeAll(async () => {
    fixture = await createFixtureWebRoot();
    server = await buildApp(
      loadConfig({ WEB_ROOT: fixture.webRoot, DATA_DIR: fixture.dataDir, LOG_LEVEL: 'silent' }),
    );
  });

  afterAll(async () => {
    await server.close();
    await fixture.cleanup();
  });

  it('answers anonymous tokens signed with a secret generated under DATA_DIR', async () => {
    const res = await getToken(server);
    expect(res.statusCode).toBe(200);
    const body = getTokenResponseSchema.parse(res.json());
    expect(server.apiTokens.verify(body.access_token)).toEqual({ kind: 'anonymous' });
    const secret = await stat(path.join(fixture.dataDir, API_TOKEN_SECRET_FILE));
    expect(secret.mode & 0o777).toBe(0o600);
  });

  it("exchanges the built-in provider's access token for the API for a bound token", async () => {
    const { privateJwks } = await loadOrCreateProviderKeys(fixture.dataDir);
    const jwk = privateJwks.keys[0];
    if (!jwk) throw new Error('the provider has no signing key');
    const now = Math.floor(Date.now() / 1000);
    const account = randomUUID();
    const claims = {
      iss: 'http://localhost:3000/idp',
      aud: BUILT_IN_API_AUDIENCE,
      sub: account,
      oid: account,
      scp: 'access_as_user',
      client_id: 'centro-web',
      iat: now,
      exp: now + 3600,
    };
    const sign = async (payload: Record<string, unknown>) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: jwk.alg, typ: 'at+jwt', kid: jwk.kid })
        .sign(await importJWK(jwk, jwk.alg));

    const res = await getToken(server, `Bearer ${await sign(claims)}`);
    expect(res.statusCode).toBe(200);
    const body = getTokenResponseSchema.parse(res.json());
    expect(server.apiTokens.verify(body.access_token)).toMatchObject({
      kind: 'user',
      userId: account,
      roles: [],
    });

    const graph = await getToken(
      server,
      `Bearer ${await sign({ ...claims, aud: 'urn:centro:graph' })}`,
    );
    expect(graph.statusCode).toBe(401);
  });
});
