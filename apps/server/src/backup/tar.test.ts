/** The minimal tar: what it writes reads back, and the system's `tar` reads it too. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packTar, packTarGz, unpackTar, unpackTarGz } from './tar.js';

const entries = [
  { name: 'manifest.json', data: Buffer.from('{"a":1}\n') },
  { name: 'database/centro.sqlite', data: Buffer.alloc(1536, 7) },
  { name: 'data/outbox/vazio.eml', data: Buffer.alloc(0) },
  { name: 'data/ção.txt', data: Buffer.from('acentuação') },
];

describe('tar', () => {
  it('reads back what it wrote, with mode 0600 by default', async () => {
    const back = await unpackTarGz(await packTarGz(entries));
    expect(back.map((e) => [e.name, e.data.toString('hex'), e.mode])).toEqual(
      entries.map((e) => [e.name, e.data.toString('hex'), 0o600]),
    );
  });

  it('writes archives the system tar lists and extracts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'centro-tar-'));
    try {
      await writeFile(path.join(dir, 'a.tar.gz'), await packTarGz(entries));
      const listing = execFileSync('tar', ['-tzf', 'a.tar.gz'], { cwd: dir }).toString();
      expect(listing.trim().split('\n')).toEqual(entries.map((e) => e.name));
      execFileSync('tar', ['-xzf', 'a.tar.gz'], { cwd: dir });
      expect(await readFile(path.join(dir, 'data/ção.txt'), 'utf8')).toBe('acentuação');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged header, a truncated file and a non-gzip input', async () => {
    const tar = packTar(entries);
    const damaged = Buffer.from(tar);
    damaged[0] = 'X'.charCodeAt(0);
    expect(() => unpackTar(damaged)).toThrow(/checksum/);
    expect(() => unpackTar(tar.subarray(0, 1024))).toThrow(/truncated/);
    await expect(unpackTarGz(Buffer.from('not gzip'))).rejects.toThrow(/gzip/);
  });

  it('refuses names longer than 99 bytes', () => {
    expect(() => packTar([{ name: 'x'.repeat(100), data: Buffer.alloc(0) }])).toThrow(/99 bytes/);
  });
});
