// The whole enrolment of each person (`--journey`): not only its last call but every
// request the website makes for 'Finalizar inscrição', in order, each person's after the previous
// answer: the class list (GET /api/courses/classes), the API token for the provider's access token
// (GET /api/auth/get-token), the person's details (POST /api/user/details), the two writes of a
// first enrolment (POST /api/user/update with the phone, POST /api/user/update/security-attributes
// with the birth date) and the enrolment (POST /api/group/add). PEOPLE people, CONNECTIONS at once.
//
// The provider's access tokens are signed with the built-in provider's own key (idp-keys.json in
// the server's data directory) for its issuer and audience: what the provider would issue after a
// sign-in, without timing the sign-in itself (a page flow, not part of the enrolment's requests).
// Each run also measures the floor (floor-server.mjs) on the same database, right before: the
// journey's server CPU per person and p99 are reported against the floor's single request.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importJWK, SignJWT } from 'jose';
import { BUILT_IN_API_AUDIENCE, BUILT_IN_CLIENT_ID } from '@centro/contracts/identity';
import { machineDescription, writeSection } from '../support/report.mjs';
import { runFloor } from './floor.mjs';
import { cpuMs } from './load.mjs';
import { startTarget } from './servers.mjs';
import {
  args,
  bigCourse,
  CONNECTIONS,
  PEOPLE,
  peopleFor,
  RUNS,
  scenarios,
  setPlaces,
  targets,
  TARGET_JOURNEY_RATIO,
} from './settings.mjs';
import { median, percentile, round, spread } from './statistics.mjs';

/** Signs provider access tokens as the built-in provider does (its key, issuer and audience). */
async function providerSigner(dataDir, url) {
  const { signingKeys } = JSON.parse(readFileSync(join(dataDir, 'idp-keys.json'), 'utf8'));
  const jwk = signingKeys.find((key) => key.alg === 'RS256');
  const key = await importJWK(jwk, jwk.alg);
  const { issuer } = await (await fetch(`${url}/idp/.well-known/openid-configuration`)).json();
  return (sub) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sub, scp: 'access_as_user', client_id: BUILT_IN_CLIENT_ID })
      .setProtectedHeader({ alg: jwk.alg, typ: 'at+jwt', kid: jwk.kid })
      .setIssuer(issuer)
      .setAudience(BUILT_IN_API_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
  };
}

