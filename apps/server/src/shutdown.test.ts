import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config/index.js';
import { createShutdown } from './shutdown.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../tests/support/web-root.js';

let fixture: FixtureWebRoot;

beforeAll(async () => {
  fixture = await createFixtureWebRoot();
});

afterAll(async () => {
  await fixture.cleanup();
});

/** The app on a free port, with a route that answers after `release()` is called. */
async function startApp() {
  const app: FastifyInstance = await buildApp(
    loadConfig({ WEB_ROOT: fixture.webRoot, DATA_DIR: fixture.dataDir, LOG_LEVEL: 'silent' }),
  );
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/slow', async () => {
    arrived();
    await released;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}`, release, inFlight };
}

describe('graceful shutdown', () => {
  it('finishes requests in flight, refuses new connections, then exits 0', async () => {
    const { app, base, release, inFlight } = await startApp();
    const exit = vi.fn();
    const slow = fetch(`${base}/slow`);
    await inFlight;

    const closing = createShutdown(app, { exit, timeoutMs: 5000 })('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exit).not.toHaveBeenCalled();
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('forces exit 1 when requests outlast the timeout', async () => {
    const { app, base, release, inFlight } = await startApp();
    const exit = vi.fn();
    const slow = fetch(`${base}/slow`).catch(() => undefined);
    await inFlight;

    const closing = createShutdown(app, { exit, timeoutMs: 100 })('SIGTERM');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    release();
    await slow;
    await closing;
    expect(exit).toHaveBeenCalledOnce();
  });

  it('forces exit 1 on a second signal', async () => {
    const { app, base, release, inFlight } = await startApp();
    const exit = vi.fn();
    const slow = fetch(`${base}/slow`).catch(() => undefined);
    await inFlight;

    const shutdown = createShutdown(app, { exit, timeoutMs: 5000 });
    const closing = shutdown('SIGINT');
    await shutdown('SIGINT');
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    release();
    await slow;
    await closing;
  });
});
