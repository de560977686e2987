/**
 * A PostgreSQL server of a test's own, to crash and restart without disturbing the machine's shared
 * one (which other test files use at the same time): Debian's binaries
 * (`/usr/lib/postgresql/<version>/bin`), a cluster made by `initdb` in a temporary directory, the
 * postmaster as a child process listening on a free port of 127.0.0.1 (its Unix socket in the same
 * directory). fsync stays on (the crash tests are about durability); shared_buffers is small.
 *
 * PostgreSQL refuses to run as root: when the tests run as root, the binaries run as the `postgres`
 * OS user (spawned with its uid/gid) in a directory it owns. When the binaries or that user are
 * missing, `startPrivatePostgres` answers null and prints why (console.warn), never silently.
 *
 * Stopping: `immediate` is a crash (SIGQUIT: no checkpoint, the next start replays the WAL), `fast`
 * a clean shutdown (SIGINT). `close()` stops the server and deletes the directory; it is also
 * attempted when the test process exits without calling it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type StopMode = 'immediate' | 'fast';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> of the test's database. */
  url: string;
  port: number;
  /** Whether the server is accepting connections (false between a stop and the next start). */
  readonly running: boolean;
  /** Stops the server: 'immediate' crashes it (no checkpoint), 'fast' shuts it down cleanly. */
  stop(mode?: StopMode): Promise<void>;
  /** Starts it again on the same port and directory; resolves once it accepts connections. */
  start(): Promise<void>;
  /** stop(mode), wait `downMs` (the outage), start(). */
  restart(options?: { mode?: StopMode; downMs?: number }): Promise<void>;
  /** The server's recent log lines (for failure messages). */
  log(): string;
  /** Stops the server (immediate) and deletes its directory. Safe to call more than once. */
  close(): Promise<void>;
}

export interface PrivatePostgresOptions {
  /** Database created for the test (default `centro`). */
  database?: string;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string>;
  /** Longest wait for the server to accept connections, per start (default 30 s). */
  startTimeoutMs?: number;
}

interface OsUser {
  uid: number;
  gid: number;
}

/** The newest Debian PostgreSQL bin directory, or undefined. */
function findBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'postgres'))) return bin;
  }
  return undefined;
}

/** uid/gid of the `postgres` OS user from /etc/passwd, or undefined. */
async function postgresUser(): Promise<OsUser | undefined> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  for (const line of passwd.split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === 'postgres' && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function chownTree(dir: string, user: OsUser): Promise<void> {
  await chown(dir, user.uid, user.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, user);
    else await chown(full, user.uid, user.gid);
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs a command to completion; rejects with its output when it fails. */
function run(
  command: string,
  args: string[],
  options: { cwd: string; user: OsUser | undefined },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
    });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${code ?? signal}):\n${output.join('')}`));
    });
  });
}

/** Waits until the server answers `select 1` on `database`. */
async function waitUntilReady(
  url: string,
  timeoutMs: number,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL exited while starting:\n${log()}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    // A refused or reset connection is reported through the promise; this keeps it from being
    // an unhandled 'error' event.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(
          `PostgreSQL did not accept connections within ${timeoutMs} ms (${error instanceof Error ? error.message : String(error)}):\n${log()}`,
        );
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Postmasters running, and the directory each one lives in. */
const live = new Map<ChildProcess, string>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort when a test process ends without close(): crash the servers it started (by pid)
  // and delete what they leave.
  process.once('exit', () => {
    for (const [child, dir] of live) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  });
}

/**
 * Creates and starts a private PostgreSQL server with a database for the test, or answers null
 * (after a console.warn saying why) when it cannot run here.
 */
export async function startPrivatePostgres(
  label: string,
  options: PrivatePostgresOptions = {},
): Promise<PrivatePostgres | null> {
  const skip = (reason: string) => {
    console.warn(`${label}: skipped, no private PostgreSQL server: ${reason}.`);
    return null;
  };
  const bin = findBinaries();
  if (!bin) return skip('no initdb/postgres under /usr/lib/postgresql/<version>/bin');
  const isRoot = process.getuid?.() === 0;
  let user: OsUser | undefined;
  if (isRoot) {
    user = await postgresUser();
    if (!user) return skip('running as root and there is no `postgres` OS user to run it as');
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'centro-pg-'));
  const dataDir = path.join(dir, 'data');
  const databaseName = options.database ?? 'centro';
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  let child: ChildProcess | undefined;
  let running = false;
  let closed = false;
  const logLines: string[] = [];
  const log = () => logLines.join('');
  const remember = (chunk: Buffer) => {
    logLines.push(chunk.toString());
    if (logLines.length > 200) logLines.splice(0, logLines.length - 200);
  };

  const cleanup = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      await exited(child);
    }
    await rm(dir, { recursive: true, force: true });
  };

  let port: number;
  try {
    if (user) await chownTree(dir, user);
    // The cluster: trust authentication on 127.0.0.1 and the socket (a throw-away server for tests).
    // --no-sync only spares initdb's own final fsync; the server runs with fsync on.
    await run(
      path.join(bin, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
        '--no-instructions',
      ],
      { cwd: dir, user },
    );
    port = await freePort();
  } catch (error) {
    await cleanup();
    if (error instanceof Error && /EPERM|EACCES/.test(error.message)) {
      return skip(`cannot run initdb as the postgres user (${error.message})`);
    }
    throw error;
  }

  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    shared_buffers: '16MB',
    max_connections: '60',
    dynamic_shared_memory_type: 'posix',
    huge_pages: 'off',
    logging_collector: 'off',
    log_min_messages: 'warning',
    ...options.settings,
  };
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${port}/${databaseName}`;

  const start = async () => {
    if (closed) throw new Error('the private PostgreSQL server is closed');
    if (running) return;
    const args = ['-D', dataDir];
    for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
    const postmaster = spawn(path.join(bin, 'postgres'), args, {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    child = postmaster;
    live.set(postmaster, dir);
    installExitHook();
    postmaster.stdout?.on('data', remember);
    postmaster.stderr?.on('data', remember);
    postmaster.once('exit', () => {
      live.delete(postmaster);
      running = false;
    });
    await waitUntilReady(adminUrl, startTimeoutMs, postmaster, log);
    running = true;
  };

  const stop = async (mode: StopMode = 'immediate') => {
    const postmaster = child;
    if (!postmaster || postmaster.exitCode !== null || postmaster.signalCode !== null) return;
    running = false;
    postmaster.kill(mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
    const timer = setTimeout(() => postmaster.kill('SIGKILL'), 20_000);
    await exited(postmaster);
    clearTimeout(timer);
  };

  try {
    await start();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${databaseName.replace(/"/g, '""')}"`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }

  return {
    url,
    port,
    get running() {
      return running;
    },
    stop,
    start,
    async restart({ mode = 'immediate', downMs = 0 } = {}) {
      await stop(mode);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    log,
    async close() {
      if (closed) return;
      closed = true;
      await cleanup();
    },
  };
}
