// The enrolment rush itself (described at the top of rush.mjs): each repetition measures
// the hello-world ceiling, then every scenario on every target, checks the database, and reports
// the medians against the issues' targets.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { machineDescription, writeSection } from '../support/report.mjs';
import { cpuMs, load, summarise } from './load.mjs';
import { runFloor } from './floor.mjs';
import { measureCeiling, startTarget } from './servers.mjs';
import {
  args,
  bodiesFor,
  CEILING_ROUNDS,
  CONNECTIONS,
  CPU_PROF,
  FASTIFY_VERSION,
  PEOPLE,
  peopleFor,
  PROFILE_GAP_MS,
  RATE_LIMIT_API_PER_MINUTE,
  RUNS,
  scenarios,
  openClasses,
  setPlaces,
  sleep,
  TARGET_ACCEPTED_PER_SECOND,
  TARGET_CPU_RATIO,
  TARGET_FLOOR_RATIO,
  TARGET_P99_MS,
  TARGET_P99_RATIO,
  TARGET_POSTGRES_ACCEPTED_PER_SECOND,
  targets,
  WARM_UP,
  warmCourse,
} from './settings.mjs';
import { median, round, same, spread } from './statistics.mjs';

/** The database's view of the rush; the problems found (empty when all is well). */
async function checkDatabase(db, scenario, summary) {
  const problems = [];
  const { course } = scenario;
  const rows = await db
    .selectFrom('enrolments')
    .select(['user_id', 'status', 'class_id'])
    .where('course_slug', '=', course.slug)
    .execute();
  const classes = await db
    .selectFrom('classes')
    .select(['id', 'taken', 'places'])
    .where('course_slug', '=', course.slug)
    .execute();
  const members = new Set(
    (
      await db
        .selectFrom('directory_memberships')
        .select('user_id')
        .where('group_id', '=', course.groupId.toLowerCase())
        .execute()
    ).map((m) => m.user_id),
  );
  const enrolled = new Set(rows.map((r) => r.user_id));
  const expect = (ok, message) => {
    if (!ok) problems.push(message);
  };
  const count = scenario.classes ?? 1;
  expect(classes.length === count, `${classes.length} classes, expected ${count}`);
  // Each class exactly its places, counted by the database as its rows.
  for (const { id, taken, places } of classes) {
    const held = rows.filter((r) => r.class_id === id).length;
    expect(places === scenario.places, `places ${places}, expected ${scenario.places}`);
    expect(held === places, `${held} rows for ${places} places in class ${id}`);
    expect(taken === held, `taken ${taken} but ${held} rows in class ${id}`);
  }
  const total = scenario.places * count;
  expect(summary.accepted.size === total, `${summary.accepted.size} accepted`);
  expect(rows.length === total, `${rows.length} rows for ${total} places`);
  expect(enrolled.size === rows.length, 'a person holds two places');
  expect(
    rows.every((r) => r.status === 'confirmed'),
    'rows left pending',
  );
  expect(
    [...summary.accepted].every((id) => enrolled.has(id)) &&
      enrolled.size === summary.accepted.size,
    'the rows are not the accepted people',
  );
  expect(
    [...summary.accepted].every((id) => members.has(id)) && members.size === summary.accepted.size,
    'the group members are not the accepted people',
  );
  expect(summary.serverErrors === 0, `${summary.serverErrors} answers 5xx`);
  expect(summary.missing === 0 && summary.sent === scenario.people, 'requests without an answer');
  return problems;
}

/**
 * Waits until the servers' senders have delivered every queued message (none 'pending' or
 * 'sending'); answers the time it took and the servers' CPU meanwhile: the mail's share of a rush
 * that the senders put off until the requests stopped (decision 033).
 */
async function drainOutbox(db, pids, timeoutMs = 120_000) {
  const cpuBefore = pids.map(cpuMs);
  const started = performance.now();
  for (;;) {
    const { n } = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirstOrThrow();
    if (Number(n) === 0 || performance.now() - started > timeoutMs) break;
    await sleep(50);
  }
  return {
    ms: performance.now() - started,
    serverCpuMs: pids.reduce((sum, pid, i) => sum + cpuMs(pid) - cpuBefore[i], 0),
  };
}

