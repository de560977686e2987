// A mail flood from one account (decision 080), and how long another person then waits for a link.
//
// The security review's figures (before decision 080): 1,500 enrol + cancel cycles of one person on
// one open course took 9 s and queued 3,001 messages, and another person's sign-up code then arrived
// after 22.5 s instead of 0.3 s (the outbox sent oldest first).
//
// For each variant and run, it
//   1. starts the built server (apps/server/dist/main.js; `npx tsc -b` first) on the embedded
//      default (SQLite) with SMTP to a sink in this process (the `smtp-server` package, accepting
//      every message as it comes), EMAIL_VERIFICATION=required, the /api limit out of the way;
//   2. seeds two people (the flooder and a newcomer, both verified accounts of the built-in provider);
//   3. floods: the flooder sends FLOOD_CYCLES (1500) enrolments and cancellations of one course, one
//      after the other as fast as the server answers (POST /api/group/add, then
//      POST /api/me/enrolments/cancel), counting the answers by status;
//   4. right after the flood, the newcomer asks for a new contact e-mail (POST /api/user/update,
//      `mail`): a link composed and queued in the request, of the same class as a sign-up code
//      (codes and links leave first, decision 080), and the time from the answer to the link's
//      arrival at the sink is the queue time;
//   5. reads the outbox: the messages the flood queued (every row of the flooder) and how many left.
// Variants: the defaults (ENROLMENT_CHANGES_PER_HOUR 6, MAIL_PER_PERSON_PER_DAY 30), and 'limits off'
// (both 0: what the outbox's order and the replacement of unsent messages do alone).
//
// Settings: FLOOD_RUNS (5 per variant), FLOOD_CYCLES (1500). Prints the median and the range of the
// runs and the machine's load; only a run with the defaults rewrites the bench:mail-flood section of
// docs/benchmarks.md (--no-write: never).
import os from 'node:os';
import { randomBytes, randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { allCourses } from '@centro/content';
import { createApiTokens } from '@centro/server/api-tokens';
import { openDatabase } from '@centro/server/database';
import { freePort, seedPeople, startServer } from '@centro/server/testing';
import { machineDescription, writeSection } from '../support/report.mjs';
import { median } from '../rush/statistics.mjs';

const RUNS = Number(process.env.FLOOD_RUNS ?? 5);
const CYCLES = Number(process.env.FLOOD_CYCLES ?? 1500);
const write =
  !process.argv.includes('--no-write') && !process.env.FLOOD_RUNS && !process.env.FLOOD_CYCLES;
const SECRET = `flood-${randomBytes(32).toString('base64url')}`;
const tokens = createApiTokens({ secret: Buffer.from(SECRET) });
const course = allCourses().find((c) => c.places >= 10) ?? allCourses()[0];
const variants = [
  { name: 'defaults (6 changes an hour, 30 messages a day)', env: {} },
  {
    name: 'limits off (order and replacement alone)',
    env: { ENROLMENT_CHANGES_PER_HOUR: '0', MAIL_PER_PERSON_PER_DAY: '0' },
  },
];

/** An SMTP server that accepts everything and notes when each recipient's message arrived. */
async function startSink() {
  const arrivals = [];
  const waiters = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const at = performance.now();
        for (const rcpt of session.envelope.rcptTo) arrivals.push({ to: rcpt.address, at });
        for (const waiter of waiters.splice(0)) waiter();
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    /** The arrival time of the first message to `to` (waits up to `timeoutMs`). */
    async arrivalOf(to, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = arrivals.find((a) => a.to === to);
        if (found) return found.at;
        if (Date.now() > deadline) throw new Error(`no message to ${to}`);
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function post(url, body, bearer) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

async function run(variant) {
  const sink = await startSink();
  const dataDir = (await import('node:fs')).mkdtempSync(`${os.tmpdir()}/centro-flood-`);
  const handle = await openDatabase({ dataDir });
  const [flooder, newcomer] = await seedPeople(handle.db, 2);
  await handle.close();
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      API_TOKEN_SECRET: SECRET,
      SMTP_URL: sink.url,
      MAIL_FROM: '"Centro Espírita" <nao-responda@centro.org.br>',
      EMAIL_VERIFICATION: 'required',
      RATE_LIMIT_API_PER_MINUTE: '0',
      ...variant.env,
      // A shared machine may take its time to start the server.
    },
    { timeoutMs: 180_000 },
  );
  try {
    const token = tokens.issueForUser(flooder).token;
    const statuses = new Map();
    const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const started = performance.now();
    for (let i = 0; i < CYCLES; i++) {
      count(
        await post(`${server.url}/api/group/add`, { group: course.groupId, user: flooder, token }),
      );
      count(await post(`${server.url}/api/me/enrolments/cancel`, { course: course.slug }, token));
    }
    const floodSeconds = (performance.now() - started) / 1000;
    const address = `novo-${randomUUID().slice(0, 8)}@example.org`;
    const asked = await post(`${server.url}/api/user/update`, {
      token: tokens.issueForUser(newcomer).token,
      id: newcomer,
      param: 'mail',
      value: address,
    });
    const answeredAt = performance.now();
    if (asked !== 200) throw new Error(`the new address was answered ${asked}`);
    const queueSeconds = ((await sink.arrivalOf(address)) - answeredAt) / 1000;
    const db = await openDatabase({ dataDir });
    const rows = await db.db
      .selectFrom('mail_outbox')
      .select(['status'])
      .where('person_id', '=', flooder)
      .execute();
    await db.close();
    const flooderMail = sink.arrivals.filter((a) => a.to === `${flooder}@example.org`).length;
    return {
      floodSeconds,
      queueSeconds,
      statuses: Object.fromEntries([...statuses].sort()),
      outboxRows: rows.length,
      flooderMail,
    };
  } finally {
    await server.stop();
    await sink.close();
  }
}

const loadBefore = os.loadavg()[0].toFixed(2);
const results = [];
for (const variant of variants) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const load = os.loadavg()[0].toFixed(2);
    const result = await run(variant);
    console.info(
      `${variant.name}, run ${i + 1} (load ${load}): flood ${result.floodSeconds.toFixed(1)} s ` +
        `${JSON.stringify(result.statuses)}; link after ${result.queueSeconds.toFixed(2)} s; ` +
        `flooder's rows in the outbox ${result.outboxRows}, messages to the flooder ${result.flooderMail}`,
    );
    runs.push({ ...result, load });
  }
  results.push({ variant, runs });
}
const loadAfter = os.loadavg()[0].toFixed(2);

