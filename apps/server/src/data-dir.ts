/** The data directory (database file...), created at start-up when missing. */
import { mkdir } from 'node:fs/promises';

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
