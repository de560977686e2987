#!/usr/bin/env node
/**
 * Writes brotli (.br, quality 11) and gzip (.gz, level 9) siblings next to every compressible file
 * over 1 KB of the web build, for servers that send pre-compressed files (the product's server,
 * nginx gzip_static/brotli_static, a CDN). A sibling is written only when it is smaller than the
 * file; a stale one from an earlier run is removed otherwise.
 *
 * Usage: node apps/web/scripts/precompress.mjs [directory]   (default: apps/web/build/client, or WEB_BUILD_DIR/client)
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { clientBuildDir } from './build-dir.mjs';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.html',
  '.json',
  '.xml',
  '.txt',
  '.webmanifest',
]);
export const MIN_SIZE = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const codings = [
  {
    ext: '.br',
    compress: (data) =>
      brotliAsync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { ext: '.gz', compress: (data) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }) },
];

/** Compress one file; returns the bytes of each sibling written (0 when none). */
async function precompressFile(file) {
  const data = await readFile(file);
  const written = {};
  for (const { ext, compress } of codings) {
    const compressed = await compress(data);
    if (compressed.length < data.length) {
      await writeFile(file + ext, compressed);
      written[ext] = compressed.length;
    } else {
      await rm(file + ext, { force: true });
      written[ext] = 0;
    }
  }
  return { original: data.length, written };
}

/**
 * Pre-compress every eligible file under `dir`.
 * @returns {Promise<{ files: number, original: number, br: number, gz: number }>}
 */
export async function precompressDirectory(dir) {
  const eligible = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    if ((await stat(file)).size <= MIN_SIZE) continue;
    eligible.push(file);
  }
  const totals = { files: eligible.length, original: 0, br: 0, gz: 0 };
  let next = 0;
  const worker = async () => {
    while (next < eligible.length) {
      const { original, written } = await precompressFile(eligible[next++]);
      totals.original += original;
      totals.br += written['.br'] || original;
      totals.gz += written['.gz'] || original;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return totals;
}

async function main() {
  const dir = path.resolve(process.argv[2] ?? clientBuildDir());
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory (build the web app first).`);
    process.exit(1);
  }
  const started = Date.now();
  const t = await precompressDirectory(dir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const shown = path.relative(process.cwd(), dir);
  console.log(
    `precompress: ${t.files} files in ${shown.startsWith('..') ? dir : shown || '.'}: ` +
      `${kb(t.original)} → brotli ${kb(t.br)}, gzip ${kb(t.gz)} (${Date.now() - started} ms)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
