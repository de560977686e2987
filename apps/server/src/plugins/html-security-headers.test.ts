/**
 * Every HTML answer of the server carries the security headers and a CSP that its own markup lives
 * within: each prerendered public route, the 404 page, the client-rendered shell of the signed-in
 * pages, every page of the built-in provider (sign-in, sign-up, their refusals, errors, sign-out,
 * the self-submitting pages) and the API's documentation, on an https site (HSTS,
 * upgrade-insecure-requests) and on plain http (neither).
 *
 * The markup is read here with a parser of its own (not site/csp.ts, whose mistakes it must catch):
 * every executable inline <script> must match a hash of the effective script-src, no inline event
 * handler or javascript: URL may exist (no policy here allows them), and inline <style> elements
 * and style attributes must be allowed by the effective style policy (by hash once the policy has
 * no 'unsafe-inline').
 *
 * Pages: the fixture web root always; the real build (apps/web/build/client) too when it exists
 * (`npm run build`), else skipped with a warning. Non-HTML answers (files, JSON, health) are
 * app.test.ts's "security headers"; details of each page are in their own tests.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { publicPaths, signedInPaths } from '@centro/content';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { BUILT_IN_API_SCOPE } from '@centro/contracts/identity';
import { IdpBrowser, formAction, inputValue, pkce } from '../../tests/support/idp-browser.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../tests/support/web-root.js';

const BUILT_WEB_ROOT = fileURLToPath(new URL('../../../web/build/client', import.meta.url));
const hasBuild =
  existsSync(path.join(BUILT_WEB_ROOT, 'index.html')) &&
  existsSync(path.join(BUILT_WEB_ROOT, '__spa-fallback.html'));
if (!hasBuild) {
  console.warn(
    `The real build's pages are not checked: no build at ${BUILT_WEB_ROOT} (run npm run build).`,
  );
}

// ---------------------------------------------------------------------------------------------
// Reading a CSP and a page.

type Directives = Map<string, string[]>;

function parseCsp(csp: string): Directives {
  const directives: Directives = new Map();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins (CSP3 §2.2.1).
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** A directive as the browser applies it: the first of `names` present (fallback chain). */
function effective(directives: Directives, ...names: string[]): string[] | undefined {
  for (const name of names) {
    const sources = directives.get(name);
    if (sources) return sources;
  }
  return undefined;
}

const SCRIPT_CHAIN = ['script-src-elem', 'script-src', 'default-src'];
const SCRIPT_ATTR_CHAIN = ['script-src-attr', 'script-src', 'default-src'];
const STYLE_CHAIN = ['style-src-elem', 'style-src', 'default-src'];
const STYLE_ATTR_CHAIN = ['style-src-attr', 'style-src', 'default-src'];

