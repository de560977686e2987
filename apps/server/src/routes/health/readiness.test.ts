/**
 * GET /readyz through the real app (database and local directory), then with a failing or hanging
 * directory, and through the plugin alone with a closed database. /healthz stays liveness only.
 */
import { fastify } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import type { DirectoryAdapter } from '../../directory/create-directory.js';
import { DirectoryError } from '../../directory/directory.js';
import { createTestApi, type TestApi } from '../../../tests/support/api-app.js';
import { useZodSchemas } from '../../plugins/api-conventions.js';
import { readiness } from './readiness.js';

describe('GET /readyz', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers 200 {status: ok} when the database and the directory answer', async () => {
    api.faults.fault = undefined;
    const res = await api.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the directory when its ping fails; /healthz stays 200', async () => {
    api.faults.fault = (operation) =>
      operation === 'ping' ? new DirectoryError('directory down', 503) : undefined;
    try {
      const res = await api.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', directory: 'unavailable' },
      });
      expect(res.body).not.toContain('directory down');
      const health = await api.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      api.faults.fault = undefined;
    }
  });
});

describe('the readiness checks', () => {
  it('time out a directory that never answers', async () => {
    const database = await openDatabase({ dataDir: '.', sqliteFile: ':memory:' });
    const app = fastify();
    useZodSchemas(app);
    app.decorate('database', database);
    app.decorate('directory', {
      ping: () => new Promise<void>(() => undefined),
    } as DirectoryAdapter);
    await app.register(readiness, { timeoutMs: 50 });
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', directory: 'timeout' },
      });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('report a closed database as unavailable', async () => {
    const database = await openDatabase({ dataDir: '.', sqliteFile: ':memory:' });
    await database.close();
    const app = fastify();
    useZodSchemas(app);
    app.decorate('database', database);
    app.decorate('directory', { ping: async () => undefined } as DirectoryAdapter);
    await app.register(readiness);
    try {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'unavailable', directory: 'ok' },
      });
    } finally {
      await app.close();
    }
  });
});
