import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { startCheckpointer } from './sqlite-checkpointer.js';

describe('startCheckpointer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('copies the log into the database file from its worker thread, and stops', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'centro-checkpointer-'));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('create table t (v text)');
    const insert = db.prepare('insert into t values (?)');
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(200));
    })();
    const before = statSync(file).size;

    const checkpointer = startCheckpointer(file, 20);
    const deadline = Date.now() + 10_000;
    while (statSync(file).size === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await checkpointer.close();
    expect(statSync(file).size).toBeGreaterThan(before + 100 * 4096);
    // The server's connection goes on as before.
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 2000 });
    db.close();
  });

  it('runs with the database opened by the server and stops with it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'centro-checkpointer-'));
    dirs.push(dir);
    const handle = await openDatabase({ dataDir: dir });
    await handle.db
      .insertInto('login_failures')
      .values({ key: 'k', failures: 1, last_failure_at: 1 })
      .execute();
    await handle.close();
    const reopened = await openDatabase({ dataDir: dir });
    expect(await reopened.db.selectFrom('login_failures').select('key').execute()).toEqual([
      { key: 'k' },
    ]);
    await reopened.close();
  });
});
