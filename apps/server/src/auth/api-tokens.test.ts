import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hmacToken, unsignedToken } from '../../tests/support/entra-stand-in.js';
import { API_TOKEN_SECRET_FILE, loadApiTokenSecret } from './api-token-secret.js';
import {
  API_TOKEN_AUDIENCE,
  API_TOKEN_ISSUER,
  API_TOKEN_TYPE,
  ApiTokenError,
  createApiTokens,
  type ApiTokenFailure,
  type ApiTokens,
} from './api-tokens.js';

const secret = randomBytes(48);
const PERSON = '4f1c2a9e-7b1d-4c55-9f0e-2d8a1b3c4d5e';

let clock = Date.now();
const tokens = createApiTokens({ secret, now: () => clock });

beforeEach(() => {
  clock = Date.now();
});

function refusal(token: string, verifier: ApiTokens = tokens): ApiTokenFailure {
  try {
    verifier.verify(token);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiTokenError);
    return (error as ApiTokenError).reason;
  }
  throw new Error('expected the token to be refused');
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(parts(token)[1], 'base64url').toString()) as Record<string, unknown>;

/** A token with these claims, correctly signed with our key and header (as jose writes it). */
function signedWith(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: API_TOKEN_TYPE, ...header } as { alg: string })
    .sign(secret);
}

describe('API tokens', () => {
  it('issues anonymous tokens that verify as anonymous', () => {
    const issued = tokens.issueAnonymous();
    expect(issued.expiresIn).toBe(600);
    expect(tokens.verify(issued.token)).toEqual({ kind: 'anonymous' });
    const claims = payloadOf(issued.token);
    expect(claims).toMatchObject({ anon: true, iss: API_TOKEN_ISSUER, aud: API_TOKEN_AUDIENCE });
    expect(claims).not.toHaveProperty('sub');
    expect(claims.exp).toBe((claims.iat as number) + 600);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('issues tokens bound to a person', () => {
    const issued = tokens.issueForUser(PERSON);
    expect(tokens.verify(issued.token)).toMatchObject({ kind: 'user', userId: PERSON, roles: [] });
    expect(payloadOf(issued.token)).not.toHaveProperty('anon');
  });

  it('gives every token its own jti', () => {
    expect(tokens.issueForUser(PERSON).token).not.toBe(tokens.issueForUser(PERSON).token);
  });

  it('refuses to bind a token to something that is not a directory id', () => {
    expect(() => tokens.issueForUser('')).toThrow();
    expect(() => tokens.issueForUser('a b')).toThrow();
  });

  it('honours the configured lifetime', () => {
    const short = createApiTokens({ secret, ttlSeconds: 60, now: () => clock });
    const issued = short.issueForUser(PERSON);
    expect(issued.expiresIn).toBe(60);
    clock += 61_000 + 30_000;
    expect(refusal(issued.token, short)).toBe('expired');
  });

  it('are standard JWS that jose verifies', async () => {
    const { payload, protectedHeader } = await jwtVerify(
      tokens.issueForUser(PERSON).token,
      secret,
      {
        algorithms: ['HS256'],
        issuer: API_TOKEN_ISSUER,
        audience: API_TOKEN_AUDIENCE,
        typ: API_TOKEN_TYPE,
      },
    );
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: API_TOKEN_TYPE });
    expect(payload.sub).toBe(PERSON);
  });

  it('accepts a token signed by jose with the same key, header and claims', async () => {
    const now = Math.floor(clock / 1000);
    const token = await signedWith({
      iss: API_TOKEN_ISSUER,
      aud: API_TOKEN_AUDIENCE,
      sub: PERSON,
      iat: now,
      exp: now + 600,
      jti: 'x',
    });
    expect(tokens.verify(token)).toMatchObject({ kind: 'user', userId: PERSON, roles: [] });
  });

  it('accepts a token shortly past its expiry (30 s of clock skew), not later', () => {
    const issued = tokens.issueForUser(PERSON);
    clock += 600_000 + 20_000;
    expect(tokens.verify(issued.token)).toMatchObject({ kind: 'user', userId: PERSON, roles: [] });
    clock += 15_000;
    expect(refusal(issued.token)).toBe('expired');
  });

  it('refuses a token issued in the future', () => {
    clock += 120_000;
    const issued = tokens.issueForUser(PERSON);
    clock -= 120_000;
    expect(refusal(issued.token)).toBe('invalid');
  });
});

