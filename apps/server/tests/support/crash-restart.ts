/**
 * A server killed during enrolments, then restarted on the same database. The real server
 * (`node apps/server/dist/main.js`, built by `npx tsc -b apps/server`) as a child process on
 * 127.0.0.1 with the local directory, enrolments fired with fetch, SIGKILL while they are in
 * flight, a restart with ENROLMENT_REPAIR_AFTER_SECONDS=0 (every interrupted enrolment settled at
 * start-up). Then, in the database: every enrolment answered 200 is there and confirmed, none is
 * pending, every course's `taken` equals its rows, every confirmed row has its membership in the
 * (local) directory; and the restarted server's availability agrees.
 *
 * `describeCrashRestart` defines the suite for one database: crash-restart.test.ts (SQLite, the
 * same DATA_DIR) and crash-restart-postgres.test.ts (a throw-away PostgreSQL database), in two files
 * so that each stays short on a loaded machine.
 */
import { allCourses } from '@centro/content';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiTokens } from '../../src/auth/api-tokens.js';
import { ensureDataDir } from '../../src/data-dir.js';
import { openDatabase, type Dialect } from '../../src/db/database.js';
import {
  checkEnrolmentInvariants,
  enrolmentKey,
  type EnrolmentKey,
} from './enrolment-invariants.js';
import {
  processExited,
  seedPeople,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './server-process.js';
import { createFixtureWebRoot, type FixtureWebRoot } from './web-root.js';

const SECRET = 'chave-do-teste-de-queda-do-servidor-0123456789abcdef';
const PEOPLE = 150;
/** Enrolments accepted before the kill. */
const KILL_AFTER_ACCEPTED = 40;
/** Enrolments in flight at any time (and so when the server is killed). */
const CONCURRENCY = 16;

export interface CrashRestartTarget {
  dialect: Dialect;
  /** DATABASE_URL of the server (undefined: SQLite under DATA_DIR). */
  databaseUrl: string | undefined;
}

/** Defines the suite for the target; skipped (the caller printed why) when `skip`. */
export function describeCrashRestart(target: CrashRestartTarget, skip = false): void {
  describe.skipIf(skip)(`a server killed during enrolments (${target.dialect})`, () => {
    const servers: ServerProcess[] = [];
    const fixtures: FixtureWebRoot[] = [];
    afterAll(async () => {
      for (const { child } of servers) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await processExited(child);
      }
      for (const fixture of fixtures) await fixture.cleanup();
    });

    it(
      'loses no accepted enrolment and counts no place twice after a restart',
      { timeout: 60_000 },
      async () => {
        const fixture = await createFixtureWebRoot();
        fixtures.push(fixture);
        const database = { databaseUrl: target.databaseUrl, dataDir: fixture.dataDir };
        const env: Record<string, string> = target.databaseUrl
          ? { DATABASE_URL: target.databaseUrl }
          : {};
        // The people, as accounts of the built-in provider (the local directory's users).
        await ensureDataDir(fixture.dataDir);
        const seeded = await openDatabase(database);
        const people = await seedPeople(seeded.db, PEOPLE);
        await seeded.close();

        const tokens = createApiTokens({ secret: Buffer.from(SECRET) });
        const courses = allCourses()
          .filter((course) => course.places >= 10)
          .slice(0, 3);
        expect(courses).toHaveLength(3);

        const started = Date.now();
        const first = await startServerProcess({ fixture, secret: SECRET, env });
        const phases = [`start ${Date.now() - started} ms`];
        servers.push(first);
        const accepted = new Set<EnrolmentKey>();
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
            if (res.status === 200) accepted.add(enrolmentKey(course.slug, userId));
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
        await processExited(first.child);
        expect(first.child.signalCode).toBe('SIGKILL');
        expect(accepted.size).toBeGreaterThanOrEqual(KILL_AFTER_ACCEPTED);
        expect(accepted.size).toBeLessThan(PEOPLE);

        // As the crash left it: places count every row, pending ones included.
        const crashed = await openDatabase(database);
        const atCrash = await checkEnrolmentInvariants(crashed.db, { accepted });
        await crashed.close();
        expect(atCrash.violations).toEqual([]);

        // Restarted: the interrupted enrolments are settled at start-up.
        phases.push(`enrolments and kill ${Date.now() - started} ms`);
        const second = await startServerProcess({
          fixture,
          secret: SECRET,
          env: { ...env, ENROLMENT_REPAIR_AFTER_SECONDS: '0' },
        });
        phases.push(`restart ${Date.now() - started} ms`);
        servers.push(second);
        const db = await openDatabase(database);
        try {
          const { violations, summary } = await checkEnrolmentInvariants(db.db, {
            accepted,
            noPending: true,
          });
          expect(violations).toEqual([]);

          // The restarted server answers and agrees.
          const availability = await fetch(`${second.origin}/api/courses/availability`);
          const body = (await availability.json()) as {
            courses: Record<string, { places: number; placesLeft: number }>;
          };
          // One class per course: the course's availability is its class's.
          const classRows = await db.db.selectFrom('classes').selectAll().execute();
          for (const row of classRows) {
            expect(body.courses[row.course_slug]?.placesLeft).toBe(row.places - row.taken);
          }
          console.info(
            `crash test (${target.dialect}): ${accepted.size} accepted before the kill, ${atCrash.summary.pending} pending at the crash, ${summary.rows} enrolled after the restart (${phases.join(', ')})`,
          );
        } finally {
          await db.close();
          await stopServerProcess(second.child);
        }
      },
    );
  });
}
