/** The data directory (database file, keys...), created at start-up when missing. */
import { randomBytes } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';

export async function ensureDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`Cannot create the data directory DATA_DIR=${dir} (${reason}).`, {
      cause: error,
    });
  }
}

/** The `code` of a Node.js system error (ENOENT, EEXIST...), if any. */
export const errnoCode = (error: unknown): string | undefined =>
  (error as NodeJS.ErrnoException | null)?.code;

/**
 * Writes a secret file (mode 0600) unless it exists, atomically: written aside, then hard-linked
 * into place, so two instances starting together on one DATA_DIR end up with the same secret. An
 * existing file is never overwritten.
 */
export async function createSecretFileOnce(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'EEXIST') return;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: exclusive create, still never overwriting.
    await writeFile(file, content, { mode: 0o600, flag: 'wx' }).catch((inner: unknown) => {
      if (errnoCode(inner) !== 'EEXIST') throw inner;
    });
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}
