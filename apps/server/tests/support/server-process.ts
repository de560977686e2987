/**
 * The real server as a child process (`node apps/server/dist/main.js`, built by
 * `npx tsc -b apps/server`) on 127.0.0.1 and a free port, for tests that kill it, restart it or
 * take its database away. The caller skips when the build is missing (`serverBuilt`, with the
 * reason printed by `warnIfNotBuilt`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { FixtureWebRoot } from './web-root.js';

import { SERVER_MAIN } from './testing.js';

export { SERVER_MAIN };

export const serverBuilt = existsSync(SERVER_MAIN);

/** Prints why the caller's tests are skipped when the server is not built; answers whether it is. */
export function warnIfNotBuilt(label: string): boolean {
  if (!serverBuilt) {
    console.warn(`${SERVER_MAIN} is missing (run npx tsc -b apps/server): ${label} is skipped.`);
  }
  return serverBuilt;
}

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** Everything the process wrote (JSON log lines), in order. */
  output: string[];
}

export interface StartServerOptions {
  fixture: FixtureWebRoot;
  /** API_TOKEN_SECRET of the instance (instances of one test share it). */
  secret: string;
  env?: Record<string, string>;
  /** Longest wait for "Server listening" (default 30 s: a loaded machine takes its time). */
  timeoutMs?: number;
}

/** Starts the built server on a free port; resolves once it listens. */
export function startServerProcess(options: StartServerOptions): Promise<ServerProcess> {
  const { fixture, secret } = options;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_ROOT: fixture.webRoot,
      DATA_DIR: fixture.dataDir,
      API_TOKEN_SECRET: secret,
      LOG_LEVEL: 'info',
      RATE_LIMIT_API_PER_MINUTE: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${output.join('')}`));
    }, options.timeoutMs ?? 30_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const origin = /Server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''))?.[1];
      if (origin) {
        clearTimeout(timer);
        resolve({ child, origin, output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}):\n${output.join('')}`));
    });
  });
}

export function processExited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Ends the process (SIGTERM, then SIGKILL after `graceMs`) and waits for it. */
export async function stopServerProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await processExited(child);
  clearTimeout(timer);
}

/** Creates `count` people as accounts of the built-in provider (the local directory's users). */
export { seedPeople } from './testing.js';
