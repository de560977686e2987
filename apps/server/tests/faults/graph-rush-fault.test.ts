/**
 * Microsoft Graph throttling, failing and timing out during a rush of enrolments, through the real
 * HTTP API (buildApp listening on 127.0.0.1, requests from fetch) with DIRECTORY=graph against the
 * Graph stand-in, on SQLite and on PostgreSQL. (graph-outage.test.ts covers one enrolment during a
 * full outage; the adapter's retry rules are unit-tested in graph-directory.test.ts.)
 *
 * Each kind of fault hits its own course's group (the stand-in's faults match the group in the
 * path), and all of them run at the same time:
 *
 *   429 + Retry-After within the budget, once     → waits as asked, then 200
 *   429 + Retry-After beyond the budget           → 503 at once (no waiting in vain)
 *   503 on every attempt / on the first only      → 503 after 3 attempts / 200
 *   no answer (timeout) on every attempt / once   → 503, the place kept pending / 200
 *   500                                           → 502, not retried
 *   member added, then the connection lost        → 200 (the retry finds "already a member")
 *   member added, but answered after the timeout  → 503, the place kept pending (Graph has the
 *                                                   member: the next try or the repair confirms)
 *
 * Then a stampede: 25 people for the last 10 places of a course (some throttled while holding a
 * place), and everyone refused with a 5xx tries again. Afterwards: every 502/503 is JSON with the
 * pt-BR message and held no place, unless a call went unanswered (then the place is kept 'pending',
 * decision 030); no place lost or counted twice; every 200 is confirmed and a
 * member of the course's group in the stand-in; nobody is left in a group without a place.
 *
 * The two databases run side by side (one server and one stand-in each): most of the time goes in
 * waiting out timeouts and Retry-After, so the file takes about as long as one of them.
 */
import { randomUUID } from 'node:crypto';
import { allCourses } from '@centro/content';
import { messages } from '@centro/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  checkEnrolmentInvariants,
  enrolmentKey,
  type EnrolmentKey,
} from '../support/enrolment-invariants.js';
import { createGraphApi, type GraphApi } from '../support/graph-api.js';
import type { FaultAction } from '../support/graph-stand-in/stand-in.js';
import { createPostgresTestDatabase } from '../support/postgres.js';
import { REFUSALS } from '../../src/refusals/catalogue.js';

const pgDatabase = await createPostgresTestDatabase('graph_rush_fault');
afterAll(async () => {
  await pgDatabase?.drop();
});

const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

/**
 * Timeout of each Graph call: long enough that a healthy call never reaches it on a loaded machine
 * (calls took up to 2 s here with the load average at 10 on 2 cores), short enough that three
 * attempts fit the adapter's 10 s budget.
 */
const GRAPH_TIMEOUT_MS = 3_000;
const MAX_ATTEMPTS = 3;
const STAMPEDE_PLACES = 11;
const STAMPEDE_PEOPLE = 25;

interface Wave {
  name: string;
  people: number;
  action: FaultAction;
  /** How many of the course's member additions the fault hits. */
  times: (people: number) => number;
  expected: 200 | 502 | 503;
  /** Whether the adapter tries again (2 or 3 attempts per person) or not (1). */
  retried: boolean;
  /** What the stand-in recorded for the faulty calls of a wave that ends in 200s. */
  outcome?: number | 'hung' | 'reset';
  /** The calls went unanswered (Graph may have acted): the places stay 'pending'. */
  kept?: boolean;
}

const WAVES: Wave[] = [
  {
    name: 'throttled once (429, Retry-After: 1)',
    people: 4,
    action: { type: 'status', status: 429, retryAfter: '1' },
    times: (n) => n,
    expected: 200,
    retried: true,
    outcome: 429,
  },
  {
    name: 'throttled beyond the budget (429, Retry-After: 30)',
    people: 3,
    action: { type: 'status', status: 429, retryAfter: '30' },
    times: (n) => n,
    expected: 503,
    retried: false,
  },
  {
    name: 'unavailable on every attempt (503)',
    people: 3,
    action: { type: 'status', status: 503 },
    times: (n) => n * MAX_ATTEMPTS,
    expected: 503,
    retried: true,
  },
  {
    name: 'unavailable once (503)',
    people: 3,
    action: { type: 'status', status: 503 },
    times: (n) => n,
    expected: 200,
    retried: true,
    outcome: 503,
  },
  {
    name: 'no answer on every attempt (timeouts)',
    people: 3,
    action: { type: 'hang' },
    times: (n) => n * MAX_ATTEMPTS,
    expected: 503,
    retried: true,
    kept: true,
  },
  {
    name: 'no answer once (a timeout)',
    people: 3,
    action: { type: 'hang' },
    times: (n) => n,
    expected: 200,
    retried: true,
    outcome: 'hung',
  },
  {
    name: 'an internal error (500)',
    people: 2,
    action: { type: 'status', status: 500 },
    times: (n) => n,
    expected: 502,
    retried: false,
  },
  {
    name: 'member added, connection lost before the answer',
    people: 3,
    action: { type: 'reset-after-commit' },
    times: (n) => n,
    expected: 200,
    retried: true,
    outcome: 'reset',
  },
  {
    name: 'member added, answered after the timeout',
    people: 2,
    action: { type: 'delay', ms: GRAPH_TIMEOUT_MS * 2 },
    times: (n) => n * MAX_ATTEMPTS,
    expected: 503,
    retried: true,
    kept: true,
  },
];

