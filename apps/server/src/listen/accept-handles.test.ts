import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptHandlesOf,
  acceptMechanism,
  addAcceptHandles,
  mechanismOf,
  type AcceptHandles,
  type AcceptMechanism,
} from './accept-handles.js';

const opened: { server: Server; handles?: AcceptHandles }[] = [];

afterEach(async () => {
  for (const { server, handles } of opened.splice(0)) {
    await handles?.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The mechanisms this runtime has: the child process everywhere, reusePort on Node 22.12+. */
const mechanisms: AcceptMechanism[] =
  acceptMechanism === 'reusePort' ? ['reusePort', 'childProcess'] : ['childProcess'];

/** An HTTP server whose every answer keeps the event loop busy for 2 ms, as a busy server does. */
async function busyServer(reusePort = false): Promise<Server> {
  const server = createServer((_request, response) => {
    const until = Date.now() + 2;
    while (Date.now() < until);
    response.end('ok');
  });
  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: '127.0.0.1', reusePort }, resolve),
  );
  return server;
}

/**
 * Opens `count` connections at once, each sending one request, and returns in which event-loop
 * turn of this process the server accepted each of them.
 */
async function acceptTurns(server: Server, count: number): Promise<number[]> {
  let turn = 0;
  let counting = true;
  const count_ = () => {
    turn++;
    if (counting) setImmediate(count_);
  };
  count_();
  const turns: number[] = [];
  const onConnection = () => turns.push(turn);
  server.on('connection', onConnection);
  const { port } = server.address() as AddressInfo;
  try {
    await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<void>((resolve, reject) => {
            get({ host: '127.0.0.1', port, agent: false }, (response) => {
              response.resume();
              response.on('end', resolve);
            }).on('error', reject);
          }),
      ),
    );
  } finally {
    counting = false;
    server.off('connection', onConnection);
  }
  return turns;
}

const mostInOneTurn = (turns: number[]) => {
  const perTurn = new Map<number, number>();
  for (const turn of turns) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
  return Math.max(...perTurn.values());
};

describe.each(mechanisms)('extra sockets made by %s', (mechanism) => {
  it('accept several of the connections made at once in each turn, where one socket accepts one', async () => {
    const alone = await busyServer();
    opened.push({ server: alone });
    const aloneTurns = await acceptTurns(alone, 40);
    expect(aloneTurns).toHaveLength(40);
    expect(mostInOneTurn(aloneTurns)).toBe(1);

    const server = await busyServer(mechanism === 'reusePort');
    const handles = await addAcceptHandles(server, 7, { mechanism });
    opened.push({ server, handles });
    expect(handles.descriptors).toBe(8);
    const turns = await acceptTurns(server, 40);
    expect(turns).toHaveLength(40);
    expect(mostInOneTurn(turns)).toBeGreaterThan(1);
    expect(new Set(turns).size).toBeLessThan(20);
    expect(handles.accepted).toBeGreaterThan(0);
  });

  it("serve the app's requests, stop with it, and let its own close wait for their answers", async () => {
    const app = Fastify({ logger: false });
    const events: string[] = [];
    // Stands for the database: closed by a hook registered before the descriptors'.
    app.addHook('onClose', async () => {
      events.push('database closed');
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrivals = 0;
    // Requests on the extra descriptors are answered last, after the server's own connections
    // (Node's `_server`: the listener that accepted the socket; `server` is the HTTP server).
    app.get('/slow', async (request) => {
      arrivals++;
      await released;
      const acceptedBy = (request.raw.socket as unknown as { _server: unknown })._server;
      if (acceptedBy !== app.server) await setTimeout(200);
      events.push('answered');
      return { done: true };
    });
    const accepting = acceptHandlesOf(app, { mechanism });
    await accepting.listen({ port: 0, host: '127.0.0.1' });
    const handles = await accepting.add(7);
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const answers = Array.from({ length: 24 }, () =>
      fetch(`${base}/slow`).then(async (response) => [response.status, await response.json()]),
    );
    await expect.poll(() => arrivals).toBe(24);
    expect(handles.accepted).toBeGreaterThan(0);

    const closing = app.close();
    // As the shutdown does (shutdown.ts): answered connections, left idle, are closed.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 10);
    await setTimeout(50);
    await expect(fetch(`${base}/slow`)).rejects.toThrow();
    expect(events).toEqual([]);

    release();
    expect(await Promise.all(answers)).toEqual(Array(24).fill([200, { done: true }]));
    await closing;
    clearInterval(sweep);
    expect(events.at(-1)).toBe('database closed');
    expect(events.filter((event) => event === 'answered')).toHaveLength(24);
  });

  it('leave a port that another server holds refused, as a single socket does', async () => {
    const first = Fastify({ logger: false });
    const firstAccepting = acceptHandlesOf(first, { mechanism });
    await firstAccepting.listen({ port: 0, host: '127.0.0.1' });
    await firstAccepting.add(3);
    const { port } = first.server.address() as AddressInfo;

    const second = Fastify({ logger: false });
    await expect(
      acceptHandlesOf(second, { mechanism }).listen({ port, host: '127.0.0.1' }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await second.close();
    await first.close();
  });

  it('are refused for a server that is not listening', async () => {
    await expect(addAcceptHandles(createServer(), 3, { mechanism })).rejects.toThrow(
      'the server is not listening',
    );
  });
});

describe('the mechanism of a runtime', () => {
  it('is reusePort from Node 22.12 on Linux, the child process before it and elsewhere', () => {
    expect(mechanismOf('20.20.2', 'linux')).toBe('childProcess');
    expect(mechanismOf('22.11.0', 'linux')).toBe('childProcess');
    expect(mechanismOf('22.12.0', 'linux')).toBe('reusePort');
    expect(mechanismOf('23.0.0', 'linux')).toBe('childProcess');
    expect(mechanismOf('23.1.0', 'linux')).toBe('reusePort');
    expect(mechanismOf('24.21.0', 'linux')).toBe('reusePort');
    expect(mechanismOf('24.21.0', 'darwin')).toBe('childProcess');
  });
});
