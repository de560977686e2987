/**
 * Accepting more than one new connection per event-loop turn (decision 037, decision 045).
 *
 * Node's libuv (1.45 and later, libuv PR #3696; still so on Node 24) accepts one connection per
 * listening socket and event-loop turn. While the server is busy (the day enrolment opens), each
 * turn lasts a few milliseconds, so the last of 200 people connecting at once waited over half a
 * second just to be accepted. Each extra listening socket is watched on its own, so a turn
 * accepts up to one connection per socket. Two ways to get them:
 *
 * - `reusePort` (Node 22.12+ on Linux, the runtime the product is built for): more sockets bound
 *   to the same port; the kernel spreads the new connections over them.
 * - On Node 20, a descriptor of the same socket is duplicated by sending its handle to a
 *   short-lived child process, which sends it straight back (the kernel gives the parent a new
 *   descriptor of the same socket).
 *
 * The connections accepted on the extra sockets are handed to the HTTP server (its documented
 * 'connection' event), which serves them as its own. The HTTP server does not count them in its
 * close, so `close()` stops the extra sockets and resolves once their last connection has ended.
 */
import { spawn } from 'node:child_process';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** How the extra sockets are made: more sockets on the port, or descriptors passed back by a child. */
export type AcceptMechanism = 'reusePort' | 'childProcess';

/** `reusePort` arrived in Node 22.12 and 23.1; of the platforms it names, the product runs on Linux. */
export function mechanismOf(nodeVersion: string, platform: NodeJS.Platform): AcceptMechanism {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  const hasReusePort = major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
  return hasReusePort && platform === 'linux' ? 'reusePort' : 'childProcess';
}

/** This runtime's mechanism. */
export const acceptMechanism: AcceptMechanism = mechanismOf(
  process.versions.node,
  process.platform,
);

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
  /** How many sockets accept connections, the server's own included. */
  readonly descriptors: number;
  /** Connections accepted so far on the extra sockets. */
  readonly accepted: number;
  /** Stops accepting on the extra sockets; resolves once their connections have ended. */
  close(): Promise<void>;
}

export interface AcceptHandlesOptions {
  /** Longest wait for the child process, in milliseconds. */
  timeoutMs?: number;
  /** `reusePort` needs the server listening with `reusePort: true`. This runtime's by default. */
  mechanism?: AcceptMechanism;
}

/**
 * Adds `extra` sockets accepting for `server`. Rejects (and leaves the server as it was) if the
 * server is not listening, the child fails or is late, or the port cannot be shared.
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

  const newListener = () =>
    createServer({
      allowHalfOpen: listening.allowHalfOpen,
      noDelay: listening.noDelay,
      keepAlive: listening.keepAlive,
      keepAliveInitialDelay: listening.keepAliveInitialDelay,
      pauseOnConnect: listening.pauseOnConnect,
      highWaterMark: listening.highWaterMark,
    });
  const listeners =
    (options.mechanism ?? acceptMechanism) === 'reusePort'
      ? await sharePort(server.address() as AddressInfo, extra, newListener)
      : listenOn(
          await duplicate(handle, extra, options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
          newListener,
        );

  const connections = new Set<Socket>();
  let accepted = 0;
  let drained: () => void = () => undefined;
  for (const listener of listeners) {
    listener.on('connection', (socket: Socket) => {
      accepted++;
      connections.add(socket);
      socket.once('close', () => {
        connections.delete(socket);
        if (connections.size === 0) drained();
      });
      server.emit('connection', socket);
    });
    // An accept error (too many open files...) is the server's, as on its own socket.
    listener.on('error', (error) => server.emit('error', error));
  }

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

export interface AcceptingApp {
  /**
   * `app.listen`, with `reusePort` where that is the mechanism. A port that another process
   * holds is refused (EADDRINUSE) as a plain listen refuses it: a server of the same user
   * listening with `reusePort` would otherwise share the port, and half the visitors.
   */
  listen(listenOptions: FastifyListenOptions): Promise<string>;
  /** Adds `extra` sockets accepting for the app's server; call it once the app listens. */
  add(extra: number): Promise<AcceptHandles>;
}

/**
 * Ties a Fastify app's extra sockets to its close: they stop accepting when the server does
 * (preClose), and the onClose hooks registered before this call (the database's...) run only
 * after their connections have ended (onClose hooks run in reverse order of registration).
 * Call it before the app listens.
 */
export function acceptHandlesOf(
  app: FastifyInstance,
  options: AcceptHandlesOptions = {},
): AcceptingApp {
  const mechanism = options.mechanism ?? acceptMechanism;
  let handles: AcceptHandles | undefined;
  app.addHook('preClose', (done) => {
    void handles?.close();
    done();
  });
  app.addHook('onClose', async () => handles?.close());
  return {
    async listen(listenOptions) {
      if (mechanism !== 'reusePort' || listenOptions.path !== undefined) {
        return app.listen(listenOptions);
      }
      // Fastify's default host, as app.listen resolves it.
      if (listenOptions.port)
        await refuseTakenPort(listenOptions.host ?? 'localhost', listenOptions.port);
      return app.listen({ ...listenOptions, reusePort: true } as FastifyListenOptions);
    },
    async add(extra) {
      handles = await addAcceptHandles(app.server, extra, { ...options, mechanism });
      return handles;
    },
  };
}

/** `count` more sockets listening on `address`'s port (the server listens with `reusePort`). */
async function sharePort(
  address: AddressInfo,
  count: number,
  newListener: () => Server,
): Promise<Server[]> {
  const listeners = Array.from({ length: count }, newListener);
  const results = await Promise.allSettled(
    listeners.map(
      (listener) =>
        new Promise<void>((resolve, reject) => {
          listener.once('error', reject);
          listener.listen({ host: address.address, port: address.port, reusePort: true }, () => {
            listener.off('error', reject);
            resolve();
          });
        }),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed) return listeners;
  for (const listener of listeners) if (listener.listening) listener.close();
  throw failed.reason;
}

/** A server listening on each of `handles`. */
function listenOn(handles: object[], newListener: () => Server): Server[] {
  return handles.map((duplicateHandle) => newListener().listen(duplicateHandle));
}

/** Rejects with EADDRINUSE if a socket of any kind listens on `host`:`port`. */
function refuseTakenPort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
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