/** Whether a source list lets inline content run unhashed ('unsafe-inline' is ignored next to hashes). */
function allowsAnyInline(sources: readonly string[]): boolean {
  return (
    sources.includes("'unsafe-inline'") &&
    !sources.some((source) => /^'(sha(256|384|512)|nonce)-/.test(source))
  );
}

/** The hash sources that would allow this text, in every algorithm CSP knows. */
function hashSources(text: string): string[] {
  return ['sha256', 'sha384', 'sha512'].map(
    (algorithm) => `'${algorithm}-${createHash(algorithm).update(text, 'utf8').digest('base64')}'`,
  );
}

interface Element {
  attributes: string;
  body: string;
}

/** Every `<tag …>…</tag>` element, case-insensitively; their count must match the openings. */
function elements(html: string, tag: string): Element[] {
  const found = [
    ...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}\\s*>`, 'gi')),
  ].map((match) => ({ attributes: match[1] ?? '', body: match[2] ?? '' }));
  const openings = html.match(new RegExp(`<${tag}[\\s>/]`, 'gi'))?.length ?? 0;
  expect(found.length, `every <${tag}> is closed and seen`).toBe(openings);
  return found;
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(
    `(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`,
    'i',
  ).exec(attributes);
  if (!match) return new RegExp(`(?:^|\\s)${name}(?:\\s|$)`, 'i').test(attributes) ? '' : undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

const JAVASCRIPT_TYPES = new Set([
  '',
  'module',
  'importmap',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

/** The answer's HTML, decoded when it was sent compressed. */
function htmlOf(res: LightMyRequestResponse): string {
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(res.rawPayload).toString('utf8');
    case 'gzip':
      return gunzipSync(res.rawPayload).toString('utf8');
    default:
      return res.body;
  }
}

interface Expectations {
  https: boolean;
  /** The API documentation's policy is Swagger UI's own (no upgrade-insecure-requests). */
  upgradeInsecureRequests: boolean;
}

function expectSecureHtmlAnswer(res: LightMyRequestResponse, expected: Expectations): void {
  expect(res.headers['content-type']).toMatch(/^text\/html;\s*charset=utf-8$/i);

  // Headers computed by helmet (once, for the pages) or set per answer.
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['origin-agent-cluster']).toBe('?1');
  expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(res.headers['x-dns-prefetch-control']).toBe('off');
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(res.headers.server).toBeUndefined();
  if (expected.https) {
    const maxAge = /^max-age=(\d+)/.exec(String(res.headers['strict-transport-security']));
    expect(Number(maxAge?.[1])).toBeGreaterThanOrEqual(15_552_000);
  } else {
    expect(res.headers['strict-transport-security']).toBeUndefined();
  }

  // One policy, and a strict one.
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'exactly one Content-Security-Policy').toBe('string');
  const csp = parseCsp(String(header));
  for (const chain of [SCRIPT_CHAIN, SCRIPT_ATTR_CHAIN]) {
    const scripts = effective(csp, ...chain) ?? [];
    expect(scripts.length, `${chain[0]} is restricted`).toBeGreaterThan(0);
    for (const loose of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      '*',
      'data:',
      'blob:',
      'http:',
      'https:',
    ]) {
      expect(scripts, `${chain[0]} never allows ${loose}`).not.toContain(loose);
    }
  }
  expect(effective(csp, 'object-src', 'default-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')?.[0]).toMatch(/^'(none|self)'$/);
  expect(csp.get('form-action')).toBeDefined();
  if (expected.upgradeInsecureRequests) {
    expect(csp.has('upgrade-insecure-requests')).toBe(expected.https);
  }

  // The markup lives within that policy.
  if (res.raw.req.method === 'HEAD') return;
  const html = htmlOf(res);
  expect(html).toMatch(/^\s*(<!--[\s\S]*?-->\s*)*<!DOCTYPE html>/i);
  const scriptSources = effective(csp, ...SCRIPT_CHAIN) ?? [];
  for (const script of elements(html, 'script')) {
    const type = (attribute(script.attributes, 'type') ?? '').trim().toLowerCase();
    if (!JAVASCRIPT_TYPES.has(type)) continue; // a data block (JSON, JSON-LD): never executed
    const src = attribute(script.attributes, 'src');
    if (src !== undefined) {
      expect(src, 'external scripts come from this site').not.toMatch(/^([a-z][\w+.-]*:|\/\/)/i);
      expect(scriptSources).toContain("'self'");
      continue;
    }
    expect(
      hashSources(script.body).some((hash) => scriptSources.includes(hash)),
      `inline script allowed by a hash: ${script.body.slice(0, 80)}`,
    ).toBe(true);
  }
  expect(html, 'no inline event handler').not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  expect(html, 'no javascript: URL').not.toMatch(/(href|src|action)\s*=\s*["']?\s*javascript:/i);

  const styleSources = effective(csp, ...STYLE_CHAIN) ?? [];
  for (const style of elements(html, 'style')) {
    if (allowsAnyInline(styleSources)) continue;
    expect(
      hashSources(style.body).some((hash) => styleSources.includes(hash)),
      `inline style allowed by a hash: ${style.body.slice(0, 80)}`,
    ).toBe(true);
  }
  const attributeSources = effective(csp, ...STYLE_ATTR_CHAIN) ?? [];
  for (const match of html.matchAll(/<[a-z][^>]*\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const value = match[1] ?? match[2] ?? '';
    const allowed =
      allowsAnyInline(attributeSources) ||
      (attributeSources.includes("'unsafe-hashes'") &&
        hashSources(value).some((hash) => attributeSources.includes(hash)));
    expect(allowed, `style attribute allowed: style="${value.slice(0, 80)}"`).toBe(true);
  }
}

// ---------------------------------------------------------------------------------------------
// The answers.

const pagePaths = [
  ...publicPaths().map((p) => ({ name: `page ${p}`, url: p, status: 200 })),
  ...signedInPaths.map((p) => ({ name: `signed-in shell ${p}`, url: p, status: 200 })),
  { name: '404 page (unknown path)', url: '/nao-existe', status: 404 },
  { name: '404 page (unknown nested path)', url: '/global-kardec/nao-existe/mais', status: 404 },
  { name: '404 page (/404)', url: '/404', status: 404 },
];

function pageChecks(label: string, config: () => { app: FastifyInstance; https: boolean }): void {
  it.each(pagePaths)(`${label}: $name`, async ({ url, status }) => {
    const { app, https } = config();
    for (const encoding of [undefined, 'br', 'gzip']) {
      const res = await app.inject({
        url,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(res.statusCode, `${url} ${encoding ?? 'identity'}`).toBe(status);
      expectSecureHtmlAnswer(res, { https, upgradeInsecureRequests: true });
    }
    const head = await app.inject({ method: 'HEAD', url });
    expectSecureHtmlAnswer(head, { https, upgradeInsecureRequests: true });
  });
}

/** Walks the provider's pages as a browser would; each answer under its name. */
async function providerAnswers(
  app: FastifyInstance,
  site: string,
): Promise<Map<string, LightMyRequestResponse>> {
  const answers = new Map<string, LightMyRequestResponse>();
  const browser = new IdpBrowser(app, site);
  const challenge = pkce();
  const authorize = (extra: Record<string, string>) =>
    `/idp/auth?${new URLSearchParams({
      client_id: 'centro-web',
      response_type: 'code',
      redirect_uri: `${site}/`,
      scope: `User.ReadWrite.All ${BUILT_IN_API_SCOPE} openid profile`,
      code_challenge: challenge.challenge,
      code_challenge_method: 'S256',
      state: 'estado',
      nonce: 'nonce',
      ...extra,
    })}`;

  const signInStart = await browser.get(authorize({ response_mode: 'fragment' }));
  const signIn = String(signInStart.headers.location);
  answers.set('sign-in page', await browser.get(signIn));
  answers.set('sign-in page (its own address)', await browser.get(`${signIn}/entrar`));
  answers.set(
    'sign-in refused (wrong password)',
    await browser.post(`${signIn}/entrar`, { email: 'ninguem@example.org', senha: 'errada-123' }),
  );
  answers.set('sign-in refused (empty form)', await browser.post(`${signIn}/entrar`, {}));
  answers.set(
    'sign-in refused (body too large)',
    await browser.post(`${signIn}/entrar`, { email: 'a'.repeat(20_000) }),
  );

  const signUpStart = await browser.get(
    authorize({ prompt: 'create', response_mode: 'form_post' }),
  );
  const signUp = String(signUpStart.headers.location);
  const signUpPage = await browser.get(signUp);
  answers.set('sign-up page', signUpPage);
  answers.set('sign-up page (its own address)', await browser.get(`${signUp}/criar-conta`));
  answers.set(
    'sign-up refused (invalid fields)',
    await browser.post(`${signUp}/criar-conta`, { nome: '', email: 'x@', senha: 'curta' }),
  );
  answers.set('expired or unknown interaction', await browser.get('/idp/interaction/desconhecida'));
  answers.set(
    'post to an unknown interaction',
    await browser.post('/idp/interaction/desconhecida/entrar', { email: 'a@b.co', senha: 'x' }),
  );

  // A new account; the answer comes back to the website by a self-submitting form (form_post).
  const created = await browser.post(String(formAction(signUpPage.body)), {
    nome: 'Maria Cabeçalhos',
    email: `cabecalhos.${Date.now()}@example.org`,
    senha: 'uma-senha-segura-1',
    celular: '(11) 91234-5678',
    nascimento: '25/12/1990',
    consentimento: 'sim',
  });
  expect(created.statusCode).toBe(303);
  const formPost = await browser.get(String(created.headers.location));
  answers.set('self-submitting answer to the website (form_post)', formPost);

  // Signing out with the ID token (a self-submitting page), then without it (a question).
  const tokens = await browser.token({
    client_id: 'centro-web',
    grant_type: 'authorization_code',
    code: String(inputValue(formPost.body, 'code')),
    redirect_uri: `${site}/`,
    code_verifier: challenge.verifier,
    scope: 'User.ReadWrite.All openid profile',
  });
  expect(tokens.statusCode).toBe(200);
  const idToken = String(tokens.json<{ id_token: string }>().id_token);
  answers.set(
    'sign-out (self-submitting, with id_token_hint)',
    await browser.get(
      `/idp/session/end?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${site}/` })}`,
    ),
  );
  answers.set('sign-out confirmation (no hint)', await browser.get('/idp/session/end'));
  answers.set('signed out', await browser.get('/idp/session/end/success'));

  // The library's errors, rendered by our pages.
  answers.set(
    'provider error (unknown client)',
    await browser.get('/idp/auth?client_id=desconhecido&response_type=code'),
  );
  answers.set(
    'provider error (bad redirect_uri)',
    await browser.get(authorize({ redirect_uri: 'https://evil.example/' })),
  );
  answers.set('provider 404', await browser.get('/idp/nada'));
  return answers;
}

