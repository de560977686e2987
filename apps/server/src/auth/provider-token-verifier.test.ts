import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { hmacToken, unsignedToken } from '../../tests/support/entra-stand-in.js';
import { ProviderTokenError, type ProviderTokenFailure } from './provider-token-error.js';
import {
  createEmbeddedTokenVerifier,
  unavailableTokenVerifier,
  type ProviderTokenVerifier,
} from './provider-token-verifier.js';

const ISSUER = 'http://localhost:3000/idp';
const AUDIENCE = 'http://localhost:3000/api';

interface Signer {
  kid: string;
  alg: 'RS256' | 'ES256' | 'PS256';
  privateKey: CryptoKey;
  jwk: JWK;
  pem: string;
}

async function signer(alg: Signer['alg'], kid: string = randomUUID()): Promise<Signer> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg };
  return { kid, alg, privateKey, jwk, pem: await exportSPKI(publicKey) };
}

let rsa: Signer;
let ec: Signer;
let stranger: Signer;
let jwks: JSONWebKeySet;
let verify: ProviderTokenVerifier;

function claims(overrides: Record<string, unknown> = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  const base: Record<string, unknown> = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: '4f1c2a9e-7b1d-4c55-9f0e-2d8a1b3c4d5e',
    iat: now,
    exp: now + 600,
    jti: randomUUID(),
    client_id: 'centro-web',
    scope: 'api',
  };
  // An override of `undefined` removes the claim.
  return Object.fromEntries(
    Object.entries({ ...base, ...overrides }).filter(([, value]) => value !== undefined),
  ) as JWTPayload;
}

function mint(
  payload: JWTPayload = claims(),
  key: Signer = rsa,
  header: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, typ: 'at+jwt', kid: key.kid, ...header } as {
      alg: string;
    })
    .sign(key.privateKey);
}

async function refusal(token: string, verifier = verify): Promise<ProviderTokenFailure> {
  const error = await verifier(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderTokenError);
  const refused = error as ProviderTokenError;
  // Never the token, never a claim: a fixed sentence with the reason.
  expect(refused.message).toBe(`Identity provider token refused (${refused.reason}).`);
  return refused.reason;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const segments = (token: string) => token.split('.') as [string, string, string];

beforeAll(async () => {
  [rsa, ec, stranger] = await Promise.all([signer('RS256'), signer('ES256'), signer('RS256')]);
  jwks = { keys: [rsa.jwk, ec.jwk] };
  verify = createEmbeddedTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks });
});

describe('the built-in provider verifier accepts', () => {
  it('an RS256 access token for this API, and gives its sub', async () => {
    expect(await verify(await mint())).toMatchObject({
      userId: '4f1c2a9e-7b1d-4c55-9f0e-2d8a1b3c4d5e',
      roles: [],
    });
  });

  it('an ES256 access token', async () => {
    expect(await verify(await mint(claims(), ec))).toMatchObject({
      userId: '4f1c2a9e-7b1d-4c55-9f0e-2d8a1b3c4d5e',
      roles: [],
    });
  });

  it('the staff app roles of Entra’s roles claim, and no other role', async () => {
    const token = await mint(claims({ roles: ['Secretaria', 'Task.Write', 'Coordenacao'] }));
    expect((await verify(token)).roles).toEqual(['secretaria', 'coordenacao']);
  });

  it('oid rather than sub when present', async () => {
    const oid = randomUUID();
    expect(await verify(await mint(claims({ oid })))).toMatchObject({ userId: oid, roles: [] });
  });

  it('a token a little past exp, within the clock tolerance', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await verify(await mint(claims({ iat: now - 700, exp: now - 30 })))).toHaveProperty(
      'userId',
    );
  });

  it("the provider's rotated keys (a JWKS given as a function)", async () => {
    let current: JSONWebKeySet = { keys: [rsa.jwk] };
    const rotating = createEmbeddedTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks: () => current,
    });
    const next = await signer('RS256');
    expect(await refusal(await mint(claims(), next), rotating)).toBe('unknown_key');
    current = { keys: [rsa.jwk, next.jwk] };
    await expect(rotating(await mint(claims(), next))).resolves.toHaveProperty('userId');
    await expect(rotating(await mint())).resolves.toHaveProperty('userId');
  });
});

