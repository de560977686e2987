// A/B of the ways to accept a burst of connections (decisions 037 and 045): one listening socket,
// 16 through the descriptor-passing child process, 16 bound with reusePort (Node 22.12+). A server
// process whose every answer keeps its event loop busy for BURST_WORK_MS (2) gets BURST_CONNECTIONS
// (200) connections opened at once, each sending one request; the client, another process, reports
// each connection's time to its answer, and the server in how many event-loop turns it accepted
// them. Runs alternate, BURST_ROUNDS (5) of each.
// Usage: npx tsc -b && node bench/accept/burst.mjs
import { fork } from 'node:child_process';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { acceptHandlesOf, acceptMechanism } from '../../apps/server/dist/listen/accept-handles.js';
import Fastify from 'fastify';

const connections = Number(process.env.BURST_CONNECTIONS ?? 200);
const rounds = Number(process.env.BURST_ROUNDS ?? 5);
const workMs = Number(process.env.BURST_WORK_MS ?? 2);

if (process.argv[2] === 'serve') {
  const [, , , mechanism, descriptors] = process.argv;
  const app = Fastify({ logger: false });
  app.get('/', async () => {
    const until = performance.now() + workMs;
    while (performance.now() < until);
    return 'ok';
  });
  const accepting = acceptHandlesOf(app, { mechanism });
  await accepting.listen({ port: 0, host: '127.0.0.1' });
  await accepting.add(Number(descriptors) - 1);
  // In which turn of the event loop each connection was accepted, counted from the 'count' message.
  let turn = 0;
  let turns = [];
  const tick = () => {
    turn++;
    setImmediate(tick);
  };
  tick();
  app.server.on('connection', () => turns.push(turn));
  process.on('message', (message) => {
    if (message === 'count') {
      turns = [];
      process.send('counting');
    }
    if (message === 'report') process.send({ turns: new Set(turns).size });
  });
  process.send(app.server.address().port);
} else {
  const variants = [
    ['1 socket', 'childProcess', 1],
    ['16, child process', 'childProcess', 16],
    ...(acceptMechanism === 'reusePort' ? [['16, reusePort', 'reusePort', 16]] : []),
  ];
  const results = new Map(variants.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, mechanism, descriptors] of variants) {
      const server = fork(new URL(import.meta.url), ['serve', mechanism, String(descriptors)]);
      const port = await new Promise((resolve) => server.once('message', resolve));
      // Warm the JIT and the handler before the burst.
      await Promise.all(Array.from({ length: 50 }, () => request(port)));
      server.send('count');
      await new Promise((resolve) => server.once('message', resolve));
      const times = (
        await Promise.all(Array.from({ length: connections }, () => request(port)))
      ).sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      server.send('report');
      const { turns } = await new Promise((resolve) => server.once('message', resolve));
      results.get(name).push({ p50: at(0.5), p99: at(0.99), max: times.at(-1), turns });
      server.kill();
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }
  console.log(
    `Node ${process.version}, ${connections} connections at once, ${workMs} ms per answer`,
  );
  for (const [name, runs] of results) {
    const list = (key) => runs.map((run) => run[key].toFixed(0)).join(', ');
    console.log(
      `${name.padEnd(18)} turns to accept ${list('turns')} | p50 ${list('p50')} | p99 ${list('p99')} ms`,
    );
  }
}

/** Milliseconds from opening a connection to the end of the answer to its one request. */
function request(port) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const socket = connect({ port, host: '127.0.0.1' }, () =>
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
    );
    socket.on('data', () => undefined);
    socket.on('end', () => resolve(performance.now() - start));
    socket.on('error', reject);
  });
}