const providerPageNames = [
  'sign-in page',
  'sign-in page (its own address)',
  'sign-in refused (wrong password)',
  'sign-in refused (empty form)',
  'sign-in refused (body too large)',
  'sign-up page',
  'sign-up page (its own address)',
  'sign-up refused (invalid fields)',
  'expired or unknown interaction',
  'post to an unknown interaction',
  'self-submitting answer to the website (form_post)',
  'sign-out (self-submitting, with id_token_hint)',
  'sign-out confirmation (no hint)',
  'signed out',
  'provider error (unknown client)',
  'provider error (bad redirect_uri)',
  'provider 404',
];

// ---------------------------------------------------------------------------------------------

describe.each([
  { scheme: 'https', site: 'https://centro.example.org' },
  { scheme: 'http', site: 'http://localhost:3000' },
])('every HTML answer on an $scheme site', ({ scheme, site }) => {
  const https = scheme === 'https';
  let fixture: FixtureWebRoot;
  let app: FastifyInstance;
  let provider: Map<string, LightMyRequestResponse>;

  beforeAll(async () => {
    fixture = await createFixtureWebRoot();
    app = await buildApp(
      loadConfig({
        WEB_ROOT: fixture.webRoot,
        DATA_DIR: fixture.dataDir,
        SITE_URL: site,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_IDP_PER_MINUTE: '0',
      }),
    );
    provider = await providerAnswers(app, site);
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await fixture?.cleanup();
  });

  pageChecks('fixture', () => ({ app, https }));

  it.each(providerPageNames)('provider: %s', (name) => {
    const res = provider.get(name);
    if (!res) throw new Error(`no answer for ${name}`);
    expect(res.statusCode, name).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, name).toBeLessThan(500);
    expectSecureHtmlAnswer(res, { https, upgradeInsecureRequests: true });
    expect(res.headers['cache-control'], name).toBe('no-store');
  });

  it('provider: the self-submitting pages do carry an inline script (checked by hash above)', () => {
    for (const name of [
      'self-submitting answer to the website (form_post)',
      'sign-out (self-submitting, with id_token_hint)',
    ]) {
      expect(provider.get(name)?.body, name).toMatch(/<script>[^<]+<\/script>/);
    }
  });

  it.each(['/api/docs', '/api/docs/'])('API documentation: %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expectSecureHtmlAnswer(res, { https, upgradeInsecureRequests: false });
  });
});

