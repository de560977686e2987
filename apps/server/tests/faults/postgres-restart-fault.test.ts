/**
 * PostgreSQL crashes and restarts in the middle of a rush of enrolments. The database is a private
 * PostgreSQL server of this test (apps/server/tests/support/private-postgres.ts: the machine's shared one is
 * used by other tests at the same time and is never touched); the servers are two real instances
 * (`node apps/server/dist/main.js`, child processes) sharing it, with the local directory (its
 * memberships are tables of the same database, so they go down with it).
 *
 * 160 people enrol through fetch with bounded concurrency, each trying again after a 503
 * as a person would. Once enough are accepted, PostgreSQL is stopped in immediate mode (a crash:
 * no checkpoint, the restart replays the WAL), stays down a moment, and starts again; later it is
 * restarted once more in fast mode (an administrator's restart: sessions terminated with 57P01).
 * The clients keep sending all along. Expected:
 *
 * - while it is down, every answer is a 503 JSON `{error, message}` (pt-BR): never a 500, never a
 *   request left hanging past the client's timeout;
 * - afterwards both instances serve enrolments again without being restarted (their pools
 *   reconnect), and /readyz says ok;
 * - in the database, once the periodic repair has settled the enrolments the crash interrupted:
 *   no place lost or counted twice, every 200 there and confirmed with its membership.
 */
import { allCourses } from '@centro/content';
import { messages } from '@centro/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDataDir } from '../../src/data-dir.js';
import { openDatabase } from '../../src/db/database.js';
import { createApiTokens } from '../../src/auth/api-tokens.js';
import { REFUSALS } from '../../src/refusals/catalogue.js';
import {
  checkEnrolmentInvariants,
  enrolmentKey,
  waitForNoPending,
  type EnrolmentKey,
} from '../support/enrolment-invariants.js';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.js';
import {
  processExited,
  seedPeople,
  startServerProcess,
  stopServerProcess,
  warnIfNotBuilt,
  type ServerProcess,
} from '../support/server-process.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../support/web-root.js';

const SECRET = 'chave-do-teste-de-queda-do-postgres-0123456789abcdef';
const PEOPLE = 160;
/** Places of the course that fills up (its content has 40). */
const FULL_COURSE_PLACES = 25;
/** Clients sending at once (each one person after another). */
const CONCURRENCY = 12;
/** The restarts of PostgreSQL: once so many enrolments are accepted, how, and for how long. */
const RESTARTS = [
  { afterAccepted: 40, mode: 'immediate', downMs: 1_000 },
  { afterAccepted: 95, mode: 'fast', downMs: 500 },
] as const;
/** A request not answered within this is a hang. */
const CLIENT_TIMEOUT_MS = 10_000;
/** A person tries again after a 503, for this long at most. */
const PERSON_PATIENCE_MS = 15_000;
const RETRY_PAUSE_MS = 100;

const database: PrivatePostgres | null = warnIfNotBuilt('the PostgreSQL restart test')
  ? await startPrivatePostgres('the PostgreSQL restart test')
  : null;

const servers: ServerProcess[] = [];
let fixture: FixtureWebRoot | undefined;
afterAll(async () => {
  for (const server of servers) await stopServerProcess(server.child);
  await fixture?.cleanup();
  await database?.close();
});

