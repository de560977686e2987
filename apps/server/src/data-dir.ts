/**
 * The data directory (database file, keys...), created at start-up when missing: mode 0700, since
 * it holds the database and the keys. A directory the operator made is left
 * as they made it (decision 046); the files in it are the server's to keep 0600.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, stat, unlink, writeFile } from 'node:fs/promises';

export async function ensureDataDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
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

/**
 * Makes `file` and its SQLite companions (`-wal`, `-shm`, `-journal`) readable by their owner only:
 * creates the database file 0600 when missing (SQLite gives its companions the database file's
 * mode), and tightens existing ones to 0600. Answers the files that were tightened.
 */
export async function keepPrivate(file: string): Promise<string[]> {
  await (await open(file, 'a', 0o600)).close();
  const tightened: string[] = [];
  for (const candidate of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    const info = await stat(candidate).catch((error: unknown) => {
      if (errnoCode(error) === 'ENOENT') return null;
      throw error;
    });
    if (info && (info.mode & 0o077) !== 0) {
      await chmod(candidate, 0o600);
      tightened.push(candidate);
    }
  }
  return tightened;
}
