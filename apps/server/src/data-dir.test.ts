/**
 * The data directory holds the database and the keys: a directory the server
 * creates is 0700, the SQLite files are 0600 as the keys are, and database files an earlier version
 * left readable by others are tightened at start, with a log line. The real app on a real file.
 */
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config/index.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../tests/support/web-root.js';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

let fixture: FixtureWebRoot | undefined;
afterEach(async () => {
  await fixture?.cleanup();
  fixture = undefined;
});

async function start(dataDir: string, lines: string[] = []) {
  fixture ??= await createFixtureWebRoot();
  const app = await buildApp(
    loadConfig({
      WEB_ROOT: fixture.webRoot,
      DATA_DIR: dataDir,
      SITE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
    }),
    { logStream: { write: (line) => lines.push(line) } },
  );
  await app.ready();
  // A write, so that the write-ahead log exists.
  await app.database.db
    .insertInto('login_failures')
    .values({ key: 'ip:192.0.2.1', failures: 1, last_failure_at: 1 })
    .execute();
  return app;
}

describe('the data directory', () => {
  it('is created 0700, with the database and its write-ahead log 0600', async () => {
    fixture = await createFixtureWebRoot();
    const dataDir = path.join(fixture.dataDir, 'novo', 'data');
    const app = await start(dataDir);
    try {
      expect(await modeOf(dataDir)).toBe(0o700);
      expect(await modeOf(path.join(dataDir, 'centro.sqlite'))).toBe(0o600);
      expect(await modeOf(path.join(dataDir, 'centro.sqlite-wal'))).toBe(0o600);
      expect(await modeOf(path.join(dataDir, 'idp-keys.json'))).toBe(0o600);
    } finally {
      await app.close();
    }
  });

  it('tightens database files left readable by others, and says so in the log', async () => {
    fixture = await createFixtureWebRoot();
    const dataDir = path.join(fixture.dataDir, 'antigo');
    await mkdir(dataDir, { recursive: true, mode: 0o755 });
    await chmod(dataDir, 0o755);
    const database = path.join(dataDir, 'centro.sqlite');
    await writeFile(database, '');
    await chmod(database, 0o644);
    const lines: string[] = [];
    const app = await start(dataDir, lines);
    try {
      expect(await modeOf(database)).toBe(0o600);
      expect(await modeOf(`${database}-wal`)).toBe(0o600);
      // The operator's own directory is left as they made it.
      expect(await modeOf(dataDir)).toBe(0o755);
      expect(lines.join('')).toContain('centro.sqlite');
      expect(lines.join('')).toMatch(/0600/);
    } finally {
      await app.close();
    }
  });
});
