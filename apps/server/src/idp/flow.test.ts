/**
 * The built-in provider end to end through the real server (buildApp, app.inject), as MSAL drives
 * it: discovery, authorization code + PKCE with prompt=create, the sign-up page, the code exchange,
 * JWT access tokens verified with jose against the public keys, /v1.0/me, the refresh token, the
 * API's get-token, sign-out; then sign-in, wrong password, and the pages' edge cases.
 */
import { graphMeSchema } from '@centro/contracts';
import { BUILT_IN_API_AUDIENCE, BUILT_IN_API_SCOPE } from '@centro/contracts/identity';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { inlineScriptHashes } from '../http/csp.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import {
  IdpBrowser,
  formAction,
  inputValue,
  localPath,
  pkce,
  type Pkce,
} from '../../tests/support/idp-browser.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../tests/support/web-root.js';
import { EMBEDDED_GRAPH_AUDIENCE } from './constants.js';
import { loadOrCreateProviderKeys } from './keys.js';

const SITE = 'http://localhost:3000';
const ISSUER = `${SITE}/idp`;
const REDIRECT_URI = `${SITE}/`;
const GRAPH_SCOPE = 'User.ReadWrite.All';

const targets = await testDatabaseTargets('idp_flow');
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

if (!targets.some((target) => target.dialect === 'postgres')) {
  it.skip('PostgreSQL unreachable: the flow ran on SQLite only (see the warning above)');
}

function authorizeUrl(
  challenge: Pkce,
  { prompt, state = 'etat-1' }: { prompt?: string; state?: string } = {},
): string {
  const params = new URLSearchParams({
    client_id: 'centro-web',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    // What MSAL sends: the request's scopes, extraScopesToConsent, its default OIDC scopes.
    scope: `${GRAPH_SCOPE} ${BUILT_IN_API_SCOPE} openid profile`,
    code_challenge: challenge.challenge,
    code_challenge_method: 'S256',
    response_mode: 'fragment',
    state,
    nonce: 'nonce-1',
    'client-request-id': 'b2a3b6a8-0000-4000-8000-000000000000',
    'x-client-SKU': 'msal.js.browser',
    client_info: '1',
    ...(prompt ? { prompt } : {}),
  });
  return `/idp/auth?${params}`;
}

function responseParams(location: string): URLSearchParams {
  const url = new URL(location);
  return new URLSearchParams(url.hash.slice(1) || url.search.slice(1));
}

const person = {
  nome: 'Ana Maria da Silva',
  email: 'Ana.Maria@Example.org',
  senha: 'uma senha longa',
  celular: '(11) 91234-5678',
  nascimento: '25/12/1990',
  consentimento: 'sim',
};