interface Answer {
  status: number;
  contentType: string;
  body: { error?: string; message?: string; data?: { alreadyEnrolled?: boolean } };
  ms: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Environment extends GraphApi {
  origin: string;
}

const environments = new Map<string, Environment>();

async function setUp(databaseUrl: string | undefined): Promise<Environment> {
  const graphApi = await createGraphApi({ databaseUrl, timeoutMs: GRAPH_TIMEOUT_MS });
  const origin = await graphApi.api.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...graphApi, origin };
}

beforeAll(async () => {
  await Promise.all(
    targets.map(async (target) => {
      environments.set(target.dialect, await setUp(target.databaseUrl));
    }),
  );
}, 60_000);

afterAll(async () => {
  for (const environment of environments.values()) await environment.close();
});

describe('Microsoft Graph failing during a rush of enrolments', () => {
  it.concurrent.for(targets)(
    'answers 502/503 JSON for what failed, holds a place only where the call went unanswered, and loses no place ($dialect)',
    { timeout: 60_000 },
    async (target, { expect }) => {
      const { standIn, api, origin } = environments.get(target.dialect) as Environment;
      const db = api.app.database.db;
      // Courses anyone may enrol in (no prerequisites: decision 061).
      const courses = allCourses().filter((c) => !c.prerequisites);
      const stampedeCourse = courses[0] as (typeof courses)[number];
      const waveCourses = courses.slice(1, 1 + WAVES.length);
      const accepted = new Set<EnrolmentKey>();
      const answers: Answer[] = [];
      const newPerson = () =>
        standIn.addUser({ id: randomUUID(), displayName: 'Pessoa', mail: null }).id;

      const enrol = async (course: (typeof courses)[number], userId: string): Promise<Answer> => {
        const started = Date.now();
        const res = await fetch(`${origin}/api/group/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            group: course.groupId,
            user: userId,
            token: api.tokenFor(userId),
          }),
          signal: AbortSignal.timeout(30_000),
        });
        const answer: Answer = {
          status: res.status,
          contentType: res.headers.get('content-type') ?? '',
          body: (await res.json()) as Answer['body'],
          ms: Date.now() - started,
        };
        answers.push(answer);
        if (answer.status === 200) accepted.add(enrolmentKey(course.slug, userId));
        return answer;
      };
      const rowsOf = (slug: string) =>
        db.selectFrom('enrolments').selectAll().where('course_slug', '=', slug).execute();
      const takenOf = async (slug: string) =>
        (
          await db
            .selectFrom('classes')
            .select('taken')
            .where('course_slug', '=', slug)
            .executeTakeFirstOrThrow()
        ).taken;
      const memberAdds = (groupId: string) =>
        standIn
          .graphCalls()
          .filter(
            (c) =>
              c.method === 'POST' &&
              c.path.toLowerCase() === `/v1.0/groups/${groupId.toLowerCase()}/members/$ref`,
          );
      const membersOf = (groupId: string) =>
        standIn.groups.get(groupId.toLowerCase())?.members ?? new Set<string>();
      const onlyGroup = (groupId: string) =>
        new RegExp(`/groups/${escape(groupId)}/members/\\$ref$`, 'i');

      // The app's token first, and one place of the stampede's course taken.
      expect((await enrol(stampedeCourse, newPerson())).status).toBe(200);
      const started = Date.now();

      // Every wave at once, each fault on its own course's group.
      const waves = WAVES.map((wave, i) => {
        const course = waveCourses[i] as (typeof courses)[number];
        standIn.inject({
          method: 'POST',
          path: onlyGroup(course.groupId),
          times: wave.times(wave.people),
          action: wave.action,
        });
        return { wave, course, people: Array.from({ length: wave.people }, newPerson) };
      });
      const waveAnswers = await Promise.all(
        waves.map(({ course, people }) => Promise.all(people.map((p) => enrol(course, p)))),
      );
      const wavesMs = Date.now() - started;

      for (const [i, { wave, course, people }] of waves.entries()) {
        const got = waveAnswers[i] as Answer[];
        const calls = memberAdds(course.groupId);
        const context = `${wave.name}: answers ${got.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}; Graph ${calls.map((c) => c.outcome).join(', ')}`;
        expect(
          got.map((a) => a.status),
          context,
        ).toEqual(people.map(() => wave.expected));
        // Tried again up to the limit (429 within the budget, 503, timeouts, lost answers), or
        // given up at once (Retry-After beyond the budget, 500).
        const n = people.length;
        if (wave.retried) {
          expect(calls.length, context).toBeGreaterThanOrEqual(2 * n);
          expect(calls.length, context).toBeLessThanOrEqual(MAX_ATTEMPTS * n);
        } else {
          expect(calls.length, context).toBe(n);
        }
        const rows = await rowsOf(course.slug);
        if (wave.expected === 200) {
          // Enrolled, confirmed and members; the fault was met on the way.
          expect(
            rows.map((r) => r.status),
            context,
          ).toEqual(people.map(() => 'confirmed'));
          for (const person of people) expect(membersOf(course.groupId), context).toContain(person);
          expect(
            calls.filter((c) => c.outcome === wave.outcome).length,
            context,
          ).toBeGreaterThanOrEqual(wave.times(wave.people));
        } else {
          // Refused as JSON with the pt-BR message, and no place held for it.
          for (const answer of got) {
            expect(answer.contentType, context).toContain('application/json');
            expect(answer.body, context).toEqual({
              error: REFUSALS.enrolmentIncomplete.code,
              message: REFUSALS.enrolmentIncomplete.message,
            });
          }
          if (wave.kept) {
            // No answer: Graph may have added them, so each place stays 'pending'.
            expect(
              rows.map((r) => r.status),
              context,
            ).toEqual(people.map(() => 'pending'));
            expect(await takenOf(course.slug), context).toBe(people.length);
          } else {
            expect(rows, context).toEqual([]);
            expect(await takenOf(course.slug), context).toBe(0);
          }
        }
      }
      // Answered after the timeout: the API said 503, Graph did add them (the answer came too late
      // to tell), and their places are kept 'pending': their next try (below) or the repair
      // confirms them by the membership.
      const late = waves.at(-1);
      for (const person of late?.people ?? []) {
        expect(membersOf(late?.course.groupId ?? '')).toContain(person);
      }

      // The stampede: 25 people for the last 10 places, the first five throttled while they hold
      // a place; meanwhile everyone refused above tries again, Graph healthy for them now.
      standIn.clearFaults();
      await db
        .updateTable('classes')
        .set({ places: STAMPEDE_PLACES })
        .where('course_slug', '=', stampedeCourse.slug)
        .execute();
      standIn.inject({
        method: 'POST',
        path: onlyGroup(stampedeCourse.groupId),
        times: 5,
        action: { type: 'status', status: 429, retryAfter: '1' },
      });
      const refused = waves.filter(({ wave }) => wave.expected !== 200);
      const [stampede, retries] = await Promise.all([
        Promise.all(
          Array.from({ length: STAMPEDE_PEOPLE }, newPerson).map((p) => enrol(stampedeCourse, p)),
        ),
        Promise.all(refused.flatMap(({ course, people }) => people.map((p) => enrol(course, p)))),
      ]);
      const count = (list: Answer[], status: number) =>
        list.filter((a) => a.status === status).length;
      expect(count(stampede, 200)).toBe(STAMPEDE_PLACES - 1);
      expect(count(stampede, 409)).toBe(STAMPEDE_PEOPLE - (STAMPEDE_PLACES - 1));
      for (const answer of stampede.filter((a) => a.status === 409)) {
        expect(answer.body).toEqual({ error: 'course_full', message: messages.courseFull });
      }
      expect(retries.map((a) => a.status)).toEqual(retries.map(() => 200));

      // Only 200, 409, 502 and 503 were ever answered.
      expect(answers.filter((a) => ![200, 409, 502, 503].includes(a.status))).toEqual([]);

      // The database and the directory agree: no place lost or counted twice, every 200
      // confirmed and a member of its group, nobody in a course's group without a place.
      const { violations, summary } = await checkEnrolmentInvariants(db, {
        accepted,
        noPending: true,
        isMember: (groupId, userId) => membersOf(groupId).has(userId.toLowerCase()),
      });
      expect(violations).toEqual([]);
      expect(summary.courses[stampedeCourse.slug]?.rows).toBe(STAMPEDE_PLACES);
      const enrolled = new Set(
        (await db.selectFrom('enrolments').select(['course_slug', 'user_id']).execute()).map((r) =>
          enrolmentKey(r.course_slug, r.user_id.toLowerCase()),
        ),
      );
      const groupless = courses.flatMap((course) =>
        [...membersOf(course.groupId)]
          .filter((member) => !enrolled.has(enrolmentKey(course.slug, member)))
          .map((member) => `${course.slug}|${member}`),
      );
      expect(groupless).toEqual([]);
      console.info(
        `Graph rush faults (${target.dialect}): ${answers.length} enrolments, waves in ${wavesMs} ms, ${summary.rows} enrolled, ${standIn.graphCalls().length} Graph calls`,
      );
    },
  );
});
