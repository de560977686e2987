/**
 * Accepting more than one new connection per event-loop turn (decision 037).
 *
 * Node 20's libuv (1.45 and later, libuv PR #3696) accepts one connection per listening
 * descriptor and event-loop turn. While the server is busy (the day enrolment opens), each turn
 * lasts a few milliseconds, so the last of 200 people connecting at once waited over half a second
 * just to be accepted. Each extra descriptor of the same listening socket is watched on its own,
 * so a turn accepts up to one connection per descriptor. Node 22.12's `reusePort` is not on Node
 * 20; a descriptor is duplicated by sending the socket's handle to a short-lived child process,
 * which sends it straight back (the kernel gives the parent a new descriptor of the same socket).
 *
 * The connections accepted on the extra descriptors are handed to the HTTP server (its
 * documented 'connection' event), which serves them as its own. The HTTP server does not count
 * them in its close, so `close()` stops the extra descriptors and resolves once their last
 * connection has ended.
 */
import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server, type Socket } from 'node:net';

/**
 * The child process: sends every listening handle it receives straight back, then closes its own.
 * It never listens on the handle (a raw handle is not a server), so it accepts no connection.
 */
const CHILD_SOURCE = `process.on('message', (message, handle) => {
  if (message === 'duplicate' && handle) process.send('duplicate', handle, undefined, () => handle.close());
});`;

/** Longest wait for the child's handles before starting without them. */
const DEFAULT_TIMEOUT_MS = 5_000;

/** Node's listening socket handle, and the socket options a server keeps for new connections. */
interface ListeningServer extends Server {
  _handle?: object | null;
  allowHalfOpen?: boolean;
  noDelay?: boolean;
  keepAlive?: boolean;
  keepAliveInitialDelay?: number;
  pauseOnConnect?: boolean;
  highWaterMark?: number;
}

export interface AcceptHandles {
  /** How many descriptors accept connections, the server's own included. */
  readonly descriptors: number;
  /** Connections accepted so far on the extra descriptors. */
  readonly accepted: number;
  /** Stops accepting on the extra descriptors; resolves once their connections have ended. */
  close(): Promise<void>;
}

export interface AcceptHandlesOptions {
  /** Longest wait for the child process, in milliseconds. */
  timeoutMs?: number;
}

/**
 * Adds `extra` descriptors of `server`'s listening socket, each accepting for `server`. Rejects
 * (and leaves the server as it was) if the server is not listening or the child fails or is late.
 */
export async function addAcceptHandles(
  server: Server,
  extra: number,
  options: AcceptHandlesOptions = {},
): Promise<AcceptHandles> {
  const listening = server as ListeningServer;
  const handle = listening._handle;
  if (!server.listening || !handle) throw new Error('the server is not listening');
  if (extra <= 0) return { descriptors: 1, accepted: 0, close: () => Promise.resolve() };

  const duplicates = await duplicate(handle, extra, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const connections = new Set<Socket>();
  let accepted = 0;
  let drained: () => void = () => undefined;
  const listeners = duplicates.map((duplicateHandle) => {
    const listener = createServer({
      allowHalfOpen: listening.allowHalfOpen,
      noDelay: listening.noDelay,
      keepAlive: listening.keepAlive,
      keepAliveInitialDelay: listening.keepAliveInitialDelay,
      pauseOnConnect: listening.pauseOnConnect,
      highWaterMark: listening.highWaterMark,
    });
    listener.on('connection', (socket: Socket) => {
      accepted++;
      connections.add(socket);
      socket.once('close', () => {
        connections.delete(socket);
        if (connections.size === 0) drained();
      });
      server.emit('connection', socket);
    });
    // An accept error (too many open files...) is the server's, as on its own descriptor.
    listener.on('error', (error) => server.emit('error', error));
    listener.listen(duplicateHandle);
    return listener;
  });

  let closing: Promise<void> | undefined;
  return {
    descriptors: 1 + listeners.length,
    get accepted() {
      return accepted;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const listener of listeners) listener.close();
        drained = resolve;
        if (connections.size === 0) resolve();
      });
      return closing;
    },
  };
}

/**
 * Ties a Fastify app's extra descriptors to its close: they stop accepting when the server does
 * (preClose), and the onClose hooks registered before this call (the database's...) run only
 * after their connections have ended (onClose hooks run in reverse order of registration).
 * Call it before the app listens; call the function it returns once it does.
 */
export function acceptHandlesOf(
  app: FastifyInstance,
  options: AcceptHandlesOptions = {},
): (extra: number) => Promise<AcceptHandles> {
  let handles: AcceptHandles | undefined;
  app.addHook('preClose', (done) => {
    void handles?.close();
    done();
  });
  app.addHook('onClose', async () => handles?.close());
  return async (extra) => {
    handles = await addAcceptHandles(app.server, extra, options);
    return handles;
  };
}

/** `count` new descriptors of the socket behind `handle`, through a child process. */
function duplicate(handle: object, count: number, timeoutMs: number): Promise<object[]> {
  return new Promise((resolve, reject) => {
    const received: object[] = [];
    let settled = false;
    const child = spawn(process.execPath, ['--eval', CHILD_SOURCE], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill();
      for (const late of received) (late as { close(): void }).close();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`no duplicate handles after ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the child process ended (${code})`)));
    child.on('message', (message: unknown, duplicateHandle: unknown) => {
      if (message !== 'duplicate' || !duplicateHandle) return;
      received.push(duplicateHandle as object);
      if (received.length < count || settled) return;
      settled = true;
      clearTimeout(timer);
      child.disconnect();
      resolve(received);
    });
    for (let i = 0; i < count; i++) child.send('duplicate', handle as never);
  });
}
