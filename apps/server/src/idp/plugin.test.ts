/**
 * The provider plugin on its own (a bare Fastify app with the database): sign-in throttling as a
 * person sees it, and keys that survive a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fastify, type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/database.js';
import { IdpBrowser, formAction, pkce } from '../../tests/support/idp-browser.js';
import { embeddedIdentityProvider } from './index.js';
import { throttledMessage } from './routes/interaction-pages.js';

const SITE = 'http://localhost:3000';
let dataDir: string;
let apps: FastifyInstance[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'centro-idp-plugin-'));
});

afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  await rm(dataDir, { recursive: true, force: true });
});

async function start(delays: number[] = []): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, SITE_URL: SITE, LOG_LEVEL: 'silent' });
  const app = fastify({ logger: false });
  const database = await openDatabase({ dataDir });
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
  await app.register(embeddedIdentityProvider, {
    config,
    throttle: {
      sleep: async (ms) => {
        delays.push(ms);
      },
    },
  });
  apps.push(app);
  return app;
}

function authorize(challenge = pkce()): string {
  return `/idp/auth?${new URLSearchParams({
    client_id: 'centro-web',
    response_type: 'code',
    redirect_uri: `${SITE}/`,
    scope: 'openid profile User.Read',
    code_challenge: challenge.challenge,
    code_challenge_method: 'S256',
  })}`;
}

async function signUp(app: FastifyInstance) {
  const browser = new IdpBrowser(app, SITE);
  const challenge = pkce();
  const begun = await browser.get(`${authorize(challenge)}&prompt=create`);
  const page = await browser.get(String(begun.headers.location));
  const created = await browser.post(String(formAction(page.body)), {
    nome: 'Carla',
    email: 'carla@example.org',
    senha: 'senha-da-carla',
    celular: '5521987654321',
    nascimento: '01/01/1970',
    consentimento: 'sim',
  });
  const resumed = await browser.get(String(created.headers.location));
  const code = new URL(String(resumed.headers.location)).searchParams.get('code');
  const tokens = await browser.token({
    client_id: 'centro-web',
    grant_type: 'authorization_code',
    code: String(code),
    redirect_uri: `${SITE}/`,
    code_verifier: challenge.verifier,
  });
  expect(tokens.statusCode).toBe(200);
  return tokens.json() as { access_token: string };
}

describe('sign-in throttling, as a person sees it', () => {
  // Eleven password checks (scrypt): slow on a busy machine.
  it(
    'slows repeated failures down, then refuses with 429 and a pt-BR message',
    { timeout: 20_000 },
    async () => {
      const delays: number[] = [];
      const app = await start(delays);
      await signUp(app);
      const browser = new IdpBrowser(app, SITE);
      const begun = await browser.get(authorize());
      const page = await browser.get(String(begun.headers.location));
      const action = String(formAction(page.body));

      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const wrong = await browser.post(action, { email: 'carla@example.org', senha: 'chute' });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.body).toContain('E-mail ou senha incorretos.');
      }
      expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);

      // Locked for a while: even the right password is not looked at.
      const locked = await browser.post(action, {
        email: 'carla@example.org',
        senha: 'senha-da-carla',
      });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      expect(locked.body).toContain(throttledMessage(900));
      expect(locked.body).toContain('aguarde 15 minutos');
      expect(locked.body).toContain('value="carla@example.org"');
    },
  );
});

describe('the provider keys across a restart', () => {
  it('keep their kids, and tokens issued before the restart stay valid', async () => {
    const first = await start();
    const tokens = await signUp(first);
    const kids = (await first.inject({ url: '/idp/jwks' }))
      .json()
      .keys.map((key: { kid: string }) => key.kid);
    await first.close();
    apps = [];

    const second = await start();
    const again = (await second.inject({ url: '/idp/jwks' }))
      .json()
      .keys.map((key: { kid: string }) => key.kid);
    expect(again).toEqual(kids);
    const me = await second.inject({
      url: '/v1.0/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().displayName).toBe('Carla');
  });
});
