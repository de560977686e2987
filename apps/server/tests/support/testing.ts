/**
 * What tests and benchmarks outside this package share, exported as `@centro/server/testing`
 * (built with the server by `tsc -b` into dist/testing/, tsconfig.testing.json): the built server
 * started on a free port, and people seeded as accounts of the built-in provider.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@centro/server/database';

/**
 * The built server (`npx tsc -b apps/server`); the same path from tests/support/ and from
 * dist/testing/.
 */
export const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built server on a free 127.0.0.1 port (LOG_LEVEL warn, a throw-away DATA_DIR unless
 * `env` sets one); resolves to { url, dataDir, pid, stop() } once /healthz answers.
 * `options.nodeArgs` go before the script (e.g. `--cpu-prof`).
 */
export interface StartedServer {
  url: string;
  dataDir: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startServer(
  env: Record<string, string> = {},
  options: { nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'centro-server-'));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Creates people as accounts of the built-in provider (the local directory's users), 500 rows per
 * insert: `count` new ids, or the ids given. Resolves to their ids.
 */
export async function seedPeople(
  db: DatabaseHandle['db'],
  countOrIds: number | readonly string[],
): Promise<string[]> {
  const ids =
    typeof countOrIds === 'number'
      ? Array.from({ length: countOrIds }, () => randomUUID())
      : [...countOrIds];
  const now = new Date().toISOString();
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('accounts')
      .values(
        ids.slice(i, i + 500).map((id) => ({
          id,
          email: `${id}@example.org`,
          password_hash: 'not-a-password',
          display_name: `Pessoa ${id.slice(0, 8)}`,
          mail: `${id}@example.org`,
          privacy_accepted_at: now,
          created_at: now,
          updated_at: now,
          // People who confirmed their e-mail (EMAIL_VERIFICATION=required lets them enrol).
          email_verified_at: now,
        })),
      )
      .execute();
  }
  return ids;
}
