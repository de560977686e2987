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
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from './test';
import { freePort, SERVER_MAIN } from '@centro/server/testing';

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

export interface SignInServer {
  /** Its origin, equal to its SITE_URL. */
  origin: string;
  /** Its DATA_DIR (the embedded SQLite database is `centro.sqlite` in it). */
  dataDir: string;
}

export interface ProductServer extends SignInServer {
  /** Stops the process (SIGTERM, as an operator would) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory; resolves once it is healthy. */
  start(): Promise<void>;
  /** Its warnings and errors so far. */
  output(): string;
}

/**
 * Starts the built server (`SERVER_MAIN`) on a free port with its own data directory; `env` adds
 * to its environment (e.g. SMTP_URL).
 */
export async function startProductServer(
  options: { env?: Record<string, string> } = {},
): Promise<ProductServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'centro-e2e-sign-in-'));
  let stderr = '';
  let child: ChildProcess | undefined;

  // Its log (info) goes beside the suite's server's, scanned after the run (log-scan.ts).
  const logDir = process.env.E2E_LOG_DIR;

  const start = async () => {
    const log = logDir ? openSync(join(logDir, `server-${port}.log`), 'a') : 'ignore';
    const server = spawn(process.execPath, [SERVER_MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: origin,
        DATA_DIR: dataDir,
        LOG_LEVEL: logDir ? 'info' : 'warn',
        // Every test's browser signs up from 127.0.0.1: the per-address limit is not what is tested.
        IDP_SIGN_UPS_PER_ADDRESS: '100000',
        ...options.env,
      },
      stdio: ['ignore', log, 'pipe'],
    });
    if (typeof log === 'number') closeSync(log);
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child = server;
    try {
      await waitUntilHealthy(`${origin}/healthz`, server);
    } catch (error) {
      throw new Error(`${(error as Error).message}; its output:\n${stderr}`);
    }
  };
  const stop = async () => {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  };

  await start();
  return { origin, dataDir, start, stop, output: () => stderr };
}

/** Stops the server for good and removes its data directory. */
export async function disposeProductServer(server: ProductServer): Promise<void> {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}

export const test = base.extend<object, { signInServer: SignInServer }>({
  signInServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startProductServer();
      try {
        await use({ origin: server.origin, dataDir: server.dataDir });
      } catch (error) {
        // Its warnings and errors are shown only if something goes wrong.
        console.error(`Sign-in server output:\n${server.output()}`);
        throw error;
      } finally {
        await disposeProductServer(server);
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ signInServer }, use) => use(signInServer.origin),
});

/**
 * A test whose pages use a product server of its own (one per test), started with `env`: for a
 * test that stops the server, changes its settings, or needs variables the shared one lacks.
 */
export function ownServerTest(env: Record<string, string> = {}) {
  return test.extend<{ ownServer: ProductServer }>({
    // eslint-disable-next-line no-empty-pattern
    ownServer: async ({}, use) => {
      const server = await startProductServer({ env });
      try {
        await use(server);
      } finally {
        await disposeProductServer(server);
      }
    },
    baseURL: async ({ ownServer }, use) => use(ownServer.origin),
  });
}

export { expect } from './test';
