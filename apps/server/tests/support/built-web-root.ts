/**
 * The web's real build (apps/web/build, made by `npm run build -w @centro/web`) as a test's web
 * root, with a DATA_DIR of its own in a temporary directory, for tests of what the server writes
 * into the real pages; `hasBuiltRenderer` says whether the build and its renderer are there (the
 * tests that need them are skipped otherwise).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FixtureWebRoot } from './web-root.js';

export const BUILT_WEB_ROOT = fileURLToPath(new URL('../../../web/build/client', import.meta.url));

export const hasBuiltRenderer = existsSync(
  path.join(BUILT_WEB_ROOT, '..', 'renderer', 'render.js'),
);

/** The real build with a new DATA_DIR (`cleanup` removes it; the build stays untouched). */
export async function createBuiltWebRoot(label: string): Promise<FixtureWebRoot> {
  const dir = await mkdtemp(path.join(tmpdir(), `centro-${label}-`));
  return {
    dir,
    webRoot: BUILT_WEB_ROOT,
    dataDir: path.join(dir, 'data'),
    scriptsOf: () => [],
    markerOf: () => '',
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
