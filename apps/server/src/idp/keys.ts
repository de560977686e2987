/**
 * The provider's secrets, generated once and kept in `DATA_DIR/idp-keys.json` (mode 0600): its
 * signing keys (an RS256 and an ES256 private JWK, each with a `kid`, the RFC 7638 thumbprint) and
 * the keys that sign its cookies. Reused at every start, so tokens and sessions survive restarts;
 * the library's development keys are never used. Read once at start-up.
 *
 * Several instances must share the file (one DATA_DIR, or a copy of the file). Rotation: put a new
 * key first in `signingKeys` (it signs from then on) and keep the old one until the tokens it signed
 * have expired; the same for `cookieKeys`.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { chmod, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { z } from 'zod';
import { createSecretFileOnce, errnoCode } from '../data-dir.js';

export const IDP_KEYS_FILE = 'idp-keys.json';

/** A signing key as the provider and jose read it (`kid`, `alg`, `use` always present). */
export interface SigningJwk extends JWK {
  kid: string;
  alg: 'RS256' | 'ES256';
  use: 'sig';
}

export interface ProviderKeys {
  /** Private signing keys, for the provider's `jwks` configuration. Never leaves the server. */
  privateJwks: { keys: SigningJwk[] };
  /** The same keys without their private members: what `/idp/jwks` publishes. */
  publicJwks: { keys: SigningJwk[] };
  /** Keys of the provider's signed cookies (newest first). */
  cookieKeys: string[];
}

const generate = promisify(generateKeyPair);

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);
const rsaKey = z.object({
  kty: z.literal('RSA'),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
  kid: z.string().min(1),
  n: base64url,
  e: base64url,
  d: base64url,
  p: base64url,
  q: base64url,
  dp: base64url,
  dq: base64url,
  qi: base64url,
});
const ecKey = z.object({
  kty: z.literal('EC'),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
  kid: z.string().min(1),
  crv: z.literal('P-256'),
  x: base64url,
  y: base64url,
  d: base64url,
});
const fileSchema = z.object({
  version: z.literal(1),
  signingKeys: z
    .array(z.discriminatedUnion('kty', [rsaKey, ecKey]))
    .refine((keys) => keys.some((key) => key.alg === 'RS256'), 'needs an RS256 key')
    .refine((keys) => new Set(keys.map((key) => key.kid)).size === keys.length, 'kid repeated'),
  cookieKeys: z.array(z.string().min(32)).min(1),
});
type KeysFile = z.infer<typeof fileSchema>;

const PUBLIC_MEMBERS = {
  RSA: ['kty', 'n', 'e'],
  EC: ['kty', 'crv', 'x', 'y'],
} as const;

/** The public half of a private signing JWK (with its kid, alg and use). */
export function publicJwk(key: SigningJwk): SigningJwk {
  const members = key.kty === 'EC' ? PUBLIC_MEMBERS.EC : PUBLIC_MEMBERS.RSA;
  const result: Record<string, unknown> = {};
  for (const member of members) result[member] = key[member];
  return { ...(result as JWK), kid: key.kid, alg: key.alg, use: 'sig' };
}

async function newSigningKey(alg: 'RS256' | 'ES256'): Promise<SigningJwk> {
  const { privateKey } =
    alg === 'RS256'
      ? await generate('rsa', { modulusLength: 2048 })
      : await generate('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(
    publicJwk({ ...jwk, kid: '', alg, use: 'sig' }),
    'sha256',
  );
  return { ...jwk, kid, alg, use: 'sig' };
}

async function newKeysFile(): Promise<KeysFile> {
  const [rsa, ec] = await Promise.all([newSigningKey('RS256'), newSigningKey('ES256')]);
  return {
    version: 1,
    signingKeys: [rsa, ec] as KeysFile['signingKeys'],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

async function readKeysFile(file: string): Promise<KeysFile> {
  const info = await stat(file);
  // Nobody but the server's user may read the keys.
  if ((info.mode & 0o077) !== 0) await chmod(file, 0o600);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    parsed = undefined;
  }
  const result = fileSchema.safeParse(parsed);
  if (!result.success) {
    throw new Error(
      `The identity provider's key file ${file} is not valid (${result.error.issues
        .map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`)
        .join(
          '; ',
        )}). Restore it from a backup, or delete it to generate new keys (everyone will have to sign in again).`,
    );
  }
  return result.data;
}

async function createKeysFile(file: string): Promise<void> {
  await createSecretFileOnce(file, `${JSON.stringify(await newKeysFile(), null, 2)}\n`);
}

/**
 * The provider's keys from `dataDir/idp-keys.json`, created on first use.
 * @throws when the file exists but is unreadable or invalid (it is never silently replaced).
 */
export async function loadOrCreateProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const file = path.join(dataDir, IDP_KEYS_FILE);
  let stored: KeysFile;
  try {
    stored = await readKeysFile(file);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
    await createKeysFile(file);
    stored = await readKeysFile(file);
  }
  const keys = stored.signingKeys as SigningJwk[];
  return {
    privateJwks: { keys },
    publicJwks: { keys: keys.map(publicJwk) },
    cookieKeys: stored.cookieKeys,
  };
}