const range = (values, digits) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
const rowsOf = results.map(({ variant, runs }) => {
  const answers = runs[0]?.statuses ?? {};
  return `| ${variant.name} | ${range(
    runs.map((r) => r.floodSeconds),
    1,
  )} | ${Object.entries(answers)
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ')} | ${range(
    runs.map((r) => r.flooderMail),
    0,
  )} | ${range(
    runs.map((r) => r.queueSeconds),
    2,
  )} |`;
});
const body = `## A mail flood from one account (\`node bench/mail/flood.mjs\`)

- Command: \`npx tsc -b && node bench/mail/flood.mjs\`: the built server on the embedded default (SQLite), SMTP to a sink in the benchmark's process; one person sends ${CYCLES} enrolments and cancellations of one course one after the other, then another person asks for a new contact e-mail (a link queued in the request, of the same class as a sign-up code), and the time from that answer to the link's arrival is measured. ${RUNS} runs per variant, each on a fresh server and database; median (min–max).
- Date: ${new Date().toISOString().slice(0, 10)}; machine: ${machineDescription({ chromium: false })}; load average ${loadBefore} at the start, ${loadAfter} at the end (per run: ${results.flatMap((r) => r.runs.map((x) => x.load)).join(', ')}).
- Before (the security review, same flood): 9 s, 3,001 messages queued, the sign-up code after **22.5 s** (0.3 s without the flood).

| variant | flood (s) | answers (first run) | messages sent to the flooder | link's queue time (s) |
|---|---:|---|---:|---:|
${rowsOf.join('\n')}
`;
console.info(body);
if (write) writeSection('bench:mail-flood', body);