/** One repetition on one target: warm-up, then every scenario. */
async function runTarget(target) {
  const warmPeople = peopleFor(WARM_UP);
  const scenarioPeople = scenarios.map((s) => peopleFor(s.people));
  const started = await startTarget(target, [...warmPeople, ...scenarioPeople.flat()]);
  const outcomes = [];
  try {
    await setPlaces(started.db, warmCourse, WARM_UP / 2);
    const classIds = [];
    for (const scenario of scenarios) {
      classIds.push(scenario.classes ? await openClasses(started.db, scenario.course, 2) : []);
      await setPlaces(started.db, scenario.course, scenario.places);
    }
    await load(started.urls, bodiesFor(warmPeople, warmCourse));
    // The warm-up's e-mails are sent before the rush is measured, not during it.
    await drainOutbox(started.db, started.pids);
    for (const [i, scenario] of scenarios.entries()) {
      const people = scenarioPeople[i];
      // With RUSH_CPU_PROF, an idle gap before the rush marks its start in the profile's --timeline.
      if (CPU_PROF) await sleep(PROFILE_GAP_MS);
      const summary = summarise(
        await load(started.urls, bodiesFor(people, scenario.course, classIds[i]), started.pids),
        people,
      );
      const problems = await checkDatabase(started.db, scenario, summary);
      // The confirmations the senders put off until the rush ended: their CPU, per enrolment.
      const mail = await drainOutbox(started.db, started.pids);
      summary.mailCpuPerAccepted = summary.accepted.size
        ? mail.serverCpuMs / summary.accepted.size
        : 0;
      summary.mailDrainMs = mail.ms;
      outcomes.push({ scenario, summary, problems });
      console.info(
        `  ${target.id} ${scenario.id}: ${summary.accepted.size} accepted, ${summary.full} full, ${summary.other} other` +
          `${summary.otherStatuses.size ? ` (${[...summary.otherStatuses].map(([s, n]) => `${s}×${n}`).join(', ')})` : ''}, ` +
          `${round(summary.requestsPerSecond)} req/s, ${round(summary.acceptedPerSecond)} accepted/s, ` +
          `p50 ${summary.p50} ms, p99 ${summary.p99} ms (${round(summary.p99Open, 1)} on open connections), server CPU ${summary.serverCpuPerRequest.toFixed(3)} ms/request, client ${summary.clientCpuPerRequest.toFixed(3)}; mail after the rush: ${round(summary.mailDrainMs)} ms, ${summary.mailCpuPerAccepted.toFixed(3)} ms of server CPU per enrolment${problems.length ? `; PROBLEMS: ${problems.join('; ')}` : ''}`,
      );
    }
  } finally {
    await started.stop();
  }
  return outcomes;
}