describe.each(targets)('the built-in provider on $dialect', (target) => {
  let fixture: FixtureWebRoot;
  let app: FastifyInstance;
  let jwks: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    fixture = await createFixtureWebRoot();
    app = await buildApp(
      loadConfig({
        WEB_ROOT: fixture.webRoot,
        DATA_DIR: fixture.dataDir,
        SITE_URL: SITE,
        LOG_LEVEL: 'silent',
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      }),
    );
    jwks = createLocalJWKSet((await loadOrCreateProviderKeys(fixture.dataDir)).publicJwks);
  });

  afterAll(async () => {
    await app?.close();
    await fixture?.cleanup();
  });

  /** Follows an authorization request to its interaction page. */
  async function startInteraction(browser: IdpBrowser, challenge: Pkce, prompt?: string) {
    const start = await browser.get(authorizeUrl(challenge, { ...(prompt ? { prompt } : {}) }));
    expect(start.statusCode).toBe(303);
    const interaction = String(start.headers.location);
    expect(interaction).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    return interaction;
  }

  /** From an interaction's result to the code at the redirect URI. */
  async function codeFrom(browser: IdpBrowser, resumeLocation: string) {
    const resumed = await browser.get(resumeLocation);
    expect(resumed.statusCode).toBe(303);
    const location = String(resumed.headers.location);
    expect(location.startsWith(REDIRECT_URI)).toBe(true);
    const params = responseParams(location);
    expect(params.get('state')).toBe('etat-1');
    expect(params.get('iss')).toBe(ISSUER);
    return String(params.get('code'));
  }

  it('publishes a discovery document MSAL can use', async () => {
    const res = await app.inject({ url: '/idp/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      end_session_endpoint: `${ISSUER}/session/end`,
      jwks_uri: `${ISSUER}/jwks`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(document.prompt_values_supported).toContain('create');
    const keys = await app.inject({ url: '/idp/jwks' });
    expect(keys.json().keys.map((k: { alg: string }) => k.alg)).toEqual(['RS256', 'ES256']);
    expect(JSON.stringify(keys.json())).not.toMatch(/"d":/);
  });

  it('signs a new person up (prompt=create), signs them in and gives MSAL its tokens', async () => {
    const browser = new IdpBrowser(app, SITE);
    const challenge = pkce();
    const interaction = await startInteraction(browser, challenge, 'create');

    const page = await browser.get(interaction);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toContain('<h1>Criar conta</h1>');
    for (const label of ['Nome', 'E-mail', 'Senha', 'Celular', 'Data de nascimento']) {
      expect(page.body).toContain(`>${label}</label>`);
    }
    expect(page.body).toContain('href="/privacidade"');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    // One script only, the password's note, allowed by its hash.
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(csp).toContain(`form-action 'self' ${SITE}`);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    const css = await browser.get(String(stylesheet));
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('#1f3a5f');

    // Every field wrong: every message, the values kept (never the password).
    const action = String(formAction(page.body));
    const wrong = await browser.post(action, {
      nome: '',
      email: 'ana@',
      senha: 'curta',
      celular: '1234',
      nascimento: '1990',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('<title>Erro: Criar conta');
    for (const message of [
      'Informe seu nome.',
      'Informe um e-mail válido, como nome@exemplo.com.',
      'A senha deve ter pelo menos 8 caracteres.',
      'Digite o celular no formato (XX) XXXXX-XXXX',
      'Digite a data de nascimento no formato DD/MM/AAAA!',
      'marque que você leu e concorda com o aviso de privacidade',
    ]) {
      expect(wrong.body).toContain(message);
    }
    expect(wrong.body).toContain('value="ana@"');
    expect(wrong.body).not.toContain('value="curta"');
    expect(wrong.body).toContain('aria-describedby="email-erro"');

    const created = await browser.post(action, person);
    expect(created.statusCode).toBe(303);
    const code = await codeFrom(browser, String(created.headers.location));

    // The code exchange, as MSAL makes it (scope = the request's scopes).
    const exchanged = await browser.token({
      client_id: 'centro-web',
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: challenge.verifier,
      scope: `${GRAPH_SCOPE} openid profile`,
      client_info: '1',
    });
    expect(exchanged.statusCode).toBe(200);
    const tokens = exchanged.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: GRAPH_SCOPE });
    expect(tokens.refresh_token).toBeTypeOf('string');

    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({
      iss: ISSUER,
      aud: 'centro-web',
      nonce: 'nonce-1',
      name: 'Ana Maria da Silva',
      preferred_username: 'ana.maria@example.org',
    });
    expect(idToken.oid).toBe(idToken.sub);

    const graphToken = await jwtVerify(tokens.access_token, jwks, {
      issuer: ISSUER,
      audience: EMBEDDED_GRAPH_AUDIENCE,
      typ: 'at+jwt',
      algorithms: ['RS256'],
    });
    expect(graphToken.payload).toMatchObject({
      sub: idToken.sub,
      oid: idToken.sub,
      client_id: 'centro-web',
      scope: GRAPH_SCOPE,
      scp: GRAPH_SCOPE,
    });
    // One hour; oidc-provider stamps iat and exp separately, so they may straddle a second.
    const lifetime = Number(graphToken.payload.exp) - Number(graphToken.payload.iat);
    expect(lifetime).toBeGreaterThanOrEqual(3599);
    expect(lifetime).toBeLessThanOrEqual(3600);

    // The Graph-shaped /v1.0/me.
    const me = await app.inject({
      url: '/v1.0/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(graphMeSchema.parse(me.json())).toEqual({
      id: idToken.sub,
      displayName: 'Ana Maria da Silva',
      mail: 'ana.maria@example.org',
      mobilePhone: '+55 11 91234-5678',
      birthday: null,
      extensionCelular: '+55 11 91234-5678',
      extensionDataNascimento: '25/12/1990',
    });

    // The refresh token gives the API's token silently (no offline_access: see ADR 005).
    const refreshed = await browser.token({
      client_id: 'centro-web',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      scope: `${BUILT_IN_API_SCOPE} openid profile`,
    });
    expect(refreshed.statusCode).toBe(200);
    const apiTokens = refreshed.json();
    expect(apiTokens.scope).toBe(BUILT_IN_API_SCOPE);
    expect(apiTokens.refresh_token).not.toBe(tokens.refresh_token);
    const apiToken = await jwtVerify(apiTokens.access_token, jwks, {
      issuer: ISSUER,
      audience: BUILT_IN_API_AUDIENCE,
      typ: 'at+jwt',
      algorithms: ['RS256'],
    });
    expect(apiToken.payload).toMatchObject({ sub: idToken.sub, scp: 'access_as_user' });
    expect(decodeProtectedHeader(apiTokens.access_token).kid).toBeTypeOf('string');

    // Graph refuses the API's token, as Microsoft Graph would; and no token at all.
    const wrongAudience = await app.inject({
      url: '/v1.0/me',
      headers: { authorization: `Bearer ${apiTokens.access_token}` },
    });
    expect(wrongAudience.statusCode).toBe(401);
    expect(wrongAudience.json()).toEqual({
      error: 'invalid_token',
      message: 'Acesso expirado ou inválido. Entre novamente.',
    });
    expect(wrongAudience.headers['www-authenticate']).toContain('error="invalid_token"');
    const anonymous = await app.inject({ url: '/v1.0/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('unauthorized');

    // The API's token service accepts the provider's API token (src/auth).
    const bound = await app.inject({
      url: '/api/auth/get-token',
      headers: { authorization: `Bearer ${apiTokens.access_token}` },
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().access_token).toBeTypeOf('string');

    // A rotated refresh token cannot be used twice; offline_access is not in the grant.
    const withOfflineAccess = await browser.token({
      client_id: 'centro-web',
      grant_type: 'refresh_token',
      refresh_token: apiTokens.refresh_token,
      scope: `${BUILT_IN_API_SCOPE} openid profile offline_access`,
    });
    expect(withOfflineAccess.statusCode).toBe(400);
    expect(withOfflineAccess.json().error).toBe('invalid_scope');

    // Sign-out with the ID token hint: a pt-BR page that submits itself, then back to '/'.
    const logout = await browser.get(
      `/idp/session/end?${new URLSearchParams({
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: REDIRECT_URI,
        state: 'sair-1',
      })}`,
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('<h1>Saindo da sua conta</h1>');
    expect(logout.body).toContain('<noscript><button');
    const logoutCsp = String(logout.headers['content-security-policy']);
    expect(inlineScriptHashes(logout.body)).toHaveLength(1);
    expect(logoutCsp).toContain(`script-src ${inlineScriptHashes(logout.body)[0]}`);
    const confirmed = await browser.post(String(formAction(logout.body)), {
      xsrf: String(inputValue(logout.body, 'xsrf')),
      logout: 'yes',
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${REDIRECT_URI}?state=sair-1`);
    expect(browser.jar.names()).not.toContain('idp_session');

    // Signed out: the refresh token is gone with the session.
    const afterLogout = await browser.token({
      client_id: 'centro-web',
      grant_type: 'refresh_token',
      refresh_token: apiTokens.refresh_token,
    });
    expect(afterLogout.statusCode).toBe(400);
    expect(afterLogout.json().error).toBe('invalid_grant');
  });

  it('signs the same person in again; a wrong password says only that something is wrong', async () => {
    const browser = new IdpBrowser(app, SITE);
    const challenge = pkce();
    const interaction = await startInteraction(browser, challenge);
    const page = await browser.get(interaction);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Entrar</h1>');
    expect(page.body).toContain('>E-mail</label>');
    expect(page.body).toContain('>Senha</label>');
    expect(page.body).toContain('autoComplete="current-password"');
    expect(page.body).toContain('>Criar conta</a>');

    const action = String(formAction(page.body));
    const wrong = await browser.post(action, { email: person.email, senha: 'errada demais' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('E-mail ou senha incorretos.');
    expect(wrong.body).toContain(`value="${person.email}"`);
    const unknown = await browser.post(action, { email: 'ninguem@example.org', senha: 'x' });
    expect(unknown.body).toContain('E-mail ou senha incorretos.');

    const empty = await browser.post(action, { email: '', senha: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Informe seu e-mail.');
    expect(empty.body).toContain('Informe sua senha.');

    const signedIn = await browser.post(action, {
      email: ' ana.maria@EXAMPLE.org ',
      senha: person.senha,
    });
    expect(signedIn.statusCode).toBe(303);
    const code = await codeFrom(browser, String(signedIn.headers.location));
    const exchanged = await browser.token({
      client_id: 'centro-web',
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: challenge.verifier,
    });
    expect(exchanged.statusCode).toBe(200);
    // Without a scope in the redemption, the token is for the API.
    expect(decodeJwt(exchanged.json().access_token).aud).toBe(BUILT_IN_API_AUDIENCE);

    // With a session, a new authorization needs no page at all (silent sign-in).
    const again = await browser.get(authorizeUrl(pkce()));
    expect(again.statusCode).toBe(303);
    expect(responseParams(String(again.headers.location)).get('code')).toBeTruthy();
  });

  it('says when an e-mail already has an account, with a link to sign in', async () => {
    const browser = new IdpBrowser(app, SITE);
    const interaction = await startInteraction(browser, pkce(), 'create');
    const page = await browser.get(interaction);
    const taken = await browser.post(String(formAction(page.body)), {
      ...person,
      email: 'ANA.MARIA@example.org',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain('Este e-mail já está cadastrado.');
    const link = /href="([^"]*\/entrar\?email=[^"]*)"/.exec(taken.body)?.[1];
    expect(link).toBeDefined();
    const signIn = await browser.get(String(link).replaceAll('&amp;', '&'));
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('value="ANA.MARIA@example.org"');
  });

  it('reaches the sign-up page from the sign-in page of the same interaction', async () => {
    const browser = new IdpBrowser(app, SITE);
    const challenge = pkce();
    const interaction = await startInteraction(browser, challenge);
    const signUp = await browser.get(`${interaction}/criar-conta`);
    expect(signUp.statusCode).toBe(200);
    expect(signUp.body).toContain('<h1>Criar conta</h1>');
    const created = await browser.post(String(formAction(signUp.body)), {
      ...person,
      email: 'bia@example.org',
    });
    expect(created.statusCode).toBe(303);
    await codeFrom(browser, String(created.headers.location));
  });

  it('signing up someone else in a browser with a session switches the account', async () => {
    const browser = new IdpBrowser(app, SITE);
    const first = await startInteraction(browser, pkce(), 'create');
    const page = await browser.get(first);
    const created = await browser.post(String(formAction(page.body)), {
      ...person,
      email: 'primeira@example.org',
    });
    await codeFrom(browser, String(created.headers.location));

    // 'Quero me inscrever' again, for another person, in the same browser.
    const second = await startInteraction(browser, pkce(), 'create');
    const signUp = await browser.get(second);
    const other = await browser.post(String(formAction(signUp.body)), {
      ...person,
      nome: 'Segunda Pessoa',
      email: 'segunda@example.org',
    });
    // The provider first ends the other session: its self-submitting page, in pt-BR.
    const switching = await browser.get(String(other.headers.location));
    expect(switching.statusCode).toBe(200);
    expect(switching.body).toContain('Estamos levando você de volta ao site.');
    const ended = await browser.post(String(formAction(switching.body)), {
      xsrf: String(inputValue(switching.body, 'xsrf')),
      logout: 'yes',
    });
    expect(ended.statusCode).toBe(303);
    const code = await codeFrom(browser, String(ended.headers.location));
    expect(code).toBeTruthy();
  });

  it('cancelling returns to the website with access_denied', async () => {
    const browser = new IdpBrowser(app, SITE);
    const interaction = await startInteraction(browser, pkce(), 'create');
    const cancelled = await browser.post(`${interaction}/cancelar`, {});
    expect(cancelled.statusCode).toBe(303);
    const back = await browser.get(String(cancelled.headers.location));
    expect(back.statusCode).toBe(303);
    expect(responseParams(String(back.headers.location)).get('error')).toBe('access_denied');
  });

  it('answers friendly pages for expired, foreign or unknown interactions (no stack trace)', async () => {
    const browser = new IdpBrowser(app, SITE);
    const interaction = await startInteraction(browser, pkce());

    const unknown = await browser.get('/idp/interaction/nao-existe');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Este pedido de acesso expirou');
    expect(unknown.body).toContain('href="/"');

    // Another site posting on the person's behalf has no interaction cookie (SameSite=Lax).
    const stranger = new IdpBrowser(app, SITE);
    const forged = await stranger.post(`${interaction}/entrar`, {
      email: person.email,
      senha: person.senha,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Este pedido de acesso expirou');

    // The resume step without its cookie: the provider's own error page, in pt-BR.
    const resume = await stranger.get(interaction.replace('/interaction/', '/auth/'));
    expect(resume.statusCode).toBe(400);
    expect(resume.body).toContain('<html lang="pt-BR">');
    expect(resume.body).toContain('Este pedido de acesso expirou');
    expect(resume.body).not.toMatch(/at .*\.js:\d+/);

    const notFound = await app.inject({ url: '/idp/nao-existe' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('Página não encontrada');

    const badClient = await app.inject({
      url: '/idp/auth?client_id=outro&response_type=code&scope=openid&redirect_uri=https://mal.example/',
    });
    expect(badClient.statusCode).toBe(400);
    expect(badClient.body).toContain('Não foi possível continuar');
    expect(badClient.body).toContain('Código do erro: invalid_client');

    const cookies = browser.jar.header(localPath(interaction));
    const malformed = await app.inject({
      method: 'POST',
      url: `${interaction}/entrar`,
      payload: '<email>ana</email>',
      headers: { 'content-type': 'application/xml', ...(cookies ? { cookie: cookies } : {}) },
    });
    expect(malformed.statusCode).toBe(415);
    expect(malformed.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('rewrites the library’s self-submitting pages in pt-BR, with their script allowed by hash', async () => {
    // Sign-out without a session: the library answers a self-submitting form.
    const res = await app.inject({ url: '/idp/session/end' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.body).toContain('Estamos levando você de volta ao site.');
    expect(res.body).not.toContain('Submitting Callback');
    expect(inputValue(res.body, 'logout')).toBe('yes');
    const hashes = inlineScriptHashes(res.body);
    expect(String(res.headers['content-security-policy'])).toContain(`script-src ${hashes[0]}`);
  });

  it('lets only the website’s origin call the token endpoint from a browser', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/idp/token',
      payload: 'grant_type=refresh_token&client_id=centro-web&refresh_token=x',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mal.example',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
