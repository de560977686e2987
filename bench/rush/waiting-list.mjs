// The waiting-list benchmark (`--waiting-list`; described at the top of rush.mjs): on
// each target, 2,000 people join a full course's waiting list at once, then its 100 holders cancel
// at once; the positions, the list's order and the promotions are checked in the database.
import os from 'node:os';
import { allCourses } from '@centro/content';
import { machineDescription, writeSection } from '../support/report.mjs';
import { load } from './load.mjs';
import { startTarget } from './servers.mjs';
import {
  args,
  bodiesFor,
  CONNECTIONS,
  peopleFor,
  RUNS,
  setPlaces,
  targets,
  tokens,
  WARM_UP,
  warmCourse,
} from './settings.mjs';
import { median, round } from './statistics.mjs';

const WAITING = 2000;
const WAITING_PLACES = 100;
const waitingCourse = allCourses()[3];

/** POSTs of the participant's own space, each with its person's API token. */
function meRequests(people, path, body) {
  return people.map((user) => ({
    path,
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${tokens.issueForUser(user).token}` },
  }));
}

/** Throughput and latency of one phase of the waiting-list scenario. */
function phase(run, count) {
  return {
    requestsPerSecond: count / run.seconds,
    p50: run.result.latency.p50,
    p99: run.result.latency.p99,
    serverCpuPerRequest: run.serverCpuMs / count,
  };
}

/** The waiting-list scenario on one target (see the top of this file); its figures and problems. */
async function runWaitingList(target) {
  const holders = peopleFor(WAITING_PLACES);
  const waiters = peopleFor(WAITING);
  const warmPeople = peopleFor(WARM_UP);
  const started = await startTarget(target, [...warmPeople, ...holders, ...waiters]);
  const problems = [];
  const expect = (ok, message) => {
    if (!ok) problems.push(message);
  };
  try {
    const { db } = started;
    await setPlaces(db, warmCourse, WARM_UP / 2);
    await load(started.urls, bodiesFor(warmPeople, warmCourse));
    await setPlaces(db, waitingCourse, WAITING_PLACES);
    const enrolled = await load(started.urls, bodiesFor(holders, waitingCourse));
    expect(
      enrolled.answers.every((a) => a?.status === 200),
      'the holders were not all enrolled',
    );

    const slug = waitingCourse.slug;
    const join = await load(
      started.urls,
      meRequests(waiters, '/api/me/waiting-list/join', { course: slug }),
      started.pids,
    );
    const positions = join.answers.map((a) => {
      try {
        return a?.status === 200 ? JSON.parse(a.body).position : undefined;
      } catch {
        return undefined;
      }
    });
    expect(
      join.answers.every((a) => a?.status === 200),
      `join answers: ${[...new Set(join.answers.map((a) => a?.status))].join(', ')}`,
    );
    const byPosition = new Map(waiters.map((person, i) => [positions[i], person]));
    expect(
      byPosition.size === WAITING && [...byPosition.keys()].every((p) => p >= 1 && p <= WAITING),
      'the positions are not 1..2000, one each',
    );
    const inOrder = Array.from({ length: WAITING }, (_, i) => byPosition.get(i + 1));
    const listed = async () =>
      (
        await db
          .selectFrom('waiting_list')
          .select('user_id')
          .where('course_slug', '=', slug)
          .orderBy('id')
          .execute()
      ).map((r) => r.user_id);
    expect(
      JSON.stringify(await listed()) === JSON.stringify(inOrder),
      'the list is not in the order of the answers',
    );

    const cancel = await load(
      started.urls,
      meRequests(holders, '/api/me/enrolments/cancel', { course: slug }),
      started.pids,
    );
    expect(
      cancel.answers.every((a) => a?.status === 200),
      `cancel answers: ${[...new Set(cancel.answers.map((a) => a?.status))].join(', ')}`,
    );
    const rows = await db
      .selectFrom('enrolments')
      .select(['user_id', 'status', 'promoted_at'])
      .where('course_slug', '=', slug)
      .execute();
    const promoted = new Set(inOrder.slice(0, WAITING_PLACES));
    const members = new Set(
      (
        await db
          .selectFrom('directory_memberships')
          .select('user_id')
          .where('group_id', '=', waitingCourse.groupId.toLowerCase())
          .execute()
      ).map((m) => m.user_id),
    );
    const { taken } = await db
      .selectFrom('classes')
      .select('taken')
      .where('course_slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(
      rows.length === WAITING_PLACES && taken === WAITING_PLACES,
      `${rows.length} rows, taken ${taken}`,
    );
    expect(
      rows.every((r) => promoted.has(r.user_id) && r.status === 'confirmed' && r.promoted_at),
      'the places are not exactly the first 100 waiting, confirmed',
    );
    expect(
      members.size === WAITING_PLACES && [...promoted].every((p) => members.has(p)),
      'the group is not exactly the promoted people',
    );
    expect(
      JSON.stringify(await listed()) === JSON.stringify(inOrder.slice(WAITING_PLACES)),
      'the rest of the list lost its order',
    );
    const result = {
      join: phase(join, WAITING),
      cancel: phase(cancel, WAITING_PLACES),
      problems,
    };
    console.info(
      `  ${target.id} waiting list: join ${round(result.join.requestsPerSecond)} req/s, p99 ${result.join.p99} ms; 100 cancellations ${round(result.cancel.requestsPerSecond)} req/s, p99 ${result.cancel.p99} ms${problems.length ? `; PROBLEMS: ${problems.join('; ')}` : ''}`,
    );
    return result;
  } finally {
    await started.stop();
  }
}

/** Runs the waiting-list benchmark on every target, reports it and exits. */
export async function waitingListBenchmark() {
  console.info(`Waiting list: ${WAITING} people join, ${WAITING_PLACES} cancel; ${RUNS} run(s)`);
  const loadBefore = os.loadavg()[0];
  const byTarget = new Map();
  for (let run = 1; run <= RUNS; run++) {
    for (const target of targets) {
      byTarget.set(target.id, [...(byTarget.get(target.id) ?? []), await runWaitingList(target)]);
    }
  }
  const problems = [];
  const table = [
    '| database | instances | join: requests/s | join: p50 (ms) | join: p99 (ms) | 100 cancellations: requests/s | cancellations: p99 (ms) | server CPU per join (ms) | promoted in order |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const target of targets) {
    const runs = byTarget.get(target.id) ?? [];
    runs.forEach((r, i) =>
      problems.push(...r.problems.map((p) => `${target.id} run ${i + 1}: ${p}`)),
    );
    const pick = (f) => median(runs.map(f));
    table.push(
      `| ${target.label} | ${target.instances} | ${round(pick((r) => r.join.requestsPerSecond))} | ${round(
        pick((r) => r.join.p50),
        1,
      )} | ${round(
        pick((r) => r.join.p99),
        1,
      )} | ${round(pick((r) => r.cancel.requestsPerSecond))} | ${round(
        pick((r) => r.cancel.p99),
        1,
      )} | ${round(
        pick((r) => r.join.serverCpuPerRequest),
        3,
      )} | ${runs.every((r) => r.problems.length === 0) ? 'yes, every run' : '**no**'} |`,
    );
  }
  const lines = [
    '## Waiting list (`node bench/rush/rush.mjs --waiting-list`)',
    '',
    `- Command: \`npm run build && node bench/rush/rush.mjs --waiting-list\` (the same built server, settings and seeding as the rush below): ${WAITING_PLACES} people hold the ${WAITING_PLACES} places of a course, then ${WAITING} others send \`POST /api/me/waiting-list/join\` all at once (autocannon ${CONNECTIONS} connections, one request each, a Bearer token of their own), then the ${WAITING_PLACES} holders send \`POST /api/me/enrolments/cancel\` all at once. (The issue says 40 places; 100 cancellations need 100 holders.) PostgreSQL: two instances on one \`DATABASE_URL\`.`,
    `- Date: ${new Date().toISOString().slice(0, 10)}; ${RUNS} run(s), medians; machine: ${machineDescription({ chromium: false })}, shared (load ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end).`,
    `- Checked after every run (the script fails otherwise): every join answered 200 with a different position of 1..${WAITING}, the database's list in that order; after the cancellations exactly the first ${WAITING_PLACES} positions hold the places, confirmed, promoted, in the course's group and nobody else; the other ${WAITING - WAITING_PLACES} still waiting in the same order. ${problems.length ? `**FAILED**: ${problems.join('; ')}.` : 'Held in every run.'}`,
    '',
    ...table,
  ];
  console.info(`\n${lines.join('\n')}`);
  if (!args.has('--no-write')) writeSection('bench:rush-waiting', lines.join('\n'));
  if (problems.length) {
    console.error(`\nFAILED:\n${problems.join('\n')}`);
    process.exit(1);
  }
  process.exit(0);
}
