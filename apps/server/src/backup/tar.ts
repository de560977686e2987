/**
 * A backup's archive: regular files in a gzip-compressed tar, built and read in memory with
 * node-tar (the library npm itself uses), so any `tar -xzf` opens it. A centre's database is
 * megabytes, not gigabytes. Reading is strict: a damaged header, a cut-short archive, or anything
 * but regular files and directories is refused rather than half-read.
 */
import { Header, Pack, Parser, ReadEntry } from 'tar';

export interface TarEntry {
  name: string;
  data: Buffer;
  /** Unix permission bits (default 0o600). */
  mode?: number;
  /** Modification time (default now). */
  mtime?: Date;
}

/** Collects a node-tar stream into one Buffer. */
function collect(stream: Pack): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** A .tar.gz of `entries`, in their order. */
export async function packTarGz(entries: readonly TarEntry[]): Promise<Buffer> {
  const pack = new Pack({ gzip: true, portable: true });
  const archive = collect(pack);
  for (const entry of entries) {
    const header = new Header({
      path: entry.name,
      type: 'File',
      mode: entry.mode ?? 0o600,
      size: entry.data.length,
      mtime: entry.mtime ?? new Date(),
    });
    header.encode();
    const member = new ReadEntry(header);
    pack.add(member);
    member.end(entry.data);
  }
  pack.end();
  return archive;
}

/** The regular files of a .tar.gz (directories skipped); throws on anything malformed. */
export function unpackTarGz(archive: Buffer): Promise<TarEntry[]> {
  if (archive.length < 2 || archive[0] !== 0x1f || archive[1] !== 0x8b) {
    return Promise.reject(new Error('not a gzip-compressed archive (is this a backup file?)'));
  }
  return new Promise((resolve, reject) => {
    const entries: TarEntry[] = [];
    let failure: Error | undefined;
    const fail = (message: string) => {
      failure ??= new Error(`tar: ${message}`);
    };
    const parser = new Parser({
      strict: true,
      onwarn: (_code, message) => fail(String(message)),
      onReadEntry: (entry) => {
        if (entry.type === 'Directory') {
          entry.resume();
          return;
        }
        if (entry.type !== 'File' && entry.type !== 'OldFile') {
          fail(`${entry.path} is not a regular file (${entry.type})`);
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          const data = Buffer.concat(chunks);
          if (data.length !== entry.size) fail(`${entry.path} is truncated`);
          entries.push({ name: entry.path, data, mode: entry.mode, mtime: entry.mtime });
        });
      },
    });
    // A broken gzip stream aborts the parser without a 'close'.
    parser.on('error', (error: Error) => reject(new Error(`tar: ${error.message}`)));
    parser.on('close', () => {
      if (failure) reject(failure);
      else resolve(entries);
    });
    parser.end(archive);
  });
}
