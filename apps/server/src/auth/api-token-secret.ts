/**
 * The key of the API tokens: `API_TOKEN_SECRET` when given (several instances share it), otherwise a
 * random secret generated once and kept in `DATA_DIR/api-token-secret` (mode 0600), so tokens survive
 * a restart. Read once at start-up; nothing on the request path touches the disk.
 *
 * The file holds text (64 base64url characters from 48 random bytes) and its bytes are the key,
 * exactly as for the variable: an operator can copy the file's content into `API_TOKEN_SECRET`.
 */
import { randomBytes } from 'node:crypto';
import { chmod, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MIN_API_TOKEN_SECRET_BYTES } from '../config/identity.js';
import { createSecretFileOnce, errnoCode } from '../data-dir.js';

export const API_TOKEN_SECRET_FILE = 'api-token-secret';

export interface ApiTokenSecretSource {
  /** `API_TOKEN_SECRET`, already validated (at least 32 bytes). */
  secret: string | undefined;
  /** `DATA_DIR` (exists). */
  dataDir: string;
}

async function readSecretFile(file: string): Promise<Buffer> {
  const info = await stat(file);
  // Nobody but the server's user may read the key.
  if ((info.mode & 0o077) !== 0) await chmod(file, 0o600);
  const secret = Buffer.from((await readFile(file, 'utf8')).trim(), 'utf8');
  if (secret.byteLength < MIN_API_TOKEN_SECRET_BYTES) {
    throw new Error(
      `The API token secret in ${file} is shorter than ${MIN_API_TOKEN_SECRET_BYTES} bytes; delete the file to generate a new one, or set API_TOKEN_SECRET.`,
    );
  }
  return secret;
}

async function createSecretFile(file: string): Promise<void> {
  await createSecretFileOnce(file, `${randomBytes(48).toString('base64url')}\n`);
}

/** The key bytes of the API tokens. */
export async function loadApiTokenSecret(source: ApiTokenSecretSource): Promise<Buffer> {
  if (source.secret !== undefined) return Buffer.from(source.secret, 'utf8');
  const file = path.join(source.dataDir, API_TOKEN_SECRET_FILE);
  try {
    return await readSecretFile(file);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
  await createSecretFile(file);
  return readSecretFile(file);
}
