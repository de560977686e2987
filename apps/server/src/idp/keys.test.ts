import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, createLocalJWKSet, importJWK, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDP_KEYS_FILE, loadOrCreateProviderKeys } from './keys.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'centro-idp-keys-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the provider keys', () => {
  it('are generated once: an RS256 and an ES256 private key with kids, and a cookie key', async () => {
    const keys = await loadOrCreateProviderKeys(dir);
    expect(keys.privateJwks.keys.map((k) => [k.kty, k.alg, k.use])).toEqual([
      ['RSA', 'RS256', 'sig'],
      ['EC', 'ES256', 'sig'],
    ]);
    for (const key of keys.privateJwks.keys) {
      expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key.d).toBeTypeOf('string');
    }
    expect(keys.cookieKeys).toHaveLength(1);
    expect(keys.cookieKeys[0]?.length).toBeGreaterThanOrEqual(43);
    const info = await stat(path.join(dir, IDP_KEYS_FILE));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('are the same after a restart (same kids, same cookie key)', async () => {
    const first = await loadOrCreateProviderKeys(dir);
    const second = await loadOrCreateProviderKeys(dir);
    expect(second).toEqual(first);
  });

  it('agree when two instances start together on one data directory', async () => {
    const all = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateProviderKeys(dir)));
    for (const keys of all) expect(keys).toEqual(all[0]);
  });

  it('publish only public members, with which a signature verifies', async () => {
    const keys = await loadOrCreateProviderKeys(dir);
    for (const key of keys.publicJwks.keys) {
      expect(Object.keys(key).sort()).toEqual(
        key.kty === 'RSA'
          ? ['alg', 'e', 'kid', 'kty', 'n', 'use']
          : ['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y'],
      );
    }
    const rsa = keys.privateJwks.keys.find((key) => key.alg === 'RS256');
    if (!rsa) throw new Error('no RS256 key');
    const token = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid: rsa.kid })
      .sign(await importJWK(rsa, 'RS256'));
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.publicJwks));
    expect(payload.sub).toBe('x');
  });

  it('tighten a readable file to mode 0600', async () => {
    await loadOrCreateProviderKeys(dir);
    const file = path.join(dir, IDP_KEYS_FILE);
    await chmod(file, 0o644);
    await loadOrCreateProviderKeys(dir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('are never silently replaced: a damaged file stops the start with a clear message', async () => {
    const file = path.join(dir, IDP_KEYS_FILE);
    await writeFile(file, '{"version":1,"signingKeys":[]', { mode: 0o600 });
    await expect(loadOrCreateProviderKeys(dir)).rejects.toThrow(/idp-keys\.json is not valid/);
    const keys = JSON.parse(
      await readFile(file, 'utf8').then(async () => {
        await rm(file);
        await loadOrCreateProviderKeys(dir);
        return readFile(file, 'utf8');
      }),
    ) as { signingKeys: { d?: string }[] };
    // Without the private part a key cannot sign: refused too.
    delete keys.signingKeys[0]?.d;
    await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
    await expect(loadOrCreateProviderKeys(dir)).rejects.toThrow(/signingKeys\.0/);
  });
});
