/**
 * The verifier as app.ts wires it for the built-in provider (`idp/source.ts`: its issuer, the API
 * audience and its real keys, generated under a temporary DATA_DIR), with access tokens shaped like
 * the ones it issues for the API (RFC 9068 `at+jwt`, `aud` the API, Entra-style `scp`, `client_id`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILT_IN_API_AUDIENCE } from '@centro/contracts/identity';
import { importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { EMBEDDED_GRAPH_AUDIENCE } from '../idp/constants.js';
import { loadOrCreateProviderKeys, type ProviderKeys } from '../idp/keys.js';
import { embeddedProviderSource } from '../idp/source.js';
import { ProviderTokenError } from './provider-token-error.js';
import {
  createEmbeddedTokenVerifier,
  type ProviderTokenVerifier,
} from './provider-token-verifier.js';

const ISSUER = 'http://localhost:3000/idp';
const CLIENT = 'centro-web';
const ACCOUNT = randomUUID();

let dir: string;
let keys: ProviderKeys;
let verify: ProviderTokenVerifier;
/** The same, also requiring the API scope in `scp` and the website as `client_id`. */
let strict: ProviderTokenVerifier;

async function issued(claims: Record<string, unknown> = {}, keyIndex = 0): Promise<string> {
  const jwk = keys.privateJwks.keys[keyIndex];
  if (!jwk) throw new Error('no such key');
  const now = Math.floor(Date.now() / 1000);
  const payload = Object.fromEntries(
    Object.entries({
      iss: ISSUER,
      aud: BUILT_IN_API_AUDIENCE,
      sub: ACCOUNT,
      iat: now,
      exp: now + 3600,
      jti: randomUUID(),
      client_id: CLIENT,
      scope: `${BUILT_IN_API_AUDIENCE}/access_as_user`,
      scp: 'access_as_user',
      ...claims,
    }).filter(([, value]) => value !== undefined),
  ) as JWTPayload;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: jwk.alg, typ: 'at+jwt', kid: jwk.kid })
    .sign(await importJWK(jwk, jwk.alg));
}

async function reason(token: string, verifier = verify): Promise<string> {
  const error = await verifier(token).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderTokenError);
  return (error as ProviderTokenError).reason;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'centro-idp-keys-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  expect(config.idp.issuer).toBe(ISSUER);
  expect(config.idp.clientId).toBe(CLIENT);
  const source = await embeddedProviderSource(config);
  keys = await loadOrCreateProviderKeys(dir);
  verify = createEmbeddedTokenVerifier(source);
  strict = createEmbeddedTokenVerifier({ ...source, scope: 'access_as_user', clientId: CLIENT });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the built-in provider's access tokens for the API", () => {
  it('are accepted with every signing key of the provider', async () => {
    for (let i = 0; i < keys.privateJwks.keys.length; i++) {
      expect(await verify(await issued({}, i))).toMatchObject({ userId: ACCOUNT, roles: [] });
      expect(await strict(await issued({}, i))).toMatchObject({ userId: ACCOUNT, roles: [] });
    }
  });

  it('are refused for the Graph audience or another issuer', async () => {
    expect(await reason(await issued({ aud: EMBEDDED_GRAPH_AUDIENCE }))).toBe('audience');
    expect(await reason(await issued({ iss: 'http://localhost:3001/idp' }))).toBe('issuer');
  });

  it('with scope and client checks: refused without the API scope or for another client', async () => {
    expect(await reason(await issued({ scp: 'User.Read' }), strict)).toBe('scope');
    expect(await reason(await issued({ scp: undefined }), strict)).toBe('scope');
    expect(await reason(await issued({ client_id: 'another-app' }), strict)).toBe('claims');
  });

  it('never expose private key material in the published set', () => {
    for (const jwk of keys.publicJwks.keys) {
      expect(Object.keys(jwk)).not.toEqual(expect.arrayContaining(['d']));
    }
  });
});