describe('API token verification refuses', () => {
  it('a tampered payload (another person, or anonymous turned into a person)', () => {
    const [header, payload, signature] = parts(tokens.issueForUser(PERSON).token);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    expect(refusal(`${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`)).toBe(
      'invalid',
    );
    const anon = parts(tokens.issueAnonymous().token);
    const anonClaims = JSON.parse(Buffer.from(anon[1], 'base64url').toString()) as object;
    expect(
      refusal(`${anon[0]}.${b64({ ...anonClaims, anon: undefined, sub: PERSON })}.${anon[2]}`),
    ).toBe('invalid');
  });

  it('a tampered signature', () => {
    const [header, payload, signature] = parts(tokens.issueForUser(PERSON).token);
    const last = signature.at(-1) === 'A' ? 'B' : 'A';
    expect(refusal(`${header}.${payload}.${signature.slice(0, -1)}${last}`)).toBe('invalid');
    expect(refusal(`${header}.${payload}.`)).toBe('invalid');
    expect(refusal(`${header}.${payload}`)).toBe('invalid');
  });

  it('a token signed with another key', () => {
    const other = createApiTokens({ secret: randomBytes(32) });
    expect(refusal(other.issueForUser(PERSON).token)).toBe('invalid');
  });

  it('another algorithm or header: none, HS512, RS256, an extra kid', async () => {
    const now = Math.floor(clock / 1000);
    const claims = {
      iss: API_TOKEN_ISSUER,
      aud: API_TOKEN_AUDIENCE,
      sub: PERSON,
      iat: now,
      exp: now + 600,
      jti: 'x',
    };
    expect(refusal(unsignedToken(claims, { typ: API_TOKEN_TYPE }))).toBe('invalid');
    expect(refusal(`${unsignedToken(claims, { typ: API_TOKEN_TYPE })}AAAA`)).toBe('invalid');
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512', typ: API_TOKEN_TYPE })
      .sign(randomBytes(64));
    expect(refusal(hs512)).toBe('invalid');
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: API_TOKEN_TYPE })
      .sign(privateKey);
    expect(refusal(rs256)).toBe('invalid');
    // Our key and algorithm, but not our exact header.
    expect(refusal(await signedWith(claims, { kid: 'k' }))).toBe('invalid');
    expect(refusal(await hmacToken(claims, secret))).toBe('invalid');
  });

  it('a wrong issuer or audience, even correctly signed', async () => {
    const now = Math.floor(clock / 1000);
    const base = {
      iss: API_TOKEN_ISSUER,
      aud: API_TOKEN_AUDIENCE,
      sub: PERSON,
      iat: now,
      exp: now + 600,
      jti: 'x',
    };
    expect(refusal(await signedWith({ ...base, iss: 'someone-else' }))).toBe('invalid');
    expect(refusal(await signedWith({ ...base, aud: 'another-api' }))).toBe('invalid');
    expect(refusal(await signedWith({ ...base, aud: [API_TOKEN_AUDIENCE] }))).toBe('invalid');
  });

  it('claims that are missing, malformed, ambiguous or too long-lived', async () => {
    const now = Math.floor(clock / 1000);
    const base = {
      iss: API_TOKEN_ISSUER,
      aud: API_TOKEN_AUDIENCE,
      iat: now,
      exp: now + 600,
      jti: 'x',
    };
    for (const claims of [
      { ...base, sub: PERSON, exp: undefined },
      { ...base, sub: PERSON, iat: undefined },
      { ...base, sub: PERSON, jti: undefined },
      { ...base, sub: PERSON, exp: String(now + 600) },
      { ...base, sub: PERSON, exp: now + 86_400 },
      { ...base },
      { ...base, sub: PERSON, anon: true },
      { ...base, anon: 'true' },
      { ...base, sub: 'not/a/directory/id' },
      { ...base, sub: 42 },
    ]) {
      expect(refusal(await signedWith(claims)), JSON.stringify(claims)).toBe('invalid');
    }
  });

  it('garbage and oversized input', () => {
    for (const token of ['', 'abc', 'a.b.c', `${'a'.repeat(5000)}.b.c`, '...', null, 42]) {
      expect(refusal(token as string)).toBe('invalid');
    }
    const valid = tokens.issueForUser(PERSON).token;
    expect(refusal(`${valid} `)).toBe('invalid');
    expect(refusal(`${valid}.x`)).toBe('invalid');
  });
});

describe('createApiTokens', () => {
  it('refuses a short secret and a bad lifetime', () => {
    expect(() => createApiTokens({ secret: randomBytes(31) })).toThrow(/32 bytes/);
    expect(() => createApiTokens({ secret, ttlSeconds: 0 })).toThrow();
    expect(() => createApiTokens({ secret, ttlSeconds: 1.5 })).toThrow();
  });
});

describe('loadApiTokenSecret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'centro-secret-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses API_TOKEN_SECRET when given, and writes nothing', async () => {
    const configured = 'x'.repeat(40);
    expect((await loadApiTokenSecret({ secret: configured, dataDir: dir })).toString()).toBe(
      configured,
    );
    await expect(stat(path.join(dir, API_TOKEN_SECRET_FILE))).rejects.toThrow();
  });

  it('creates a random secret once, mode 0600, and reads it back after a restart', async () => {
    const first = await loadApiTokenSecret({ secret: undefined, dataDir: dir });
    expect(first.byteLength).toBeGreaterThanOrEqual(64);
    const file = path.join(dir, API_TOKEN_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString());
    expect(await loadApiTokenSecret({ secret: undefined, dataDir: dir })).toEqual(first);
  });

  it('gives instances starting together on one DATA_DIR the same secret', async () => {
    const all = await Promise.all(
      Array.from({ length: 8 }, () => loadApiTokenSecret({ secret: undefined, dataDir: dir })),
    );
    for (const secret of all) expect(secret).toEqual(all[0]);
  });

  it('tightens a readable file to 0600 and refuses a truncated one', async () => {
    const file = path.join(dir, API_TOKEN_SECRET_FILE);
    await writeFile(file, `${'k'.repeat(40)}\n`);
    await chmod(file, 0o644);
    await loadApiTokenSecret({ secret: undefined, dataDir: dir });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await writeFile(file, 'short\n');
    await expect(loadApiTokenSecret({ secret: undefined, dataDir: dir })).rejects.toThrow(
      /shorter than 32 bytes/,
    );
  });
});

describe('staff roles in API tokens (Entra app roles)', () => {
  it('carries the staff roles it was given', () => {
    const tokens = createApiTokens({ secret: Buffer.alloc(32, 7) });
    const issued = tokens.issueForUser(PERSON, ['secretaria']);
    expect(tokens.verify(issued.token)).toMatchObject({
      kind: 'user',
      userId: PERSON,
      roles: ['secretaria'],
    });
  });
});
