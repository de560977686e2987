/**
 * A server of its own for the sign-in flows. The built-in OpenID provider builds its endpoints and
 * accepts redirect URIs from SITE_URL, so the browser must reach the server at exactly SITE_URL; the
 * suite's shared server keeps SITE_URL=http://localhost:3000 (its sitemap is asserted) while it
 * listens on 127.0.0.1:<free port>. This one, one per worker, listens where its SITE_URL says, with
 * its own throw-away data directory. The website needs nothing: by default it signs in at its own
 * origin's /idp.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from './test';
import { freePort } from './free-port';

const START_TIMEOUT_MS = 60_000;

async function waitUntilHealthy(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The sign-in server exited (${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The sign-in server did not answer ${url} within ${START_TIMEOUT_MS} ms`);
}

interface SignInServer {
  /** Its origin, equal to its SITE_URL. */
  origin: string;
  /** Its DATA_DIR (the embedded SQLite database is `centro.sqlite` in it). */
  dataDir: string;
}

export const test = base.extend<object, { signInServer: SignInServer }>({
  signInServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'centro-e2e-sign-in-'));
      const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          SITE_URL: origin,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      // Its warnings and errors are shown only if something goes wrong.
      let stderr = '';
      server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      try {
        await waitUntilHealthy(`${origin}/healthz`, server);
        await use({ origin, dataDir });
      } catch (error) {
        console.error(`Sign-in server output:\n${stderr}`);
        throw error;
      } finally {
        if (server.exitCode === null) {
          server.kill('SIGTERM');
          await once(server, 'exit');
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ signInServer }, use) => use(signInServer.origin),
});

export { expect } from './test';
