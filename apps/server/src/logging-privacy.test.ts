/**
 * The logs keep no personal data and no secret: a person signs up with the built-in provider, gets
 * the API's token, enrols in a course and changes the profile (and makes one mistake), through the
 * real app at `info` level with the log lines captured; none of them holds the password, a token
 * (API, provider, code, anything JWT-shaped), the e-mail, the phone or the birth date.
 */
import { allCourses } from '@centro/content';
import { BUILT_IN_API_SCOPE } from '@centro/contracts/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config/index.js';
import { IdpBrowser, formAction, pkce } from '../tests/support/idp-browser.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../tests/support/web-root.js';

const SITE = 'http://localhost:3000';
const REDIRECT_URI = `${SITE}/`;
const GRAPH_SCOPE = 'User.ReadWrite.All';

const person = {
  nome: 'Joana Privada de Souza',
  email: 'Joana.Privada@Example.org',
  senha: 'senha secreta e longa 42',
  celular: '(21) 98765-4321',
  nascimento: '14/03/1987',
  consentimento: 'sim',
};
const newPhone = '+55 31 97777-1234';
const newMail = 'joana.nova@example.net';
const newName = 'Joana P. Souza';
const wrongMail = 'joana@@errado.example';

let fixture: FixtureWebRoot;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  fixture = await createFixtureWebRoot();
  app = await buildApp(
    loadConfig({
      WEB_ROOT: fixture.webRoot,
      DATA_DIR: fixture.dataDir,
      SITE_URL: SITE,
      LOG_LEVEL: 'info',
    }),
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});

afterAll(async () => {
  await app?.close();
  await fixture?.cleanup();
});

describe('the logs of a sign-up, an enrolment and a profile update', () => {
  it('hold no password, token, e-mail, phone or birth date', { timeout: 20_000 }, async () => {
    const secrets: string[] = [person.senha, wrongMail];
    const browser = new IdpBrowser(app, SITE);
    const challenge = pkce();
    const params = new URLSearchParams({
      client_id: 'centro-web',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: `${GRAPH_SCOPE} ${BUILT_IN_API_SCOPE} openid profile`,
      code_challenge: challenge.challenge,
      code_challenge_method: 'S256',
      response_mode: 'fragment',
      state: 'etat-1',
      nonce: 'nonce-1',
      prompt: 'create',
    });
    const start = await browser.get(`/idp/auth?${params}`);
    expect(start.statusCode).toBe(303);
    const page = await browser.get(String(start.headers.location));
    const created = await browser.post(String(formAction(page.body)), person);
    expect(created.statusCode).toBe(303);
    const resumed = await browser.get(String(created.headers.location));
    const location = new URL(String(resumed.headers.location));
    const code = String(new URLSearchParams(location.hash.slice(1)).get('code'));
    secrets.push(code);

    const exchanged = await browser.token({
      client_id: 'centro-web',
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: challenge.verifier,
      scope: `${GRAPH_SCOPE} openid profile`,
    });
    expect(exchanged.statusCode).toBe(200);
    const tokens = exchanged.json();
    secrets.push(tokens.access_token, tokens.refresh_token, tokens.id_token, challenge.verifier);
    const refreshed = await browser.token({
      client_id: 'centro-web',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      scope: `${BUILT_IN_API_SCOPE} openid profile`,
    });
    expect(refreshed.statusCode).toBe(200);
    const providerToken = refreshed.json().access_token as string;
    secrets.push(providerToken, refreshed.json().refresh_token);

    const bound = await app.inject({
      url: '/api/auth/get-token',
      headers: { authorization: `Bearer ${providerToken}` },
    });
    expect(bound.statusCode).toBe(200);
    const token = bound.json().access_token as string;
    secrets.push(token);
    const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
      .sub as string;

    const api = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload: { token, ...payload } });
    const course = allCourses()[0];
    if (!course) throw new Error('no course');
    expect((await api('/api/group/add', { group: course.groupId, user: userId })).statusCode).toBe(
      200,
    );
    expect((await api('/api/user/details', { id: userId })).statusCode).toBe(200);
    for (const [param, value] of [
      ['mobilePhone', newPhone],
      ['mail', newMail],
      ['displayName', newName],
    ] as const) {
      expect((await api('/api/user/update', { id: userId, param, value })).statusCode).toBe(200);
    }
    expect(
      (
        await api('/api/user/update/security-attributes', {
          id: userId,
          data_nascimento: '02/11/1986',
        })
      ).statusCode,
    ).toBe(200);
    // A mistake: the refusal is logged, the value is not.
    expect(
      (await api('/api/user/update', { id: userId, param: 'mail', value: wrongMail })).statusCode,
    ).toBe(400);
    // A tampered token in a body and in a header.
    expect((await api('/api/user/details', { id: userId, token: `${token}x` })).statusCode).toBe(
      401,
    );

    const logs = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(logs).toContain('"reqId"');
    for (const secret of secrets) expect(logs).not.toContain(secret);
    const personal = [
      person.email,
      person.email.toLowerCase(),
      'joana.privada',
      newMail,
      '98765-4321',
      '987654321',
      '97777-1234',
      '977771234',
      '14/03/1987',
      '1987-03-14',
      '02/11/1986',
      '1986-11-02',
      'Joana',
    ];
    for (const value of personal) expect(logs.toLowerCase()).not.toContain(value.toLowerCase());
    // Nothing shaped like a JWT, a bearer credential or a password field.
    expect(logs).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(logs).not.toMatch(/bearer\s+\S/i);
    expect(logs).not.toMatch(/"(senha|password|authorization|cookie|token|access_token)"\s*:/i);
    expect(logs).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});
