/** The backup archive: what it writes reads back, the system's `tar` reads it, damage is refused. */
import { execFileSync } from 'node:child_process';
import { gunzipSync, gzipSync } from 'node:zlib';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packTarGz, unpackTarGz } from './tar.js';

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

  it('refuses a damaged header, a truncated archive, a link and a non-gzip input', async () => {
    const tar = gunzipSync(await packTarGz(entries));
    const damaged = Buffer.from(tar);
    damaged[0] = 'X'.charCodeAt(0);
    await expect(unpackTarGz(gzipSync(damaged))).rejects.toThrow(/tar:/);
    // Cut inside the second member's data: its bytes are missing.
    await expect(unpackTarGz(gzipSync(tar.subarray(0, 1536)))).rejects.toThrow(/tar:/);
    await expect(unpackTarGz(Buffer.from('not gzip'))).rejects.toThrow(/gzip/);

    const dir = await mkdtemp(path.join(tmpdir(), 'centro-tar-'));
    try {
      await writeFile(path.join(dir, 'a'), 'a');
      execFileSync('ln', ['-s', 'a', 'link'], { cwd: dir });
      execFileSync('tar', ['-czf', 'l.tar.gz', 'a', 'link'], { cwd: dir });
      await expect(unpackTarGz(await readFile(path.join(dir, 'l.tar.gz')))).rejects.toThrow(
        /link is not a regular file/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps names longer than 100 bytes whole', async () => {
    const name = `data/${'x'.repeat(150)}.eml`;
    const [back] = await unpackTarGz(await packTarGz([{ name, data: Buffer.from('m') }]));
    expect(back?.name).toBe(name);
  });
});