/** One person's journey; resolves to its time and the statuses (throws on a 5xx). */
async function journey(url, person, accessToken) {
  const started = performance.now();
  const statuses = [];
  const refusals = [];
  const call = async (path, init = {}) => {
    // Node's fetch keeps the connections alive and opens one per request in flight (at most
    // CONNECTIONS here, one per person at a time).
    const response = await fetch(`${url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    });
    const body = await response.json();
    statuses.push(response.status);
    if (response.status >= 400) refusals.push(`${path} ${response.status} ${body.error}`);
    return body;
  };
  const post = (path, body) => call(path, { method: 'POST', body: JSON.stringify(body) });
  await call('/api/courses/classes');
  const { access_token: token } = await call('/api/auth/get-token', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  await post('/api/user/details', { id: person, token });
  await post('/api/user/update', {
    id: person,
    token,
    param: 'mobilePhone',
    value: '+55 21 97777-2222',
  });
  await post('/api/user/update/security-attributes', {
    id: person,
    token,
    data_nascimento: '15/03/1962',
  });
  const enrolled = await post('/api/group/add', { group: bigCourse.groupId, user: person, token });
  return {
    ms: performance.now() - started,
    statuses,
    refusals,
    accepted: enrolled?.data?.alreadyEnrolled === false,
  };
}

/** Every person's journey, CONNECTIONS at a time, against the target's instances. */
async function runJourneys(target) {
  const people = peopleFor(PEOPLE);
  const started = await startTarget(target, people);
  try {
    await setPlaces(started.db, bigCourse, PEOPLE);
    const sign = await providerSigner(started.dataDir, started.urls[0]);
    const tokens = await Promise.all(people.map(sign));
    // A warm-up of the same journey for a tenth of the people (the code paths run warm).
    const warm = Math.floor(PEOPLE / 10);
    let next = 0;
    const results = [];
    const worker = async (w, until) => {
      while (next < until) {
        const i = next++;
        const at = (i + w) % started.urls.length;
        results[i] = await journey(started.urls[at], people[i], tokens[i]);
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w, warm)));
    const cpuBefore = started.pids.map(cpuMs);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w, PEOPLE)));
    const seconds = (performance.now() - t0) / 1000;
    const serverCpuMs = started.pids.reduce((sum, pid, i) => sum + cpuMs(pid) - cpuBefore[i], 0);
    const measured = results.slice(warm);
    const serverErrors = measured.filter((r) => r.statuses.some((s) => s >= 500)).length;
    const refused = measured.filter((r) => r.statuses.some((s) => s >= 400)).length;
    const refusals = new Map();
    for (const r of measured.flatMap((m) => m.refusals))
      refusals.set(r, (refusals.get(r) ?? 0) + 1);
    return {
      people: measured.length,
      accepted: measured.filter((r) => r.accepted).length,
      serverErrors,
      refused,
      refusals: [...refusals].map(([r, n]) => `${r} ×${n}`).join(', '),
      requests: measured.reduce((n, r) => n + r.statuses.length, 0),
      seconds,
      cpuPerPerson: serverCpuMs / measured.length,
      p50: percentile(
        measured.map((r) => r.ms),
        0.5,
      ),
      p99: percentile(
        measured.map((r) => r.ms),
        0.99,
      ),
    };
  } finally {
    await started.stop();
  }
}

/** Runs the journeys and their floors on every target, reports them, fails on a problem. */
export async function journeyBenchmark() {
  const loadBefore = os.loadavg()[0];
  const rows = [];
  const problems = [];
  for (const target of targets) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const floor = (await runFloor(target)).find((o) => o.scenario.id === 'b');
      problems.push(...floor.problems.map((p) => `${target.id} run ${run}: ${p}`));
      const journeys = await runJourneys(target);
      if (journeys.serverErrors || journeys.refused || journeys.accepted !== journeys.people) {
        problems.push(
          `${target.id} run ${run}: ${journeys.serverErrors} journeys with a 5xx, ${journeys.refused} with a refusal (${journeys.refusals}), ${journeys.accepted} of ${journeys.people} enrolled`,
        );
      }
      console.info(
        `  ${target.id} run ${run}: journey ${journeys.cpuPerPerson.toFixed(3)} ms CPU/person, p99 ${round(journeys.p99)} ms; floor ${floor.summary.serverCpuPerRequest.toFixed(3)} ms/request, p99 ${floor.summary.p99} ms`,
      );
      runs.push({ floor: floor.summary, journeys });
    }
    rows.push({
      target,
      cpu: median(runs.map((r) => r.journeys.cpuPerPerson)),
      p99: median(runs.map((r) => r.journeys.p99)),
      floorCpu: median(runs.map((r) => r.floor.serverCpuPerRequest)),
      floorP99: median(runs.map((r) => r.floor.p99)),
      cpuRatios: runs.map((r) => r.journeys.cpuPerPerson / r.floor.serverCpuPerRequest),
      p99Ratios: runs.map((r) => r.journeys.p99 / r.floor.p99),
      perSecond: median(runs.map((r) => r.journeys.people / r.journeys.seconds)),
    });
  }
  const lines = [
    '## The whole enrolment per person (`npm run bench:rush -- --journey`)',
    '',
    `- Each of ${PEOPLE} people (a tenth more first, as a warm-up) makes the website's requests of 'Finalizar inscrição' in order: the class list, get-token with a provider access token, user/details, the phone and birth-date writes, group/add; ${CONNECTIONS} people at once over keep-alive connections. Built-in provider, local directory; PostgreSQL with two instances. The floor (\`floor-server.mjs\`, one enrolment request) runs right before, on the same database, ${scenarios.find((s) => s.id === 'b') ? 'scenario (b)' : ''}.`,
    `- Date: ${new Date().toISOString().slice(0, 10)}; ${RUNS} runs; machine: ${machineDescription({ chromium: false })}; 1-minute load ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end.`,
    `- Target: the journey's server CPU per person at most ${TARGET_JOURNEY_RATIO}× the floor's per request. ${rows.map((r) => `${r.target.label}: ${spread(r.cpuRatios)}×, ${median(r.cpuRatios) <= TARGET_JOURNEY_RATIO ? 'met' : '**missed**'}`).join('; ')}.`,
    `- Correctness: every journey answered without a 5xx or a refusal and every person enrolled. ${problems.length ? `**FAILED**: ${problems.join('; ')}` : 'Held in every run.'}`,
    '',
    '| database | instances | journeys/s | journey: server CPU per person (ms) | journey p99 (ms) | floor: server CPU per request (ms) | floor p99 (ms) | CPU ÷ floor, median (range) | p99 ÷ floor, median (range) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.target.label} | ${r.target.instances} | ${round(r.perSecond)} | ${round(r.cpu, 3)} | ${round(r.p99)} | ${round(r.floorCpu, 3)} | ${round(r.floorP99, 1)} | ${spread(r.cpuRatios)} | ${spread(r.p99Ratios)} |`,
    ),
  ];
  console.info(`\n${lines.join('\n')}`);
  if (!args.has('--no-write')) writeSection('bench:rush-journey', lines.join('\n'));
  if (problems.length) {
    console.error(`\nFAILED:\n${problems.join('\n')}`);
    process.exit(1);
  }
}