/** Runs the rush on every target, reports it and fails on a problem. */
export async function enrolmentRush() {
  console.info(
    `Enrolment rush: ${PEOPLE} people, ${CONNECTIONS} connections, ${RUNS} run(s); load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const loadBefore = os.loadavg()[0];
  const ceilings = [];
  const results = new Map(); // `${target}|${scenario}` -> outcomes[]
  const runLoads = [];
  for (let run = 1; run <= RUNS; run++) {
    runLoads.push(os.loadavg()[0].toFixed(2));
    console.info(`run ${run} (load ${runLoads.at(-1)})`);
    const ceiling = await measureCeiling();
    ceilings.push(ceiling);
    console.info(
      `  ceiling: ${round(ceiling.requestsPerSecond)} req/s, p99 ${ceiling.p99} ms (${round(ceiling.p99Open, 1)} on open connections), server CPU ${ceiling.serverCpuPerRequest.toFixed(3)} ms/request over ${ceiling.rounds} rounds (each: ${ceiling.cpuPerRound.map((c) => c.toFixed(3)).join(', ')}), client ${ceiling.clientCpuPerRequest.toFixed(3)}`,
    );
    for (const target of targets) {
      const floors = await runFloor(target);
      for (const outcome of await runTarget(target)) {
        const key = `${target.id}|${outcome.scenario.id}`;
        const floor = floors.find((f) => f.scenario.id === outcome.scenario.id);
        const problems = [...outcome.problems, ...(floor?.problems ?? [])];
        results.set(key, [...(results.get(key) ?? []), { ...outcome, problems, ceiling, floor }]);
      }
    }
  }

  const ceilingRps = median(ceilings.map((c) => c.requestsPerSecond));
  const ceilingCpu = median(ceilings.map((c) => c.serverCpuPerRequest));
  const problems = [];
  const rows = [];
  let throughputMet = false;
  let latencyMet = false;
  for (const target of targets) {
    for (const scenario of scenarios) {
      const outcomes = results.get(`${target.id}|${scenario.id}`) ?? [];
      for (const [i, o] of outcomes.entries()) {
        for (const p of o.problems) problems.push(`${target.id} ${scenario.id} run ${i + 1}: ${p}`);
      }
      const s = outcomes.map((o) => o.summary);
      const pick = (f) => median(s.map(f));
      const row = {
        target,
        scenario,
        accepted: s.map((x) => x.accepted.size),
        full: s.map((x) => x.full),
        other: s.map((x) => x.other),
        serverErrors: s.reduce((n, x) => n + x.serverErrors, 0),
        rps: pick((x) => x.requestsPerSecond),
        aps: pick((x) => x.acceptedPerSecond),
        p50: pick((x) => x.p50),
        p99: pick((x) => x.p99),
        worstP99: Math.max(...s.map((x) => x.p99)),
        p99Open: pick((x) => x.p99Open),
        serverCpu: pick((x) => x.serverCpuPerRequest),
        mailCpu: pick((x) => x.mailCpuPerAccepted),
        mailDrainMs: pick((x) => x.mailDrainMs),
        ratio: median(
          outcomes.map((o) => o.summary.requestsPerSecond / o.ceiling.requestsPerSecond),
        ),
      };
      rows.push(row);
      row.apsRuns = s.map((x) => round(x.acceptedPerSecond));
      row.p99Runs = s.map((x) => round(x.p99));
      // Each run against the hello-world measured right before it, in the same run.
      row.cpuRatios = outcomes.map(
        (o) => o.summary.serverCpuPerRequest / o.ceiling.serverCpuPerRequest,
      );
      row.p99Ratios = outcomes.map((o) => o.summary.p99 / o.ceiling.p99);
      // The same on connections already open (without the wait to be accepted: decision 033).
      row.p99OpenRatios = outcomes.map((o) => o.summary.p99Open / o.ceiling.p99Open);
      // Each run against the floor measured right before it, on the same database.
      // (Not for two classes: the floor knows none.)
      const floored = outcomes.filter((o) => o.floor);
      row.floorCpu = median(floored.map((o) => o.floor.summary.serverCpuPerRequest));
      row.floorP99 = median(floored.map((o) => o.floor.summary.p99));
      row.floorCpuRatios = floored.map(
        (o) => o.summary.serverCpuPerRequest / o.floor.summary.serverCpuPerRequest,
      );
      row.floorP99Ratios = floored.map((o) => o.summary.p99 / o.floor.summary.p99);
      row.cpuRatio = median(row.cpuRatios);
      row.p99Ratio = median(row.p99Ratios);
      if (target.id === 'sqlite' && scenario.id === 'b') {
        throughputMet = row.aps >= TARGET_ACCEPTED_PER_SECOND;
        latencyMet = row.p99 <= TARGET_P99_MS;
      }
    }
  }

  const table = [
    '| database | instances | scenario | accepted | refused, full (409) | other errors | 5xx | requests/s | accepted enrolments/s | p50 (ms) | p99 (ms) | worst p99 (ms) | p99 on open connections (ms) | requests/s ÷ ceiling | server CPU per request (ms) | server CPU ÷ hello-world, median (range) | p99 ÷ hello-world, median (range) | floor: server CPU per request (ms) | floor: p99 (ms) | server CPU ÷ floor, median (range) | p99 ÷ floor, median (range) | accepted enrolments/s per run | e-mails after the rush: time (ms) | e-mails after the rush: server CPU per enrolment (ms) |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.target.label} | ${r.target.instances} | (${r.scenario.id}) ${r.scenario.people} people, ${r.scenario.classes ? `${r.scenario.classes} classes of ${r.scenario.places} places` : `${r.scenario.places} places`} | ${same(r.accepted)} | ${same(r.full)} | ${same(r.other)} | ${r.serverErrors} | ${round(r.rps)} | ${round(r.aps)} | ${round(r.p50, 1)} | ${round(r.p99, 1)} | ${round(r.worstP99, 1)} | ${round(r.p99Open, 1)} | ${round(r.ratio, 2)} | ${round(r.serverCpu, 3)} | ${spread(r.cpuRatios)} | ${spread(r.p99Ratios)} | ${r.floorCpuRatios.length ? `${round(r.floorCpu, 3)} | ${round(r.floorP99, 1)} | ${spread(r.floorCpuRatios)} | ${spread(r.floorP99Ratios)}` : '– | – | – | –'} | ${r.apsRuns.join(', ')} | ${round(r.mailDrainMs)} | ${round(r.mailCpu, 3)} |`,
    ),
  ];
  const sqliteB = rows.find((r) => r.target.id === 'sqlite' && r.scenario.id === 'b');
  const postgresB = rows.find((r) => r.target.id === 'postgres' && r.scenario.id === 'b');
  const lines = [
    '## Enrolment rush (`npm run bench:rush`)',
    '',
    `- Command: \`npm run bench:rush\` (\`node bench/rush/rush.mjs\` after the build): the built server (\`apps/server/dist/main.js\`) on 127.0.0.1 with its defaults (built-in provider, local directory, LOG_LEVEL info to /dev/null, NODE_ENV=production and one SITE_URL for every instance as deployed, /api rate limit ${RATE_LIMIT_API_PER_MINUTE} per minute and address: the bench's requests all come from one address) and a known \`API_TOKEN_SECRET\`; ${PEOPLE} people seeded as accounts, each sending one \`POST /api/group/add\` with a valid API token of their own, all at once (autocannon ${CONNECTIONS} connections, one request per person, after a warm-up of ${WARM_UP} enrolments into another course with ${WARM_UP / 2} places). Places set in the course's class (\`classes\` row) after the start (they come from the content). PostgreSQL 15 on the same machine, two server instances on one \`DATABASE_URL\`, the connections alternating between them.`,
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- Machine: ${machineDescription({ chromium: false })}; shared with other work (1-minute load average ${loadBefore.toFixed(2)} when the run began, ${runLoads.join(', ')} when each repetition began, ${os.loadavg()[0].toFixed(2)} at the end).`,
    `- Figures: median of ${RUNS} runs (each run: a fresh database and server, the ceiling measured right before); "accepted" etc. per run when they differ. Requests/s and accepted/s: all requests ÷ the time from the first connection to the last answer; latencies as autocannon measures them; server CPU: user + system time of the server process(es) during the rush (/proc), ÷ requests. The warm-up's e-mails are sent before the rush; the rush's own, which the senders put off while requests arrive (decision 033), are sent after it: their time and CPU are the last two columns.`,
    `- Ceiling: bare Fastify ${FASTIFY_VERSION} hello-world (\`bench/rush/hello-server.mjs\`, no logging, same requests and settings; measured ${CEILING_ROUNDS} times per run, each round like the enrolment's measurement (a fresh server, the same warm-up, one rush of ${PEOPLE} requests), because its CPU is read from /proc in 10 ms ticks and one rush is only 100–200 ms of it, ±5–10 % from the ticks alone; its CPU per request is the rounds' total ÷ their requests, its p99 the median of the rounds'; the enrolment's own measurement is one rush per run as before): ${round(ceilingRps)} requests/s (runs: ${ceilings.map((c) => round(c.requestsPerSecond)).join(', ')}), p99 ${round(median(ceilings.map((c) => c.p99)), 1)} ms (${round(median(ceilings.map((c) => c.p99Open)), 1)} ms on open connections), ${round(ceilingCpu, 3)} ms of CPU per request (runs: ${ceilings.map((c) => round(c.serverCpuPerRequest, 3)).join(', ')}; single rushes: ${round(Math.min(...ceilings.flatMap((c) => c.cpuPerRound)), 3)}–${round(Math.max(...ceilings.flatMap((c) => c.cpuPerRound)), 3)}).`,
    `- Correctness (checked in the database after every run; the script fails otherwise): exactly the places accepted, no 5xx, rows of each class = its \`taken\` = its places (scenario c: two classes of one course open at once, each person naming one), no person twice, every accepted person confirmed and in the course's group, nobody else in it. ${problems.length ? `**FAILED**: ${problems.join('; ')}.` : 'Held in every run.'}`,
    `- Targets (SQLite, scenario b): ≥ ${TARGET_ACCEPTED_PER_SECOND} accepted enrolments/s: ${sqliteB ? `${round(sqliteB.aps)}/s (runs: ${sqliteB.apsRuns.join(', ')}), ${throughputMet ? 'met' : '**missed**'}` : 'not measured'}; p99 ≤ ${TARGET_P99_MS} ms: ${sqliteB ? `${round(sqliteB.p99, 1)} ms (runs: ${sqliteB.p99Runs.join(', ')}; ${round(sqliteB.p99Open, 1)} ms on connections already open), ${latencyMet ? 'met' : '**missed**'}` : 'not measured'}.`,
    `- Targets against the hello-world (each run against the hello-world of the same run): the enrolment (SQLite, scenario b) at most ${TARGET_CPU_RATIO}× the hello-world's server CPU per request: ${sqliteB ? `${spread(sqliteB.cpuRatios)}×, ${sqliteB.cpuRatio <= TARGET_CPU_RATIO ? 'met' : '**missed**'}` : 'not measured'}; its p99 at most ${TARGET_P99_RATIO}× the hello-world's: ${sqliteB ? `${spread(sqliteB.p99Ratios)}×, ${sqliteB.p99Ratio <= TARGET_P99_RATIO ? 'met' : '**missed**'} (on connections already open, not the target's measure: ${spread(sqliteB.p99OpenRatios)}×)` : 'not measured'}; PostgreSQL with two instances (scenario b) ≥ ${TARGET_POSTGRES_ACCEPTED_PER_SECOND} accepted enrolments/s: ${postgresB ? `${round(postgresB.aps)}/s (runs: ${postgresB.apsRuns.join(', ')}), ${postgresB.aps >= TARGET_POSTGRES_ACCEPTED_PER_SECOND ? 'met' : '**missed**'}` : 'not measured'}. (Medians, range in brackets.)`,
    `- Targets against the floor (each run against the floor measured right before it: \`bench/rush/floor-server.mjs\`, node:http with the token's signature checked and one durable transaction taking the place, the enrolment, the membership and the e-mail's outbox row, on the same database and number of instances): the enrolment at most ${TARGET_FLOOR_RATIO}× the floor's server CPU per request and p99. ${rows
      .filter((r) => r.scenario.id === 'b')
      .map(
        (r) =>
          `${r.target.label}: CPU ${spread(r.floorCpuRatios)}×, ${median(r.floorCpuRatios) <= TARGET_FLOOR_RATIO ? 'met' : '**missed**'}; p99 ${spread(r.floorP99Ratios)}×, ${median(r.floorP99Ratios) <= TARGET_FLOOR_RATIO ? 'met' : '**missed**'}`,
      )
      .join('. ')}.`,
    '',
    ...table,
  ];
  console.info(`\n${lines.join('\n')}`);
  if (!args.has('--no-write')) writeSection('bench:rush', lines.join('\n'));
  if (problems.length) {
    console.error(`\nFAILED:\n${problems.join('\n')}`);
    process.exit(1);
  }
}
