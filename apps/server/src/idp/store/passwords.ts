/**
 * Password hashing with scrypt (node:crypto; runs on libuv's thread pool, off the event loop).
 * The stored text carries its parameters and salt, so they can be raised later without breaking
 * existing hashes: `scrypt$ln=15,r=8,p=1$<salt base64url>$<hash base64url>`.
 * Passwords are never logged and never kept beyond the call.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParameters {
  /** log2 of the CPU/memory cost N. */
  ln: number;
  r: number;
  p: number;
}

/** N = 2^15, r = 8, p = 1: about 32 MiB and some tens of milliseconds per hash. */
export const DEFAULT_SCRYPT_PARAMETERS: ScryptParameters = { ln: 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const FORMAT =
  /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

function derive(
  password: string,
  salt: Buffer,
  keyLength: number,
  { ln, r, p }: ScryptParameters,
): Promise<Buffer> {
  const N = 2 ** ln;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // NFC: the same password typed on different keyboards (composed or decomposed accents).
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored text for a new password (random salt). */
export async function hashPassword(
  password: string,
  parameters: ScryptParameters = DEFAULT_SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, parameters);
  const { ln, r, p } = parameters;
  return `scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string) {
  const match = FORMAT.exec(stored);
  if (!match) return null;
  const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Bounds keep a tampered row from costing more than a sane hash.
  if (ln < 10 || ln > 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return {
    parameters: { ln, r, p },
    salt: Buffer.from(match[4] ?? '', 'base64url'),
    key: Buffer.from(match[5] ?? '', 'base64url'),
  };
}

/** Whether the password matches the stored text (constant-time comparison). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.parameters);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash uses weaker parameters than today's (rehash at the next sign-in). */
export function needsRehash(
  stored: string,
  parameters: ScryptParameters = DEFAULT_SCRYPT_PARAMETERS,
): boolean {
  const parsed = parse(stored);
  return (
    !parsed ||
    parsed.parameters.ln < parameters.ln ||
    parsed.parameters.r < parameters.r ||
    parsed.parameters.p < parameters.p
  );
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification without an account, so "no such e-mail" and "wrong password"
 * take as long as each other (no account enumeration through timing).
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not the password of anyone');
  await verifyPassword(password, await dummy);
  return false;
}
