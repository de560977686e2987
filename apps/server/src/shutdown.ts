/**
 * Graceful shutdown: on SIGTERM or SIGINT stop accepting connections, let requests in flight
 * finish, close the app (and what it holds), then exit 0. If that takes longer than the timeout,
 * or a second signal arrives, exit 1 at once.
 *
 * Keep-alive connections would hold the close open until they time out: Fastify closes those
 * idle when closing starts, and the sweep here closes each one as soon as its last answer is sent.
 */
import type { FastifyInstance } from 'fastify';

const IDLE_SWEEP_MS = 100;

export interface ShutdownOptions {
  /** Longest wait for requests in flight, in milliseconds. */
  timeoutMs?: number;
  signals?: readonly NodeJS.Signals[];
  /** Process exit (replaced in tests). */
  exit?: (code: number) => void;
}

/** A function that shuts the app down once; later calls force the exit. */
export function createShutdown(app: FastifyInstance, options: ShutdownOptions = {}) {
  const { timeoutMs = 10_000, exit: processExit = (code: number) => process.exit(code) } = options;
  let closing = false;
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    processExit(code);
  };

  return async function shutdown(reason: string): Promise<void> {
    if (closing) {
      app.log.warn({ reason }, 'shutdown already in progress: forcing exit');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ reason }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out: forcing exit');
      exit(1);
    }, timeoutMs);
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    timer.unref();
    sweep.unref();
    try {
      await app.close();
      app.log.info('server closed');
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      exit(1);
    } finally {
      clearTimeout(timer);
      clearInterval(sweep);
    }
  };
}

/** Install the shutdown on the process's signals; returns a function removing the handlers. */
export function installShutdown(app: FastifyInstance, options: ShutdownOptions = {}): () => void {
  const shutdown = createShutdown(app, options);
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal);
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}
