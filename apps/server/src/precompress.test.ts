/**
 * The web build's pre-compression script (apps/web/scripts/precompress.mjs) and the server that
 * serves its output.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../web/scripts/precompress.mjs';
import { buildApp } from './app.js';
import { loadConfig } from './config/index.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../tests/support/web-root.js';

let fixture: FixtureWebRoot;
const big = `const data = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `item ${i}`))};\n`;

beforeAll(async () => {
  fixture = await createFixtureWebRoot();
  const assets = path.join(fixture.webRoot, 'assets');
  await writeFile(path.join(assets, 'big-111.js'), big);
  await writeFile(path.join(assets, 'small-222.js'), 'export {};\n');
  await writeFile(path.join(assets, 'image-333.png'), Buffer.alloc(4096, 7));
  // Random bytes do not compress: no sibling, and a stale one from an earlier run goes away.
  const noise = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
  await writeFile(path.join(assets, 'noise-444.svg'), noise);
  await writeFile(path.join(assets, 'noise-444.svg.br'), 'stale');
});

afterAll(async () => {
  await fixture.cleanup();
});

describe('precompress.mjs', () => {
  it('writes smaller .br and .gz siblings of compressible files over 1 KB, and only those', async () => {
    const totals = await precompressDirectory(fixture.webRoot);
    const assets = path.join(fixture.webRoot, 'assets');
    const files = await readdir(assets);

    expect(
      brotliDecompressSync(await readFile(path.join(assets, 'big-111.js.br'))).toString(),
    ).toBe(big);
    expect(gunzipSync(await readFile(path.join(assets, 'big-111.js.gz'))).toString()).toBe(big);
    expect((await stat(path.join(assets, 'big-111.js.br'))).size).toBeLessThan(big.length);
    expect(files).not.toContain('small-222.js.br');
    expect(files).not.toContain('image-333.png.br');
    expect(files).not.toContain('noise-444.svg.br');
    expect(files).not.toContain('noise-444.svg.gz');
    expect(files.filter((f) => f.endsWith('.br.br') || f.endsWith('.gz.br'))).toEqual([]);
    expect(await readdir(fixture.webRoot)).toContain('index.html.gz');
    expect(totals.files).toBeGreaterThan(30);
    expect(totals.br).toBeLessThan(totals.original);
  });

  it('produces what the server sends to clients that accept brotli', async () => {
    const app = await buildApp(
      loadConfig({ WEB_ROOT: fixture.webRoot, DATA_DIR: fixture.dataDir, LOG_LEVEL: 'silent' }),
    );
    try {
      const res = await app.inject({
        url: '/assets/big-111.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(big);
    } finally {
      await app.close();
    }
  });
});
