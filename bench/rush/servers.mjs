// Starts what the rush runs against: the hello-world ceiling and the built server's instances on
// one database target (SQLite in a temporary data directory, or a throw-away PostgreSQL database).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '@centro/server/database';
import { freePort, seedPeople, startServer } from '@centro/server/testing';
import { load } from './load.mjs';
import {
  ADMIN_URL,
  bigCourse,
  bodiesFor,
  CEILING_ROUNDS,
  CONNECTIONS,
  CPU_PROF,
  PEOPLE,
  peopleFor,
  RATE_LIMIT_API_PER_MINUTE,
  SECRET,
  WARM_UP,
} from './settings.mjs';
import { median, percentile } from './statistics.mjs';

function waitForLine(child, text) {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes(text)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before "${text}"`)));
  });
}

/**
 * Requests per second of the bare Fastify server, same settings, same bodies. Its CPU is read
 * from /proc in 10 ms ticks, and one rush of 2,000 hello-world requests is only 100–200 ms of CPU,
 * so one reading moves ±5–10 % with the ticks alone. The ceiling is therefore measured
 * CEILING_ROUNDS times per run (RUSH_CEILING_ROUNDS, default 5), each round exactly like the
 * enrolment's measurement: a fresh server, the same warm-up, then one rush of the same PEOPLE
 * requests over CONNECTIONS new connections. (Rushes repeated on one server are not the same
 * settings: the later ones run warmer, 0.045–0.07 ms against 0.10–0.115 ms for the first.) CPU
 * per request: the rounds' total ÷ their requests; requests/s: their requests ÷ their time; p50,
 * p99: the median of the rounds'. The enrolment's own measurement is unchanged (one rush per run).
 */
export async function measureCeiling() {
  const rounds = [];
  for (let round = 0; round < CEILING_ROUNDS; round++) rounds.push(await measureCeilingRound());
  const requests = PEOPLE * rounds.length;
  const sum = (f) => rounds.reduce((total, r) => total + f(r), 0);
  return {
    rounds: rounds.length,
    requestsPerSecond: requests / sum((r) => r.seconds),
    p50: median(rounds.map((r) => r.result.latency.p50)),
    p99: median(rounds.map((r) => r.result.latency.p99)),
    p99Open: median(rounds.map((r) => r.p99Open)),
    serverCpuPerRequest: sum((r) => r.serverCpuMs) / requests,
    clientCpuPerRequest: sum((r) => r.clientCpuMs) / requests,
    // Per round, to show how much a single 2,000-request reading moves.
    cpuPerRound: rounds.map((r) => r.serverCpuMs / PEOPLE),
  };
}

/** One round of the ceiling: a fresh hello-world server, the warm-up, then the measured rush. */
async function measureCeilingRound() {
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/rush/hello-server.mjs'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await waitForLine(child, 'listening');
    const url = `http://127.0.0.1:${port}`;
    const people = peopleFor(PEOPLE);
    await load([url], bodiesFor(peopleFor(WARM_UP), bigCourse));
    const run = await load([url], bodiesFor(people, bigCourse), [child.pid]);
    const ok = run.answers.filter((a) => a?.status === 200).length;
    if (ok !== PEOPLE) throw new Error(`the hello-world server answered ${ok} of ${PEOPLE}`);
    const p99Open = percentile(
      run.answers.slice(CONNECTIONS).map((a) => a?.ms ?? Infinity),
      0.99,
    );
    return { ...run, p99Open };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function adminQuery(query) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Seeds the people, starts the target's instances; resolves to { urls, db, stop() }. */
export async function startTarget(target, people) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'centro-rush-'));
  const env = {
    // As deployed (docs/deployment.md): React renders the e-mails in its production build.
    NODE_ENV: 'production',
    // One public origin for every instance, as behind the deployment's proxy: the built-in
    // provider's issuer is the same on both, so a provider token of the journey is good on either.
    SITE_URL: 'http://localhost:3000',
    API_TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    RATE_LIMIT_API_PER_MINUTE: String(RATE_LIMIT_API_PER_MINUTE),
    // The server's default unless the bench is told otherwise (decision 037's comparison).
    ...(process.env.ACCEPT_DESCRIPTORS && { ACCEPT_DESCRIPTORS: process.env.ACCEPT_DESCRIPTORS }),
  };
  let drop = async () => undefined;
  if (target.id === 'postgres') {
    const name = `centro_bench_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database "${name}"`);
    drop = () => adminQuery(`drop database if exists "${name}" with (force)`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  const servers = [];
  const stop = async () => {
    for (const server of servers) await server.stop();
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seedPeople(handle.db, people);
    const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
    for (let i = 0; i < target.instances; i++) servers.push(await startServer(env, { nodeArgs }));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urls: servers.map((s) => s.url),
    pids: servers.map((s) => s.pid),
    db: handle.db,
    dataDir,
    stop,
  };
}

/**
 * Starts the enrolment's floor (floor-server.mjs) on the target's kind of database, as
 * many instances as the product's, with `places` (course → places) set; resolves to
 * { urls, pids, check(course), stop() }. `check` answers the floor's rows, `taken` and places of a
 * course, for the same must-hold checks as the product's.
 */
export async function startFloor(target, places) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'centro-floor-'));
  const env = { API_TOKEN_SECRET: SECRET };
  let drop = async () => undefined;
  let query;
  let close = async () => undefined;
  if (target.id === 'postgres') {
    const name = `centro_floor_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database "${name}"`);
    drop = () => adminQuery(`drop database if exists "${name}" with (force)`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    env.FLOOR_DATABASE_URL = url.toString();
    const client = new pg.Client({ connectionString: env.FLOOR_DATABASE_URL });
    await client.connect();
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.end();
  } else {
    env.FLOOR_SQLITE = join(dataDir, 'floor.sqlite');
  }
  const children = [];
  const stop = async () => {
    for (const child of children) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
    for (let i = 0; i < target.instances; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, [...nodeArgs, 'bench/rush/floor-server.mjs'], {
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      await waitForLine(child, 'listening');
      child.url = `http://127.0.0.1:${port}`;
    }
    if (!query) {
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(env.FLOOR_SQLITE);
      db.pragma('busy_timeout = 5000');
      query = async (text, values = []) => {
        const statement = db.prepare(text.replace(/\$\d+/g, '?'));
        return statement.reader ? statement.all(...values) : (statement.run(...values), []);
      };
      close = async () => db.close();
    }
    for (const [course, count] of places) {
      await query(
        'insert into floor_places (group_id, course, places, taken, invite) values ($1, $2, $3, 0, $4)',
        [course.groupId.toLowerCase(), course.slug, count, course.inviteCode ?? 'Floor'],
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const check = async (course) => {
    const group = course.groupId.toLowerCase();
    const [row] = await query('select places, taken from floor_places where group_id = $1', [
      group,
    ]);
    const enrolled = await query('select user_id from floor_enrolments where group_id = $1', [
      group,
    ]);
    const members = await query('select user_id from floor_members where group_id = $1', [group]);
    const [{ n }] = await query('select count(*) as n from floor_outbox where group_id = $1', [
      group,
    ]);
    return {
      ...row,
      enrolled: enrolled.map((r) => r.user_id),
      members: members.map((r) => r.user_id),
      queued: Number(n),
    };
  };
  return { urls: children.map((c) => c.url), pids: children.map((c) => c.pid), check, stop };
}