describe('the built-in provider verifier refuses', () => {
  it('a tampered payload', async () => {
    const [header, payload, signature] = segments(await mint());
    const forged = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone' };
    expect(await refusal(`${header}.${b64(forged)}.${signature}`)).toBe('signature');
  });

  it('a tampered signature', async () => {
    const [header, payload, signature] = segments(await mint());
    const flipped = Buffer.from(signature, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(await refusal(`${header}.${payload}.${flipped.toString('base64url')}`)).toBe(
      'signature',
    );
  });

  it('a tampered header (another kid on the same signature)', async () => {
    const [, payload, signature] = segments(await mint());
    const header = b64({ alg: 'RS256', typ: 'at+jwt', kid: ec.kid });
    expect(await refusal(`${header}.${payload}.${signature}`)).toBe('unknown_key');
  });

  it('a signature by a key that is not published, whatever kid it names', async () => {
    expect(await refusal(await mint(claims(), stranger))).toBe('unknown_key');
    expect(await refusal(await mint(claims(), stranger, { kid: rsa.kid }))).toBe('signature');
  });

  it('an unknown kid, and no kid at all', async () => {
    expect(await refusal(await mint(claims(), rsa, { kid: 'no-such-key' }))).toBe('unknown_key');
    expect(await refusal(await mint(claims(), rsa, { kid: undefined }))).toBe('unknown_key');
  });

  it('jku and x5u pointing at keys of the attacker (ignored: the key is still unknown)', async () => {
    const token = await mint(claims(), stranger, {
      jku: 'https://attacker.example/jwks',
      x5u: 'https://attacker.example/cert',
      jwk: stranger.jwk,
    });
    expect(await refusal(token)).toBe('unknown_key');
  });

  it('alg: none, with or without a signature segment', async () => {
    const none = unsignedToken(claims(), { typ: 'at+jwt', kid: rsa.kid });
    expect(await refusal(none)).toBe('malformed');
    expect(await refusal(`${none}c2lnbmF0dXJl`)).toBe('algorithm');
    const noneCased = unsignedToken(claims(), { alg: 'None', typ: 'at+jwt', kid: rsa.kid });
    expect(await refusal(`${noneCased}c2lnbmF0dXJl`)).toBe('algorithm');
  });

  it('HS256 signed with the public key (PEM or JWK modulus) as the HMAC secret', async () => {
    const header = { typ: 'at+jwt', kid: rsa.kid };
    expect(await refusal(await hmacToken(claims(), rsa.pem, header))).toBe('algorithm');
    expect(await refusal(await hmacToken(claims(), JSON.stringify(rsa.jwk), header))).toBe(
      'algorithm',
    );
    expect(
      await refusal(await hmacToken(claims(), Buffer.from(rsa.jwk.n ?? '', 'base64url'), header)),
    ).toBe('algorithm');
  });

  it('an algorithm outside the allow-list, even with a good key', async () => {
    const ps = await signer('PS256', rsa.kid);
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'PS256', typ: 'at+jwt', kid: rsa.kid })
      .sign(ps.privateKey);
    expect(await refusal(token)).toBe('algorithm');
  });

  it('a wrong issuer', async () => {
    expect(await refusal(await mint(claims({ iss: 'http://localhost:3000/idp/' })))).toBe('issuer');
    expect(await refusal(await mint(claims({ iss: 'https://evil.example/idp' })))).toBe('issuer');
    expect(await refusal(await mint(claims({ iss: undefined })))).toBe('issuer');
  });

  it('a wrong audience (another API, the client itself, or several at once)', async () => {
    expect(await refusal(await mint(claims({ aud: 'http://localhost:3000/other' })))).toBe(
      'audience',
    );
    expect(await refusal(await mint(claims({ aud: 'centro-web' })))).toBe('audience');
    expect(await refusal(await mint(claims({ aud: [AUDIENCE, 'https://other.example'] })))).toBe(
      'audience',
    );
    expect(await refusal(await mint(claims({ aud: undefined })))).toBe('audience');
  });

  it('an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await refusal(await mint(claims({ iat: now - 1200, exp: now - 600 })))).toBe('expired');
  });

  it('a token not yet valid (nbf), or issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await refusal(await mint(claims({ nbf: now + 600 })))).toBe('not_yet_valid');
    expect(await refusal(await mint(claims({ iat: now + 600, exp: now + 1200 })))).toBe('claims');
  });

  it('a token without exp, iat or sub', async () => {
    expect(await refusal(await mint(claims({ exp: undefined })))).toBe('claims');
    expect(await refusal(await mint(claims({ iat: undefined })))).toBe('claims');
    expect(await refusal(await mint(claims({ sub: undefined })))).toBe('claims');
  });

  it('a person id that is not a directory id', async () => {
    expect(await refusal(await mint(claims({ sub: '../admin' })))).toBe('claims');
    expect(await refusal(await mint(claims({ oid: 42 })))).toBe('claims');
  });

  it('an ID token or any token not typed at+jwt', async () => {
    expect(await refusal(await mint(claims(), rsa, { typ: 'JWT' }))).toBe('type');
    expect(await refusal(await mint(claims(), rsa, { typ: undefined }))).toBe('type');
  });

  it('unknown critical header parameters', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'at+jwt',
        kid: rsa.kid,
        crit: ['exp-policy'],
        'exp-policy': 1,
      } as {
        alg: string;
      })
      .sign(rsa.privateKey, { crit: { 'exp-policy': true } });
    expect(await refusal(token)).toBe('malformed');
  });

  it('garbage, oversized and encrypted-looking tokens', async () => {
    expect(await refusal('')).toBe('malformed');
    expect(await refusal('not a token')).toBe('malformed');
    expect(await refusal('a.b')).toBe('malformed');
    expect(await refusal('a.b.c.d.e')).toBe('malformed');
    expect(await refusal(`${'a'.repeat(20_000)}.b.c`)).toBe('malformed');
    expect(await refusal('e30.e30.c2ln')).toBe('malformed');
  });
});

describe('unavailableTokenVerifier', () => {
  it('refuses everything as unavailable', async () => {
    const verifier = unavailableTokenVerifier('not wired');
    expect(await refusal(await mint(), verifier)).toBe('unavailable');
  });
});

describe('createEmbeddedTokenVerifier', () => {
  it('refuses symmetric algorithms and none in its allow-list', () => {
    for (const algorithms of [['HS256'], ['RS256', 'none'], []] as const) {
      expect(() =>
        createEmbeddedTokenVerifier({
          issuer: ISSUER,
          audience: AUDIENCE,
          jwks,
          algorithms: [...algorithms] as never,
        }),
      ).toThrow(/Refusing/);
    }
  });
});
