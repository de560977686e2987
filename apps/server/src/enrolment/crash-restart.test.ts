/**
 * A server killed during enrolments, then restarted on the same DATA_DIR (SQLite): the real server
 * (`node apps/server/dist/main.js`, built by `npx tsc -b apps/server`) as a child process on
 * 127.0.0.1, enrolments fired with fetch, SIGKILL while they are in flight, a restart with
 * ENROLMENT_REPAIR_AFTER_SECONDS=0 (every interrupted enrolment settled at start-up). Then, in the
 * database: every enrolment answered 200 is there and confirmed, none is pending, every course's
 * `taken` equals its rows, every confirmed row has its membership in the (local) directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allCourses } from '@centro/content';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiTokens } from '../auth/api-tokens.js';
import { ensureDataDir } from '../data-dir.js';
import { openDatabase } from '../db/database.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../test-support/web-root.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const SECRET = 'chave-do-teste-de-queda-do-servidor-0123456789abcdef';
const PEOPLE = 150;
/** Enrolments accepted before the kill. */
const KILL_AFTER_ACCEPTED = 40;
/** Enrolments in flight at any time (and so when the server is killed). */
const CONCURRENCY = 16;

const built = existsSync(MAIN);
if (!built) {
  console.warn(`${MAIN} is missing (run npx tsc -b apps/server): the crash test is skipped.`);
}

interface Server {
  child: ChildProcess;
  origin: string;
  output: string[];
}

/** Starts the built server on a free port; resolves once it listens. */
function startServer(fixture: FixtureWebRoot, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_ROOT: fixture.webRoot,
      DATA_DIR: fixture.dataDir,
      API_TOKEN_SECRET: SECRET,
      LOG_LEVEL: 'info',
      RATE_LIMIT_API_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${output.join('')}`));
    }, 10_000);
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

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

const children: ChildProcess[] = [];
let fixture: FixtureWebRoot | undefined;
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  }
  await fixture?.cleanup();
});

describe.skipIf(!built)('a server killed during enrolments (SQLite)', () => {
  it(
    'loses no accepted enrolment and counts no place twice after a restart',
    {
      timeout: 30_000,
    },
    async () => {
      fixture = await createFixtureWebRoot();
      // The people, as accounts of the built-in provider (the local directory's users).
      const people = Array.from({ length: PEOPLE }, () => randomUUID());
      await ensureDataDir(fixture.dataDir);
      const seeded = await openDatabase({ dataDir: fixture.dataDir });
      const now = new Date().toISOString();
      await seeded.db
        .insertInto('accounts')
        .values(
          people.map((id) => ({
            id,
            email: `${id}@example.org`,
            password_hash: 'not-a-password',
            display_name: 'Pessoa',
            mail: `${id}@example.org`,
            privacy_accepted_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await seeded.close();

      const tokens = createApiTokens({ secret: Buffer.from(SECRET) });
      const courses = allCourses()
        .filter((course) => course.places >= 10)
        .slice(0, 3);
      expect(courses).toHaveLength(3);

      const started = Date.now();
      const first = await startServer(fixture, {});
      const phases = [`start ${Date.now() - started} ms`];
      children.push(first.child);
      const accepted = new Set<string>();
      let killed = false;
      const kill = () => {
        if (killed) return;
        killed = true;
        first.child.kill('SIGKILL');
      };
      const enrol = async (userId: string, i: number) => {
        const course = courses[i % courses.length];
        if (!course) return;
        try {
          const res = await fetch(`${first.origin}/api/group/add`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              group: course.groupId,
              user: userId,
              token: tokens.issueForUser(userId).token,
            }),
            signal: AbortSignal.timeout(5_000),
          });
          await res.arrayBuffer();
          if (res.status === 200) accepted.add(`${course.slug}|${userId}`);
          else expect([409, 503]).toContain(res.status);
        } catch {
          // In flight when the server died: no answer, nothing promised.
        }
        if (accepted.size >= KILL_AFTER_ACCEPTED) kill();
      };
      // CONCURRENCY clients enrolling one person after another: when the server is killed, about
      // that many enrolments are in flight.
      let next = 0;
      const clients = Array.from({ length: CONCURRENCY }, async () => {
        while (!killed && next < people.length) {
          const i = next++;
          await enrol(people[i] as string, i);
        }
      });
      await Promise.all(clients);
      kill();
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(accepted.size).toBeGreaterThanOrEqual(KILL_AFTER_ACCEPTED);
      expect(accepted.size).toBeLessThan(PEOPLE);

      // As the crash left it: places count every row, pending ones included.
      const crashed = await openDatabase({ dataDir: fixture.dataDir });
      const pendingAtCrash = await crashed.db
        .selectFrom('enrolments')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      await crashed.close();

      // Restarted: the interrupted enrolments are settled at start-up.
      phases.push(`enrolments and kill ${Date.now() - started} ms`);
      const second = await startServer(fixture, { ENROLMENT_REPAIR_AFTER_SECONDS: '0' });
      phases.push(`restart ${Date.now() - started} ms`);
      children.push(second.child);
      const db = await openDatabase({ dataDir: fixture.dataDir });
      try {
        const rows = await db.db.selectFrom('enrolments').selectAll().execute();
        expect(rows.filter((row) => row.status !== 'confirmed')).toEqual([]);
        const confirmed = new Set(rows.map((row) => `${row.course_slug}|${row.user_id}`));
        for (const key of accepted) expect(confirmed, key).toContain(key);

        const courseRows = await db.db.selectFrom('courses').selectAll().execute();
        for (const course of courseRows) {
          const count = rows.filter((row) => row.course_slug === course.slug).length;
          expect(course.taken, course.slug).toBe(count);
          expect(course.taken).toBeLessThanOrEqual(course.places);
        }

        const memberships = await db.db.selectFrom('directory_memberships').selectAll().execute();
        const members = new Set(memberships.map((m) => `${m.group_id}|${m.user_id}`));
        const groupOf = new Map(courseRows.map((c) => [c.slug, c.group_id]));
        for (const row of rows) {
          expect(members).toContain(`${groupOf.get(row.course_slug)}|${row.user_id}`);
        }

        // The restarted server answers and agrees.
        const availability = await fetch(`${second.origin}/api/courses/availability`);
        const body = (await availability.json()) as {
          courses: Record<string, { places: number; placesLeft: number }>;
        };
        for (const course of courseRows) {
          expect(body.courses[course.slug]?.placesLeft).toBe(course.places - course.taken);
        }
        console.info(
          `crash test: ${accepted.size} accepted before the kill, ${pendingAtCrash.n} pending at the crash, ${rows.length} enrolled after the restart (${phases.join(', ')})`,
        );
      } finally {
        await db.close();
        second.child.kill('SIGTERM');
        await exited(second.child);
      }
    },
  );
});
