/**
 * The per-client limits: /idp has its own (RATE_LIMIT_IDP_PER_MINUTE); with REDIS_URL the counts
 * are shared by several instances (against the machine's Redis on 127.0.0.1:6379 when it answers,
 * skipped with a printed reason otherwise); an unreachable Redis lets requests through.
 */
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/api-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(url: string): Promise<string | undefined> {
  const client = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

/** A client address of its own for each test (counters in Redis outlive a test run). */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const DISCOVERY = '/idp/.well-known/openid-configuration';
const apis: TestApi[] = [];
afterAll(() => Promise.all(apis.map((api) => api.close())));

async function testApi(env: Record<string, string>): Promise<TestApi> {
  const api = await createTestApi({ env });
  apis.push(api);
  return api;
}

describe('the /idp limit', () => {
  it(
    'answers 429 JSON beyond RATE_LIMIT_IDP_PER_MINUTE per client, apart from /api',
    { timeout: 15_000 },
    async () => {
      const api = await testApi({ RATE_LIMIT_IDP_PER_MINUTE: '3' });
      const remoteAddress = someAddress();
      for (let i = 0; i < 3; i++) {
        expect((await api.app.inject({ url: DISCOVERY, remoteAddress })).statusCode).toBe(200);
      }
      const refused = await api.app.inject({ url: DISCOVERY, remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
      expect(refused.headers['retry-after']).toBeDefined();
      // Another client, and the API of the same client, are not affected.
      const other = await api.app.inject({ url: DISCOVERY, remoteAddress: someAddress() });
      expect(other.statusCode).toBe(200);
      const availability = await api.app.inject({
        url: '/api/courses/availability',
        remoteAddress,
      });
      expect(availability.statusCode).toBe(200);
    },
  );
});

const unreachable = await redisReachable(REDIS_URL);
if (unreachable) {
  console.warn(
    `Redis unreachable at ${REDIS_URL} (${unreachable}): the shared rate-limit tests are skipped.`,
  );
}

describe.skipIf(unreachable !== undefined)('the limits counted in Redis (REDIS_URL)', () => {
  it('are shared by two instances', { timeout: 15_000 }, async () => {
    const env = { REDIS_URL, RATE_LIMIT_API_PER_MINUTE: '4', RATE_LIMIT_IDP_PER_MINUTE: '2' };
    const [one, two] = [await testApi(env), await testApi(env)];
    if (!one || !two) throw new Error('two instances expected');
    const remoteAddress = someAddress();
    const statuses: number[] = [];
    for (const api of [one, two, one, two, one, two]) {
      const res = await api.app.inject({ url: '/api/courses/availability', remoteAddress });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);

    const idp: number[] = [];
    for (const api of [two, one, two]) {
      idp.push((await api.app.inject({ url: DISCOVERY, remoteAddress })).statusCode);
    }
    expect(idp).toEqual([200, 200, 429]);
  });
});

describe('an unreachable Redis', () => {
  it('lets the requests through, without waiting for it', { timeout: 15_000 }, async () => {
    const api = await testApi({
      REDIS_URL: 'redis://127.0.0.1:1',
      RATE_LIMIT_API_PER_MINUTE: '2',
    });
    const remoteAddress = someAddress();
    const started = Date.now();
    for (let i = 0; i < 4; i++) {
      const res = await api.app.inject({ url: '/api/courses/availability', remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    // Four connect timeouts (1 s each) would be over 4 s.
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