describe.skipIf(!hasBuild)('every page of the real build', () => {
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'centro-headers-'));
    app = await buildApp(
      loadConfig({
        WEB_ROOT: BUILT_WEB_ROOT,
        DATA_DIR: dataDir,
        SITE_URL: 'https://centro.example.org',
        LOG_LEVEL: 'silent',
      }),
    );
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  pageChecks('build', () => ({ app, https: true }));

  it('has inline scripts to check (React Router context and bootstrap)', async () => {
    const home = await app.inject({ url: '/' });
    expect(elements(home.body, 'script').length).toBeGreaterThan(1);
  });
});

describe('the checker itself', () => {
  const goodScript = 'window.ok = 1;';
  const headers = (csp: string) => ({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-permitted-cross-domain-policies': 'none',
    'x-dns-prefetch-control': 'off',
  });
  const policy = (script: string, style = "'self'") =>
    `default-src 'self'; script-src 'self' ${script}; style-src ${style}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`;
  const answer = (csp: string, body: string) =>
    ({
      headers: headers(csp),
      body,
      rawPayload: Buffer.from(body),
      raw: { req: { method: 'GET' } },
    }) as unknown as LightMyRequestResponse;
  const page = (inner: string) => `<!DOCTYPE html><html><head>${inner}</head><body></body></html>`;
  const check = (csp: string, body: string) => () =>
    expectSecureHtmlAnswer(answer(csp, body), { https: false, upgradeInsecureRequests: true });
  const hash = hashSources(goodScript)[0] ?? '';

  it('accepts a hashed inline script, a data block and a same-site script', () => {
    const body = page(
      `<script>${goodScript}</script><script type="application/ld+json">{}</script><script type="module" src="/a.js"></script>`,
    );
    expect(check(policy(hash), body)).not.toThrow();
  });

  it.each([
    ['an unhashed inline script', policy(hash), page('<script>window.evil = 1;</script>')],
    ['an inline module without hash', policy(hash), page('<script type="module">x()</script>')],
    ["'unsafe-inline' for scripts", policy("'unsafe-inline'"), page('')],
    ['an inline event handler', policy(hash), page('<img src="/x.png" onerror="x()">')],
    ['a javascript: link', policy(hash), page('<a href="javascript:x()">x</a>')],
    [
      'a script from elsewhere',
      policy(hash),
      page('<script src="https://cdn.example/x.js"></script>'),
    ],
    [
      'an unhashed style under a hash-only policy',
      policy(hash, "'self' 'sha256-AAAA'"),
      page('<style>p{}</style>'),
    ],
    [
      'a style attribute without unsafe-inline',
      policy(hash, "'self'"),
      page('<p style="color:red">x</p>'),
    ],
    ['frame-ancestors missing', policy(hash).replace("; frame-ancestors 'none'", ''), page('')],
  ])('refuses %s', (_name, csp, body) => {
    expect(check(csp, body)).toThrow();
  });
});
