/**
 * A minimal POSIX ustar archive of regular files, gzip-compressed: enough for a backup (a manifest,
 * the database and a few key files) without a dependency, and readable by any `tar -xzf`.
 * Names up to 99 bytes, no links or special files. Archives are built and read in memory: a
 * centre's database is megabytes, not gigabytes.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Buffer;
  /** Unix permission bits (default 0o600). */
  mode?: number;
  /** Modification time (default now). */
  mtime?: Date;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(entry: TarEntry): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  if (name.length === 0 || name.length > 99) {
    throw new Error(`tar: the name "${entry.name}" must have 1 to 99 bytes`);
  }
  const block = Buffer.alloc(BLOCK);
  name.copy(block, 0);
  block.write(octal(entry.mode ?? 0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii'); // uid
  block.write(octal(0, 8), 116, 'ascii'); // gid
  block.write(octal(entry.data.length, 12), 124, 'ascii');
  const mtime = Math.floor((entry.mtime ?? new Date()).getTime() / 1000);
  block.write(octal(mtime, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii'); // checksum placeholder
  block.write('0', 156, 'ascii'); // regular file
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** The uncompressed tar of `entries`. */
export function packTar(entries: readonly TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry), entry.data);
    const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

const readString = (block: Buffer, start: number, length: number) => {
  const slice = block.subarray(start, start + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? length : end).toString('utf8');
};

const readOctal = (block: Buffer, start: number, length: number) => {
  const value = readString(block, start, length).trim();
  return value === '' ? 0 : parseInt(value, 8);
};

/** The regular files of a tar (directories skipped); throws on anything malformed. */
export function unpackTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  let ended = false;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) {
      ended = true;
      break;
    }
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
    if (sum !== readOctal(block, 148, 8)) throw new Error('tar: a header checksum is wrong');
    const prefix = readString(block, 345, 155);
    const base = readString(block, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const size = readOctal(block, 124, 12);
    const type = String.fromCharCode(block[156] ?? 0);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new Error(`tar: ${name} is truncated`);
    if (type === '0' || type === '\0') {
      entries.push({
        name,
        data: Buffer.from(archive.subarray(start, start + size)),
        mode: readOctal(block, 100, 8),
        mtime: new Date(readOctal(block, 136, 12) * 1000),
      });
    } else if (type !== '5') {
      throw new Error(`tar: ${name} is not a regular file (type ${type})`);
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  // A whole archive ends with zero blocks; without them it was cut short.
  if (!ended) throw new Error('tar: the archive is truncated');
  return entries;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** A .tar.gz of `entries` (compressed in libuv's thread pool, off the event loop). */
export async function packTarGz(entries: readonly TarEntry[]): Promise<Buffer> {
  return gzipAsync(packTar(entries));
}

export async function unpackTarGz(archive: Buffer): Promise<TarEntry[]> {
  let tar: Buffer;
  try {
    tar = await gunzipAsync(archive);
  } catch {
    throw new Error('not a gzip-compressed archive (is this a backup file?)');
  }
  return unpackTar(tar);
}
