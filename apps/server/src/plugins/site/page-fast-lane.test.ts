/**
 * The pages' fast lane (static-site.ts): over real HTTP, a page answered before Fastify's routing
 * is the same answer, byte for byte and header for header, as the one Fastify's route gives
 * (`inject` always takes the route); anything else still reaches Fastify; and while requests are
 * logged, pages go through Fastify and are logged.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../tests/support/web-root.js';

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** Headers that differ between two answers for reasons of their own (time, connection). */
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

function comparable(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.includes(name)),
  );
}

function over(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      origin + path,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: comparable(res.headers),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function injected(
  app: FastifyInstance,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await app.inject({
    method: (options.method ?? 'GET') as 'GET',
    url: path,
    headers: options.headers ?? {},
  });
  return { status: res.statusCode, headers: comparable(res.headers), body: res.rawPayload };
}

async function listening(logLevel: string, lines: string[] = []) {
  const app = await buildApp(
    loadConfig({
      WEB_ROOT: fixture.webRoot,
      DATA_DIR: fixture.dataDir,
      SITE_URL: 'https://centro.example.org',
      LOG_LEVEL: logLevel,
    }),
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, origin: `http://127.0.0.1:${port}` };
}

let fixture: FixtureWebRoot;

beforeAll(async () => {
  fixture = await createFixtureWebRoot();
});

afterAll(async () => {
  await fixture.cleanup();
});

describe('pages over HTTP with requests not logged (the fast lane)', () => {
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    ({ app, origin } = await listening('warn'));
  });

  afterAll(async () => {
    await app.close();
  });

  it('stands in front of Fastify on the server', () => {
    const listeners = app.server.listeners('request');
    expect(listeners).toHaveLength(1);
    expect(listeners[0]).not.toBe(app.routing);
  });

  const encodings = [undefined, 'gzip', 'br', 'gzip, deflate, br, zstd', 'br;q=0, gzip'];
  for (const path of ['/', '/horarios', '/global-kardec/passe', '/perfil']) {
    for (const encoding of encodings) {
      it(`answers GET and HEAD ${path} (${encoding ?? 'no Accept-Encoding'}) as the route does`, async () => {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        for (const method of ['GET', 'HEAD']) {
          const fast = await over(origin, path, { method, headers });
          const routed = await injected(app, path, { method, headers });
          expect(fast.status).toBe(200);
          expect(fast.headers).toEqual(routed.headers);
          expect(fast.body.equals(routed.body)).toBe(true);
          expect(fast.headers['content-security-policy']).toContain('script-src');
          expect(fast.headers['x-frame-options']).toBe('DENY');
          expect(fast.headers['strict-transport-security']).toBeDefined();
        }
      });
    }
  }

  it('answers 304 to a matching If-None-Match, and 200 with a query string, as the route does', async () => {
    const first = await over(origin, '/contato', { headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers['etag']);
    const cases: Record<string, string>[] = [
      { 'accept-encoding': 'br', 'if-none-match': etag },
      { 'if-none-match': `W/${etag}, "other"` },
      { 'if-none-match': '"other"' },
    ];
    for (const headers of cases) {
      const fast = await over(origin, '/contato', { headers });
      const routed = await injected(app, '/contato', { headers });
      expect(fast.status).toBe(routed.status);
      expect(fast.headers).toEqual(routed.headers);
      expect(fast.body.equals(routed.body)).toBe(true);
    }
    expect((await over(origin, '/contato', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    const query = await over(origin, '/contato?utm_source=folheto');
    expect(query.status).toBe(200);
    expect(query.headers).toEqual((await injected(app, '/contato')).headers);
  });

  it('leaves everything else to Fastify', async () => {
    const cases: [string, string][] = [
      ['GET', '/pagina-que-nao-existe'],
      ['GET', '/horarios/'],
      ['GET', '/HORARIOS'],
      ['GET', '/sa%69ba-mais'],
      ['POST', '/horarios'],
      ['DELETE', '/'],
      ['GET', '/healthz'],
      ['GET', '/robots.txt'],
    ];
    for (const [method, path] of cases) {
      const fast = await over(origin, path, { method });
      const routed = await injected(app, path, { method });
      expect(fast.status, `${method} ${path}`).toBe(routed.status);
      expect(fast.headers['content-type'], `${method} ${path}`).toBe(
        routed.headers['content-type'],
      );
      expect(fast.headers['location'], `${method} ${path}`).toBe(routed.headers['location']);
    }
  });
});

describe('pages over HTTP with requests logged', () => {
  it('go through Fastify, which logs them', async () => {
    const lines: string[] = [];
    const { app, origin } = await listening('info', lines);
    try {
      const res = await over(origin, '/horarios', { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(200);
      expect(
        res.body.equals(
          (await injected(app, '/horarios', { headers: { 'accept-encoding': 'br' } })).body,
        ),
      ).toBe(true);
      const logged = lines.map(
        (line) => JSON.parse(line) as { msg?: string; req?: { url?: string } },
      );
      expect(logged.some((l) => l.msg === 'request completed' && l.req?.url === '/horarios')).toBe(
        true,
      );
    } finally {
      await app.close();
    }
  });
});
