/**
 * The built command-line tools as an operator runs them (`node dist/backup/*-cli.js`, what the npm
 * scripts call): clear messages, exit status 1 on a refusal, no stack traces.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';

const DIST = fileURLToPath(new URL('../../dist/backup/', import.meta.url));
const built = existsSync(path.join(DIST, 'restore-cli.js'));
if (!built) console.warn(`${DIST} is missing (run npx tsc -b apps/server): CLI tests skipped.`);

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function cli(tool: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(DIST, `${tool}-cli.js`), ...args],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.skipIf(!built)('the backup command-line tools', () => {
  it('back up, refuse a non-empty DATA_DIR, restore into an empty one', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'centro-cli-'));
    dirs.push(root);
    const dataDir = path.join(root, 'data');
    await mkdir(dataDir);
    await (await openDatabase({ dataDir })).close();
    await writeFile(path.join(dataDir, 'api-token-secret'), 'x'.repeat(64));

    const usage = await cli('backup', [], { DATA_DIR: dataDir });
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run backup -- <directory>');

    const backup = await cli('backup', [path.join(root, 'backups')], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written: .*centro-backup-[\dT-]+Z\.tar\.gz \(/);
    const [file] = await readdir(path.join(root, 'backups'));
    const archive = path.join(root, 'backups', String(file));

    const refused = await cli('restore', [archive], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Error: DATA_DIR=.* is not empty .*--force/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);

    const restored = await cli('restore', [archive], { DATA_DIR: path.join(root, 'new') });
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Checksums verified; 2 files written');
    expect((await readdir(path.join(root, 'new'))).sort()).toEqual([
      'api-token-secret',
      'centro.sqlite',
    ]);

    const wrong = await cli('restore', [archive], { DATA_DIR: root, BACKUP_KEEP: 'sete' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('BACKUP_KEEP must be');
  }, 60_000);
});
