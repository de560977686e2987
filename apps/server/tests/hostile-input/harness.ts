/**
 * The shared harness of the hostile-input suites (property-based, fast-check, through the real
 * server with app.inject and the real database): what every answer must look like, the hostile
 * forms, and `describeHostile`, which runs a suite on SQLite and (when reachable) PostgreSQL with
 * two people, checks that a refused request leaves the database exactly as it was (every table,
 * row by row), and ends each suite by checking that the server still answers.
 *
 * SQLite runs the full set; PostgreSQL a quarter of the runs. Run counts are bounded so that each
 * file takes a few seconds; a failure prints fast-check's seed and path to replay it
 * (`fc.assert(..., { seed, path })`).
 */
import { allCourses } from '@centro/content';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api-app.js';
import {
  answerText,
  contentTypes,
  hostileKey,
  hostileString,
  ONE_MIB,
  snapshotDatabase,
  ALL_TABLES,
} from '../support/hostile.js';
import { createPostgresTestDatabase } from '../support/postgres.js';

export const SITE = 'http://localhost:3000';
export const REDIRECT_URI = `${SITE}/`;

const [firstCourse] = allCourses();
if (!firstCourse) throw new Error('no course');
export const course = firstCourse;

type Inject = TestApi['app']['inject'];
export type Answer = Awaited<ReturnType<Inject>>;

/** x-www-form-urlencoded (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function formEncode(entries: readonly (readonly [string, string])[]): string {
  const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
  return entries.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

/** A path segment carrying any text (percent-encoded bytes, never a lone surrogate). */
export const pathSegment = (text: string) => formEncode([[text, '']]).slice(0, -1);

/** Form bodies that are barely forms, or built to hurt a parser. */
export const SPECIAL_FORMS = [
  '',
  '=',
  '&&&',
  '==&==',
  'email',
  'email=&senha=',
  '%',
  '%zz=%zz',
  'email=%ED%A0%80&senha=%FF%FE%00',
  'email=a%00b%40example.org&senha=x%00y',
  'email=%E2%80%AEgro.elpmaxe%40a&senha=%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80',
  'email[]=a%40b.co&email[]=c%40d.co&senha[]=1',
  'email=a%40b.co&email=c%40d.co&senha=1&senha=2',
  '__proto__[admin]=1&constructor[prototype][admin]=1&__proto__=x',
  `a${'[b]'.repeat(3_000)}=1`,
  `a${'[b]'.repeat(10_000)}=1`,
  `email=${'a'.repeat(ONE_MIB)}`,
  `${'x=1&'.repeat(5_000)}`,
  '{"email":"a@b.co","senha":"12345678"}',
] as const;

export const FORM = 'application/x-www-form-urlencoded';
export const WITH_COOKIE = { cookie: true, uid: undefined } as {
  cookie: boolean;
  uid: string | undefined;
};
/** 6 kB that no compression shrinks (an index entry of PostgreSQL holds about 2.7 kB). */
export const RANDOM_TEXT = randomBytes(4_500).toString('base64url');

export const formContentTypes: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('application/x-www-form-urlencoded') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/x-www-form-urlencoded; charset=utf-8',
      'application/x-www-form-urlencoded; charset=latin1',
      'application/x-www-form-urlencoded; charset=nope',
    ),
  },
  { weight: 2, arbitrary: contentTypes },
);

