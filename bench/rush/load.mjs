// Sends the rush (autocannon, one request per body) and reads what it cost: the answers, their
// latencies and the processes' CPU.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { messages } from '@centro/contracts';
import { CONNECTIONS } from './settings.mjs';
import { percentile } from './statistics.mjs';

export /** CPU time (user + system) a process has used so far, in ms (Linux: /proc/<pid>/stat). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/**
 * One request per body, all at once over CONNECTIONS keep-alive connections spread over `urls`.
 * Each request carries its own body (its person's token); the answers are kept per body.
 */
export async function load(urls, bodies, pids = []) {
  // A body is the enrolment's (POST /api/group/add), or { path, body, headers } of any POST.
  const requestOf = (i) => {
    const item = bodies[i];
    return typeof item === 'object' && item !== null
      ? item
      : { path: '/api/group/add', body: item ?? '{}', headers: {} };
  };
  let next = 0;
  const cpuBefore = pids.map(cpuMs);
  const clientCpuBefore = process.cpuUsage();
  const answers = new Array(bodies.length);
  // The first request of each connection is built when autocannon creates the connection (so
  // its time includes connecting and waiting to be accepted); the others right before they are
  // written, after the previous answer on their connection.
  const sentAt = new Array(bodies.length);
  const started = performance.now();
  let lastAnswer = started;
  const result = await autocannon({
    url: urls,
    connections: Math.min(CONNECTIONS, bodies.length),
    amount: bodies.length,
    timeout: 30,
    sampleInt: 100,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest(request, context) {
          const i = next++;
          context.i = i;
          sentAt[i] = performance.now();
          const { path, body, headers } = requestOf(i);
          return { ...request, path, body, headers: { ...request.headers, ...headers } };
        },
        onResponse(status, body, context) {
          lastAnswer = performance.now();
          answers[context.i] = { status, body, ms: lastAnswer - sentAt[context.i] };
        },
      },
    ],
  });
  // autocannon itself notices the end at its next sample (every sampleInt ms): the time is the
  // last answer's.
  const seconds = (lastAnswer - started) / 1000;
  const serverCpuMs = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - cpuBefore[i], 0);
  const { user, system } = process.cpuUsage(clientCpuBefore);
  return { result, answers, seconds, sent: next, serverCpuMs, clientCpuMs: (user + system) / 1000 };
}

export function summarise({ result, answers, seconds, sent, serverCpuMs, clientCpuMs }, people) {
  const counts = { accepted: 0, full: 0, serverErrors: 0, other: 0 };
  const accepted = new Set();
  const otherStatuses = new Map();
  people.forEach((person, i) => {
    const answer = answers[i];
    let body;
    try {
      body = JSON.parse(answer?.body ?? '');
    } catch {
      body = undefined;
    }
    if (answer?.status === 200 && body?.data?.alreadyEnrolled === false) {
      counts.accepted++;
      accepted.add(person);
    } else if (
      answer?.status === 409 &&
      body?.error === 'course_full' &&
      body?.message === messages.courseFull
    ) {
      counts.full++;
    } else {
      if (answer?.status >= 500) counts.serverErrors++;
      counts.other++;
      const key = String(answer?.status ?? 'no answer');
      otherStatuses.set(key, (otherStatuses.get(key) ?? 0) + 1);
    }
  });
  const missing = people.length - answers.filter(Boolean).length;
  return {
    ...counts,
    accepted,
    otherStatuses,
    missing,
    sent,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    seconds,
    serverCpuPerRequest: serverCpuMs / people.length,
    clientCpuPerRequest: clientCpuMs / people.length,
    requestsPerSecond: people.length / seconds,
    acceptedPerSecond: counts.accepted / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    p99Open: percentile(
      answers.slice(CONNECTIONS).map((a) => a?.ms ?? Infinity),
      0.99,
    ),
  };
}