/** Waits until the instance answers /readyz with 200 (at most 30 s). */
async function untilReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await fetch(`${server.origin}/readyz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) {
      throw new Error(`${server.origin} not ready:\n${server.output.slice(-20).join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Answer {
  person: string;
  course: string;
  server: number;
  status: number | 'timeout' | 'network-error';
  contentType: string;
  body: { error?: unknown; message?: unknown; data?: { alreadyEnrolled?: boolean } } | undefined;
  /** When the request was sent and answered (ms since the rush started). */
  sentAt: number;
  answeredAt: number;
}

describe.skipIf(!database)('PostgreSQL crashed and restarted during a rush of enrolments', () => {
  it(
    'answers 503 while it is down, recovers without restarting the servers, loses no place',
    { timeout: 90_000 },
    async () => {
      const pg = database as PrivatePostgres;
      fixture = await createFixtureWebRoot();
      await ensureDataDir(fixture.dataDir);
      const seeded = await openDatabase({ databaseUrl: pg.url, dataDir: fixture.dataDir });
      const people = await seedPeople(seeded.db, PEOPLE);
      await seeded.close();

      // Two instances on the one database; ENROLMENT_REPAIR_AFTER_SECONDS=2 so that the enrolments
      // the crash interrupted are settled within the test (requests here last milliseconds).
      // Started side by side (migrations and the shared secret files are safe to race).
      const env = { DATABASE_URL: pg.url, ENROLMENT_REPAIR_AFTER_SECONDS: '2' };
      const starts = await Promise.allSettled(
        [0, 1].map(() =>
          startServerProcess({ fixture: fixture as FixtureWebRoot, secret: SECRET, env }),
        ),
      );
      for (const start of starts) if (start.status === 'fulfilled') servers.push(start.value);
      for (const start of starts) if (start.status === 'rejected') throw start.reason;
      // The rush starts once both answer /readyz (database and directory answer), not when they
      // print that they listen: a request refused while an instance is still starting would end
      // that person's turn, and a rush that ends so can finish before its first restart.
      for (const server of servers) await untilReady(server);

      const tokens = createApiTokens({ secret: Buffer.from(SECRET) });
      // 40 people per course: one course fills up (409s), the others keep free places.
      const slugs = ['conheca-o-espiritismo', 'nosso-lar', 'passe', 'vibracao'];
      const courses = slugs.map((slug) => {
        const course = allCourses().find((c) => c.slug === slug);
        if (!course) throw new Error(`no course ${slug}`);
        return course;
      });
      const fullCourse = courses[3] as (typeof courses)[number];
      // Courses are synchronised from the content at start-up only: this stays while they run.
      const setup = await openDatabase({ databaseUrl: pg.url, dataDir: fixture.dataDir });
      await setup.db
        .updateTable('classes')
        .set({ places: FULL_COURSE_PLACES, places_by_staff: 1 })
        .where('course_slug', '=', fullCourse.slug)
        .execute();
      await setup.close();

      const started = Date.now();
      const answers: Answer[] = [];
      const accepted = new Set<EnrolmentKey>();
      const outcome = new Map<string, number>();
      /**
       * The outages, in ms since the rush started: the stop asked for (down), the server gone
       * (stopped), its start asked for (starting) and its first answer to us (up). Between
       * stopped and starting there is certainly no PostgreSQL; Infinity until it happened.
       */
      interface Outage {
        mode: string;
        down: number;
        stopped: number;
        starting: number;
        up: number;
      }
      const outages: Outage[] = [];
      let restarting: Promise<void> | undefined;
      const since = () => Date.now() - started;
      const restartPostgres = async (outage: Outage, downMs: number) => {
        await pg.stop(outage.mode === 'fast' ? 'fast' : 'immediate');
        outage.stopped = since();
        await new Promise((resolve) => setTimeout(resolve, downMs));
        outage.starting = since();
        await pg.start();
        outage.up = since();
      };

      const send = async (person: string, i: number, attempt: number): Promise<Answer> => {
        const course = courses[i % courses.length] as (typeof courses)[number];
        // Alternating between the instances, whatever the course (i counts courses round-robin).
        const server = (i + Math.floor(i / courses.length) + attempt) % servers.length;
        const sentAt = Date.now() - started;
        const base = { person, course: course.slug, server, sentAt };
        try {
          const res = await fetch(`${(servers[server] as ServerProcess).origin}/api/group/add`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              group: course.groupId,
              user: person,
              token: tokens.issueForUser(person).token,
            }),
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          });
          const text = await res.text();
          let body: Answer['body'];
          try {
            body = JSON.parse(text) as Answer['body'];
          } catch {
            body = undefined;
          }
          return {
            ...base,
            status: res.status,
            contentType: res.headers.get('content-type') ?? '',
            body,
            answeredAt: Date.now() - started,
          };
        } catch (error) {
          const timedOut = error instanceof Error && error.name === 'TimeoutError';
          return {
            ...base,
            status: timedOut ? 'timeout' : 'network-error',
            contentType: '',
            body: undefined,
            answeredAt: Date.now() - started,
          };
        }
      };

      const enrolPerson = async (person: string, i: number) => {
        const giveUpAt = Date.now() + PERSON_PATIENCE_MS;
        for (let attempt = 0; ; attempt++) {
          const answer = await send(person, i, attempt);
          answers.push(answer);
          if (answer.status === 200) accepted.add(enrolmentKey(answer.course, person));
          const restart = RESTARTS[outages.length];
          if (restart && accepted.size >= restart.afterAccepted && !restarting) {
            const outage: Outage = {
              mode: restart.mode,
              down: since(),
              stopped: Infinity,
              starting: Infinity,
              up: Infinity,
            };
            outages.push(outage);
            restarting = restartPostgres(outage, restart.downMs).then(() => {
              restarting = undefined;
            });
          }
          if (answer.status !== 503 || Date.now() > giveUpAt) {
            outcome.set(person, typeof answer.status === 'number' ? answer.status : 0);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
        }
      };

      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < people.length) {
            const i = next++;
            await enrolPerson(people[i] as string, i);
          }
        }),
      );
      await restarting;
      // Both restarts happened, or the answers say why not (people who got no 200 to count).
      expect(
        outages.map((o) => o.mode),
        JSON.stringify({
          accepted: accepted.size,
          notAccepted: answers.filter((a) => a.status !== 200).slice(0, 5),
        }),
      ).toEqual(RESTARTS.map((r) => r.mode));
      const rushMs = Date.now() - started;

      // The servers lived through it, and are ready again without a restart.
      for (const server of servers) {
        expect(server.child.exitCode, server.output.slice(-50).join('')).toBeNull();
        const ready = await fetch(`${server.origin}/readyz`);
        expect(ready.status, server.output.slice(-20).join('')).toBe(200);
      }

      // Every answer was a 200, a 409 (full) or a 503 JSON with its pt-BR message: no 500, no
      // request without an answer.
      const byStatus = new Map<Answer['status'], number>();
      for (const answer of answers) {
        byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      }
      const odd = answers.filter((a) => a.status !== 200 && a.status !== 409 && a.status !== 503);
      expect(odd, JSON.stringify(odd.slice(0, 5))).toEqual([]);
      const refusals = [
        // The database failed (apiErrorOf), or the local directory did (its tables are in it).
        {
          error: REFUSALS.databaseUnavailable.code,
          message: REFUSALS.databaseUnavailable.message,
        },
        {
          error: REFUSALS.enrolmentIncomplete.code,
          message: REFUSALS.enrolmentIncomplete.message,
        },
      ];
      for (const answer of answers.filter((a) => a.status !== 200)) {
        expect(answer.contentType).toContain('application/json');
        if (answer.status === 409) {
          expect(answer.body).toEqual({ error: 'course_full', message: messages.courseFull });
        } else {
          expect(refusals).toContainEqual(answer.body);
        }
      }
      const unavailable = answers.filter((a) => a.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      for (const answer of unavailable) {
        // Only around an outage (a request sent just before it may be answered in it).
        const around = outages.some(
          (o) => answer.answeredAt >= o.down && answer.sentAt <= o.up + 1_000,
        );
        expect(around, JSON.stringify({ answer, outages })).toBe(true);
      }
      for (const outage of outages) {
        // While it was certainly down, nothing but 503s...
        const during = answers.filter(
          (a) => a.sentAt > outage.stopped && a.answeredAt < outage.starting,
        );
        expect(during.length, outage.mode).toBeGreaterThan(0);
        expect(
          during.filter((a) => a.status !== 503).map((a) => ({ ...a, body: undefined })),
          `${outage.mode} restart: ${JSON.stringify(outage)}`,
        ).toEqual([]);
        // ...and after it, both instances enrolled people again. Counted from the moment it was
        // being started (a 200 sent then can only come from the restarted database): `up` is
        // noted only when pg_ctl's wait returns, and on a busy machine the people still trying
        // may all be enrolled before that.
        const recovered = answers.filter((a) => a.status === 200 && a.sentAt > outage.starting);
        const after = answers
          .filter((a) => a.sentAt > outage.starting)
          .map(({ server, status, sentAt }) => ({ server, status, sentAt }));
        expect(
          new Set(recovered.map((a) => a.server)).size,
          `${outage.mode} restart: ${JSON.stringify({ outage, after: after.slice(0, 40) })}`,
        ).toBe(2);
      }
      // Everyone got a final answer: enrolled, or the course was full.
      const unsettled = people.filter((p) => outcome.get(p) !== 200 && outcome.get(p) !== 409);
      expect(unsettled).toEqual([]);

      // The database, once the periodic repair settled what the crash interrupted.
      const check = await openDatabase({ databaseUrl: pg.url, dataDir: fixture.dataDir });
      try {
        const pendingAfterRush = (await checkEnrolmentInvariants(check.db, { accepted: [] }))
          .summary.pending;
        const pendingLeft = await waitForNoPending(check.db, 15_000);
        expect(pendingLeft).toBe(0);
        const { violations, summary } = await checkEnrolmentInvariants(check.db, {
          accepted,
          noPending: true,
        });
        expect(violations).toEqual([]);
        // Every course holds everyone who asked, up to its places.
        for (const course of courses) {
          const places = course === fullCourse ? FULL_COURSE_PLACES : course.places;
          expect(summary.courses[course.slug]?.rows, course.slug).toBe(
            Math.min(places, PEOPLE / courses.length),
          );
        }
        console.info(
          `PostgreSQL restart test: ${answers.length} requests in ${rushMs} ms (${[...byStatus]
            .map(([s, n]) => `${n}×${s}`)
            .join(', ')}), ${outages
            .map(
              (o) =>
                `${o.mode} restart: stop at ${o.down} ms, gone at ${o.stopped} ms, back at ${o.up} ms`,
            )
            .join(
              ', ',
            )}, ${pendingAfterRush} pending after the rush, ${accepted.size} accepted, ${summary.rows} enrolled`,
        );
      } finally {
        await check.close();
      }
      for (const server of servers) {
        await stopServerProcess(server.child);
        await processExited(server.child);
      }
    },
  );
});