/** A form: named fields with hostile values, extra hostile fields, repeats; or a raw text. */
export function hostileForm(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const names = Object.keys(fields);
  const entries = fc
    .tuple(
      fc.record(fields),
      fc.array(fc.tuple(hostileKey(names), hostileString), { maxLength: 3 }),
      fc.subarray(names),
    )
    .map(([values, extra, dropped]) =>
      formEncode([...Object.entries(values).filter(([name]) => !dropped.includes(name)), ...extra]),
    );
  return fc.oneof(
    { weight: 5, arbitrary: entries },
    { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_FORMS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  );
}

/**
 * Checks of an /api answer: never a 5xx; a refusal is `{error, message}` JSON, with at most the
 * body's `field` it is about, nothing more.
 */
export function expectApiAnswer(res: Answer, context: string): void {
  expect(res.statusCode, context).toBeLessThan(500);
  expect(res.statusCode, context).not.toBe(0);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  if (res.raw.req.method === 'HEAD') return;
  const { field, ...body } = JSON.parse(answerText(res)) as Record<string, unknown>;
  expect(Object.keys(body).sort(), context).toEqual(['error', 'message']);
  if (field !== undefined) expect(field, context).toMatch(/^[A-Za-z_]+$/);
  expect(body.error, context).toMatch(/^[a-z_]+$/);
  // A sentence for a person, in Portuguese (never a parser's or framework's English).
  expect(body.message, context).toMatch(/^[A-ZÀ-Ú].{8,}[.!]$/s);
  expect(body.message, context).not.toMatch(/Client Error|Unexpected token|JSON at position/);
}

/** The shared JSON refusal `{error, message}` with a 4xx (frameworkErrors: errorHandler). */
export function isJsonRefusal(res: Answer): boolean {
  if (res.statusCode < 400 || res.statusCode >= 500) return false;
  if (!String(res.headers['content-type']).startsWith('application/json')) return false;
  const body = JSON.parse(res.body) as Record<string, unknown>;
  return Object.keys(body).sort().join() === 'error,message' && !res.body.includes('FST_ERR');
}

/** Checks of a provider page: never a 5xx; an HTML page under the pages' CSP, nothing echoed raw. */
export function expectIdpPage(res: Answer, context: string): void {
  expect(res.statusCode, context).toBeLessThan(500);
  // A URL that cannot be decoded or routed gets the API's JSON refusal, even under /idp.
  if (isJsonRefusal(res)) return;
  if (res.statusCode >= 300 && res.statusCode < 400) {
    expect(res.headers.location, context).toEqual(expect.any(String));
    return;
  }
  expect(res.headers['content-type'], context).toMatch(/^text\/html; charset=utf-8/);
  const csp = String(res.headers['content-security-policy']);
  expect(csp, context).toContain("default-src 'none'");
  expect(csp, context).toContain("frame-ancestors 'none'");
  expect(csp, context).not.toContain('unsafe-inline');
  expect(res.headers['x-content-type-options'], context).toBe('nosniff');
  const html = answerText(res);
  expect(html, context).not.toMatch(/<script>alert|<img src=x/);
}

/** Checks of a JSON answer of the provider (token endpoint): never a 5xx, an OAuth error body. */
export function expectOAuthAnswer(res: Answer, context: string): void {
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const body = JSON.parse(answerText(res)) as Record<string, unknown>;
  expect(body.error, context).toMatch(/^[a-z_]+$/);
}

/** What a failed check prints: the request, without megabytes of it. */
export const describeRequest = (method: string, url: string, body: string, headers: object) =>
  `${method} ${url.slice(0, 200)} ${JSON.stringify(headers).slice(0, 300)} ${JSON.stringify(
    body.slice(0, 300),
  )}${body.length > 300 ? ` …(${body.length} chars)` : ''}`;

export const API_FIELDS = ['id', 'user', 'token', 'param', 'value', 'group', 'data_nascimento'];
export const apiEndpoints = [
  {
    url: '/api/user/details',
    body: (id: string, token: string) => ({ id, token }),
  },
  {
    url: '/api/user/update',
    body: (id: string, token: string) => ({ id, token, param: 'displayName', value: 'Maria' }),
  },
  {
    url: '/api/user/update',
    body: (id: string, token: string) => ({
      id,
      token,
      param: 'mobilePhone',
      value: '(11) 91234-5678',
    }),
  },
  {
    url: '/api/user/update',
    body: (id: string, token: string) => ({ id, token, param: 'mail', value: 'a@example.org' }),
  },
  {
    url: '/api/user/update/security-attributes',
    body: (id: string, token: string) => ({ id, token, data_nascimento: '15/08/1990' }),
  },
  {
    url: '/api/group/add',
    body: (user: string, token: string) => ({ group: course.groupId, user, token }),
  },
];

export const tokenKinds = [
  'valid',
  'anonymous',
  'expired',
  'tampered',
  'someone else',
  'garbage',
  'missing',
] as const;

/** What a suite's tests reach: the server, its two people, and the checked send. */
export interface HostileContext {
  readonly api: TestApi;
  /** Coordenação: the staff endpoints are reached with a valid role too. */
  readonly alice: string;
  readonly bob: string;
  /** The number of fast-check runs on this database. */
  runs(n: number): number;
  snapshot(tables?: Parameters<typeof snapshotDatabase>[1]): ReturnType<typeof snapshotDatabase>;
  sendChecked(
    options: {
      method: string;
      url: string;
      body?: string;
      headers: Record<string, string | undefined>;
    },
    check: (res: Answer, context: string) => void,
    tables?: Parameters<typeof snapshotDatabase>[1],
  ): Promise<Answer>;
  tokenOf(kind: (typeof tokenKinds)[number], garbage: unknown): unknown;
}

/**
 * Defines `define`'s tests on each database (a throw-away PostgreSQL database named after `label`),
 * followed by the check that the server still answers.
 */
export async function describeHostile(
  label: string,
  define: (hostile: HostileContext) => void,
): Promise<void> {
  const pgDatabase = await createPostgresTestDatabase(label);
  afterAll(async () => {
    await pgDatabase?.drop();
  });

  const targets = [
    { dialect: 'sqlite', databaseUrl: undefined, share: 1 },
    ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url, share: 0.25 }] : []),
  ];

  if (!pgDatabase) {
    it.skip('PostgreSQL unreachable: hostile input ran on SQLite only (see the warning above)');
  }

  describe.each(targets)(`hostile input (${label}) on $dialect`, ({ databaseUrl, share }) => {
    let api: TestApi;
    let alice: string;
    let bob: string;
    const runs = (n: number) => Math.max(4, Math.round(n * share));
    const snapshot = (tables: Parameters<typeof snapshotDatabase>[1] = ALL_TABLES) =>
      snapshotDatabase(api.app.database.db, tables);

    /** Sends the request; a refusal must leave `tables` as they were. */
    async function sendChecked(
      options: {
        method: string;
        url: string;
        body?: string;
        headers: Record<string, string | undefined>;
      },
      check: (res: Answer, context: string) => void,
      tables: Parameters<typeof snapshotDatabase>[1] = ALL_TABLES,
    ): Promise<Answer> {
      const headers = Object.fromEntries(
        Object.entries(options.headers).filter(([, value]) => value !== undefined),
      ) as Record<string, string>;
      const context = describeRequest(options.method, options.url, options.body ?? '', headers);
      const before = await snapshot(tables);
      const res = await api.app.inject({
        method: options.method as 'GET',
        url: options.url,
        headers,
        ...(options.body !== undefined ? { payload: options.body } : {}),
      });
      check(res, context);
      if (res.statusCode >= 400) expect(await snapshot(tables), context).toBe(before);
      return res;
    }

    beforeAll(async () => {
      api = await createTestApi({
        databaseUrl,
        env: {
          SITE_URL: SITE,
          RATE_LIMIT_API_PER_MINUTE: '0',
          RATE_LIMIT_IDP_PER_MINUTE: '0',
          // The client's X-Forwarded-For becomes its address: hostile headers reach the throttle.
          TRUST_PROXY: 'true',
        },
      });
      [alice, bob] = (await api.createPeople(2)) as [string, string];
      // Alice is Coordenação: the staff endpoints are reached with a valid role too.
      await api.app.database.db
        .insertInto('staff_roles')
        .values({
          person_id: alice,
          role: 'coordenacao',
          granted_by: alice,
          granted_at: new Date().toISOString(),
        })
        .execute();
    }, 30_000);
    afterAll(async () => {
      await api?.close();
    });

    function tokenOf(kind: (typeof tokenKinds)[number], garbage: unknown): unknown {
      switch (kind) {
        case 'valid':
          return api.tokenFor(alice);
        case 'anonymous':
          return api.anonymousToken();
        case 'expired':
          return api.expiredTokenFor(alice);
        case 'tampered':
          return api.tamperedTokenFor(alice);
        case 'someone else':
          return api.tokenFor(bob);
        case 'garbage':
          return garbage;
        case 'missing':
          return undefined;
      }
    }

    define({
      get api() {
        return api;
      },
      get alice() {
        return alice;
      },
      get bob() {
        return bob;
      },
      runs,
      snapshot,
      sendChecked,
      tokenOf,
    });

    it('still answers afterwards: health, readiness and a real request', async () => {
      expect((await api.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await api.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
      const details = await api.app.inject({
        method: 'POST',
        url: '/api/user/details',
        payload: { id: alice, token: api.tokenFor(alice) },
      });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({ data: { id: alice } });
      expect((await api.app.inject({ url: '/' })).statusCode).toBe(200);
    });
  });
}
