import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { publicPaths, signedInPaths } from '@centro/content';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config/index.js';
import { ASSET_JS, createFixtureWebRoot, type FixtureWebRoot } from '../tests/support/web-root.js';

let fixture: FixtureWebRoot;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = await createFixtureWebRoot();
  app = await buildApp(
    loadConfig({
      WEB_ROOT: fixture.webRoot,
      DATA_DIR: fixture.dataDir,
      SITE_URL: 'https://centro.example.org',
      LOG_LEVEL: 'silent',
    }),
  );
});

afterAll(async () => {
  await app.close();
  await fixture.cleanup();
});

function sha256(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

describe('prerendered pages', () => {
  it('answers every public path with its own page', async () => {
    for (const path of publicPaths()) {
      const res = await app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(fixture.markerOf(path));
    }
  });

  it("allows exactly the page's inline scripts by hash, never 'unsafe-inline'", async () => {
    const res = await app.inject({ url: '/horarios' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = directive(csp, 'script-src');
    expect(scriptSrc).toEqual(["'self'", ...fixture.scriptsOf('/horarios').map(sha256)]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'frame-src')).toEqual(['https://www.google.com']);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('gives each page its own CSP', async () => {
    const home = await app.inject({ url: '/' });
    const about = await app.inject({ url: '/saiba-mais' });
    expect(home.headers['content-security-policy']).not.toBe(
      about.headers['content-security-policy'],
    );
    expect(directive(String(home.headers['content-security-policy']), 'script-src')).toContain(
      sha256(fixture.scriptsOf('/')[0] as string),
    );
  });

  it('negotiates brotli and gzip, with Vary: Accept-Encoding', async () => {
    const plain = await app.inject({ url: '/contato' });
    const br = await app.inject({
      url: '/contato',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const gz = await app.inject({ url: '/contato', headers: { 'accept-encoding': 'gzip' } });
    const noBr = await app.inject({
      url: '/contato',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(noBr.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gz]) {
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('sends a strong ETag per coding and answers 304 to If-None-Match', async () => {
    const first = await app.inject({ url: '/horarios', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const identity = await app.inject({ url: '/horarios' });
    expect(identity.headers.etag).not.toBe(etag);

    const again = await app.inject({
      url: '/horarios',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers.vary).toBe('Accept-Encoding');

    const other = await app.inject({ url: '/contato', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const get = await app.inject({ url: '/saiba-mais', headers: { 'accept-encoding': 'gzip' } });
    const res = await app.inject({
      method: 'HEAD',
      url: '/saiba-mais',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-length']).toBe(get.headers['content-length']);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-security-policy']).toContain('script-src');
  });

  it('answers the signed-in paths with the client-rendered shell and its own CSP', async () => {
    for (const path of signedInPaths) {
      const res = await app.inject({ url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain(fixture.markerOf('fallback'));
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(directive(String(res.headers['content-security-policy']), 'script-src')).toEqual([
        "'self'",
        ...fixture.scriptsOf('fallback').map(sha256),
      ]);
    }
  });

  it('redirects /x/ to /x, keeping the query', async () => {
    const res = await app.inject({ url: '/global-kardec/passe/?utm_source=x' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/global-kardec/passe?utm_source=x');
    const perfil = await app.inject({ url: '/perfil/' });
    expect(perfil.statusCode).toBe(301);
    expect(perfil.headers.location).toBe('/perfil');
  });
});

describe('not found', () => {
  it.each([
    '/nao-existe',
    '/404',
    '/global-kardec/nao-existe',
    '/index.html',
    '/__spa-fallback.html',
    '/nao-existe/',
  ])('%s → 404 with the Página Não Encontrada page', async (url) => {
    const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(fixture.markerOf('404'));
    expect(directive(String(res.headers['content-security-policy']), 'script-src')).toEqual([
      "'self'",
      ...fixture.scriptsOf('404').map(sha256),
    ]);
    expect(res.headers.etag).toBeUndefined();
  });

  it('answers unknown API paths with JSON', async () => {
    for (const url of ['/api/unknown', '/api', '/api?x=1']) {
      const res = await app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ error: 'not_found', message: 'Recurso não encontrado.' });
    }
  });

  // A path without a route parsed JSON up to Fastify's default 1 MiB before
  // its 404, so nested-array bodies could stall the event loop from one address.
  it.each(['/', '/healthz', '/nao-existe', '/api/unknown'])(
    'refuses a large body sent to %s before parsing it',
    async (url) => {
      const body = '['.repeat(60_000) + ']'.repeat(60_000);
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toMatchObject({ error: 'payload_too_large' });
    },
  );

  it('answers HEAD of an unknown path with 404 and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('');
  });
});

describe('files of the web build', () => {
  it('serves fingerprinted assets with an immutable cache, pre-compressed when accepted', async () => {
    const plain = await app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(ASSET_JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript; charset=utf-8$/);

    const br = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript; charset=utf-8$/);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_JS);

    const gz = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET_JS);
  });

  it('serves an asset without compressed siblings as it is', async () => {
    const res = await app.inject({
      url: '/assets/site-def456.css',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{margin:0}\n');
  });

  it('answers a missing asset, a compressed sibling or an HTML file under assets with 404', async () => {
    for (const url of [
      '/assets/missing-000.js',
      '/assets/app-abc123.js.br',
      '/assets/stray.html',
      '/index.html.br',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('serves public files with a short cache', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('does not allow path traversal', async () => {
    for (const url of [
      '/assets/../../data',
      '/assets/%2e%2e/404/index.html',
      '/..%2fpackage.json',
    ]) {
      const res = await app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
    }
  });
});

describe('sitemap, robots and health', () => {
  it('lists every public path in /sitemap.xml as an absolute URL', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(publicPaths().map((p) => new URL(p, 'https://centro.example.org').href));
    expect(locs).toHaveLength(28);
  });

  it('compresses the sitemap on the fly', async () => {
    const res = await app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<urlset');
  });

  it('serves robots.txt that keeps crawlers out of the API, the IdP and the signed-in pages', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/idp/', ...signedInPaths])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: https://centro.example.org/sitemap.xml');
  });

  it('answers /healthz', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers', () => {
  it.each(['/', '/nao-existe', '/assets/app-abc123.js', '/healthz', '/api/x', '/perfil'])(
    '%s carries the security headers',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(directive(String(res.headers['content-security-policy']), 'frame-ancestors')).toEqual([
        "'none'",
      ]);
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('sends the same headers on pages as helmet does elsewhere, and one CSP', async () => {
    const page = await app.inject({ url: '/contato' });
    const health = await app.inject({ url: '/healthz' });
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) =>
            ![
              'content-security-policy',
              'content-type',
              'content-length',
              'cache-control',
              'date',
              'connection',
              'etag',
              'vary',
              'keep-alive',
            ].includes(name),
        ),
      );
    expect(security(page.headers)).toEqual(security(health.headers));
    expect(typeof page.headers['content-security-policy']).toBe('string');
  });

  it('has no HSTS and no upgrade-insecure-requests on a plain-http site', async () => {
    const local = await buildApp(
      loadConfig({ WEB_ROOT: fixture.webRoot, DATA_DIR: fixture.dataDir, LOG_LEVEL: 'silent' }),
    );
    try {
      const res = await local.inject({ url: '/' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      const robots = await local.inject({ url: '/robots.txt' });
      expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    } finally {
      await local.close();
    }
  });
});

describe('errors', () => {
  it('never leaks internals of a failing route', async () => {
    const failing = await buildApp(
      loadConfig({ WEB_ROOT: fixture.webRoot, DATA_DIR: fixture.dataDir, LOG_LEVEL: 'silent' }),
    );
    failing.get('/api/boom', async () => {
      throw new Error('connection string postgres://user:pass@db');
    });
    try {
      const res = await failing.inject({ url: '/api/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'internal_error',
        message: 'Erro interno. Tente novamente mais tarde.',
      });
    } finally {
      await failing.close();
    }
  });
});

describe('start-up', () => {
  it('creates the data directory', () => {
    expect(existsSync(fixture.dataDir)).toBe(true);
  });

  it('refuses to start on an incomplete web build, naming the missing files', async () => {
    await expect(
      buildApp(
        loadConfig({ WEB_ROOT: fixture.dataDir, DATA_DIR: fixture.dataDir, LOG_LEVEL: 'silent' }),
      ),
    ).rejects.toThrow(/missing or incomplete: cannot read index\.html, saiba-mais\/index\.html/);
  });
});
