/**
 * Ended sessions (decision 047) through the real server, the built-in
 * provider, a real SMTP server and the database, on SQLite and PostgreSQL: a sign-in taken before a
 * password reset gets no API token and cannot delete the account; 'Excluir minha conta' needs a
 * recent sign-in, accepts the word in any case and sends its confirmation; a deleted account's
 * token is refused everywhere (no export, no enrolment, no waiting-list row); 'Sair' ends the
 * person's tokens, in every instance sharing PostgreSQL within about a second.
 */
import { allCourses } from '@centro/content';
import { BUILT_IN_API_SCOPE } from '@centro/contracts/identity';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config/index.js';
import { testDatabaseTargets } from '../../../../tests/support/databases.js';
import {
  IdpBrowser,
  TEST_SITE as SITE,
  formAction,
  inputValue,
  openInteraction,
  tokensAfter,
} from '../../../../tests/support/idp-browser.js';
import {
  createTestSmtpServer,
  type TestSmtpServer,
} from '../../../../tests/support/smtp-server.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../../tests/support/web-root.js';

const targets = await testDatabaseTargets('sessions');
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

const [course] = allCourses() as [ReturnType<typeof allCourses>[number]];
/** What MSAL asks for: Graph, the API, and its default OIDC scopes. */
const SCOPES = `User.ReadWrite.All ${BUILT_IN_API_SCOPE} openid profile`;
const ENDED = { error: 'session_ended', message: 'Sua sessão terminou. Entre novamente.' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Tokens carry whole seconds: a token of the very second of 'Sair' passes (decision 047). */
const nextSecond = () => sleep(1_100);

describe.each(targets)('ended sessions on $dialect', (target) => {
  let fixture: FixtureWebRoot;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;

  const config = () =>
    loadConfig({
      WEB_ROOT: fixture.webRoot,
      DATA_DIR: fixture.dataDir,
      SITE_URL: SITE,
      LOG_LEVEL: 'silent',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Centro <nao-responda@centro.example>',
      EMAIL_VERIFICATION: 'off',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    fixture = await createFixtureWebRoot();
    app = await buildApp(config());
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await fixture?.cleanup();
  });

  /** A new person signed in: their id, the provider's token for the API and a bound API token. */
  async function signedUp(email: string, senha = 'uma senha antiga e longa') {
    const browser = new IdpBrowser(app, SITE);
    const { challenge, action } = await openInteraction(browser, {
      prompt: 'create',
      scope: SCOPES,
    });
    const created = await browser.post(action, {
      nome: 'Pessoa de Teste',
      email,
      senha,
      celular: '(11) 91234-5678',
      nascimento: '25/12/1990',
      consentimento: 'sim',
    });
    expect(created.statusCode).toBe(303);
    const signed = await tokensAfter(browser, challenge, String(created.headers.location));
    expect(signed.statusCode).toBe(200);
    const { id_token: idToken, refresh_token: refreshToken } = signed.json() as {
      id_token: string;
      refresh_token: string;
    };
    return { id: String(decodeJwt(idToken).sub), ...(await forApi(browser, refreshToken)) };
  }

  /** What MSAL does for the API: the provider's token by refresh, then get-token. */
  async function forApi(browser: IdpBrowser, refreshToken: string) {
    const refreshed = await browser.token({
      client_id: 'centro-web',
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      scope: `${BUILT_IN_API_SCOPE} openid profile`,
    });
    expect(refreshed.statusCode).toBe(200);
    const providerToken = String(refreshed.json().access_token);
    const got = await getToken(providerToken);
    expect(got.statusCode).toBe(200);
    return {
      browser,
      // Rotated: the one to renew with next.
      refreshToken: String(refreshed.json().refresh_token),
      providerToken,
      apiToken: String(got.json().access_token),
    };
  }

  const getToken = (providerToken: string) =>
    app.inject({
      url: '/api/auth/get-token',
      headers: { authorization: `Bearer ${providerToken}` },
    });
  const me = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const deleteAccount = (token: string, confirmation = 'EXCLUIR') =>
    me(token, 'POST', '/api/me/delete', { confirmation });

  async function resetPassword(email: string, senha: string) {
    const owner = new IdpBrowser(app, SITE);
    const { page } = await openInteraction(owner);
    const forgot = /href="([^"]*esqueci-senha[^"]*)">Esqueci minha senha</.exec(page.body)?.[1];
    const form = await owner.get(String(forgot).replace(/&amp;/g, '&'));
    const before = smtp.received.length;
    await owner.post(String(formAction(form.body)), { email });
    const [message] = (await smtp.waitFor(before + 1)).slice(before);
    const link = /https?:\/\/\S+\/idp\/redefinir-senha\?token=[\w-]+/.exec(String(message?.text));
    const resetPage = await owner.get(String(link?.[0]));
    const saved = await owner.post(String(formAction(resetPage.body)), {
      token: String(inputValue(resetPage.body, 'token')),
      senha,
    });
    expect(saved.body).toContain('<h1>Senha alterada</h1>');
  }

  async function signIn(email: string, senha: string) {
    const browser = new IdpBrowser(app, SITE);
    const { challenge, action } = await openInteraction(browser, { scope: SCOPES });
    const answer = await browser.post(action, { email, senha });
    expect(answer.statusCode).toBe(303);
    const tokens = await tokensAfter(browser, challenge, String(answer.headers.location));
    return forApi(browser, String(tokens.json().refresh_token));
  }

  it('a sign-in taken before a password reset gets no API token and cannot delete the account', async () => {
    const email = `roubada-${target.dialect}@example.org`;
    const stolen = await signedUp(email);
    await resetPassword(email, 'uma senha nova bem longa');

    const refused = await getToken(stolen.providerToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(ENDED);
    for (const answer of [
      await deleteAccount(stolen.apiToken),
      await me(stolen.apiToken, 'GET', '/api/me/data'),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(ENDED);
    }

    // The owner, signed in again with the new password (a second later at least: a reset refuses
    // its own second's tokens), still has the account.
    await nextSecond();
    const owner = await signIn(email, 'uma senha nova bem longa');
    expect((await me(owner.apiToken, 'GET', '/api/me/data')).statusCode).toBe(200);
  });

  it('deleting needs a recent sign-in, takes the word in any case, e-mails, and ends every token', async () => {
    const email = `excluida-${target.dialect}@example.org`;
    const person = await signedUp(email);
    // The built-in provider says when the person signed in, and the API token carries it on.
    const signedInAt = decodeJwt(person.providerToken).auth_time;
    expect(signedInAt).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(app.apiTokens.verify(person.apiToken)).toMatchObject({ authTime: signedInAt });
    // 'Entrar novamente' (prompt=login): the password is asked even with a session at the provider.
    const again = await openInteraction(person.browser, { prompt: 'login', scope: SCOPES });
    expect(again.page.statusCode).toBe(200);
    expect(again.page.body).toContain('name="senha"');

    // A sign-in eleven minutes old, or one that does not say when: sign in again first.
    const old = Math.floor(Date.now() / 1000) - 11 * 60;
    for (const token of [
      app.apiTokens.issueForUser(person.id, [], { authTime: old }).token,
      app.apiTokens.issueForUser(person.id).token,
    ]) {
      const stale = await deleteAccount(token);
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toEqual({
        error: 'recent_sign_in_required',
        message: 'Para excluir sua conta, entre novamente.',
      });
    }
    const wrong = await deleteAccount(person.apiToken, 'apagar');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Digite EXCLUIR (em maiúsculas ou minúsculas)');

    const before = smtp.received.length;
    const deleted = await deleteAccount(person.apiToken, ' Excluir ');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, accountDeleted: true });
    const [farewell] = (await smtp.waitFor(before + 1)).slice(before);
    expect(farewell?.subject).toBe('Sua conta foi excluída');
    expect(farewell?.to && 'text' in farewell.to ? farewell.to.text : '').toContain(email);
    expect(String(farewell?.text)).toContain('Confirmamos a exclusão da sua conta');

    // The deleted person's tokens: no API token, no export, no place, no waiting-list row.
    expect((await getToken(person.providerToken)).json()).toEqual(ENDED);
    for (const answer of [
      await me(person.apiToken, 'GET', '/api/me/data'),
      await me(person.apiToken, 'POST', '/api/me/waiting-list/join', { course: course.slug }),
      await app.inject({
        method: 'POST',
        url: '/api/group/add',
        payload: { group: course.groupId, user: person.id, token: person.apiToken },
      }),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(ENDED);
    }
    const db = app.database.db;
    expect(
      await db.selectFrom('waiting_list').select('id').where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('enrolments')
        .select('course_slug')
        .where('user_id', '=', person.id)
        .execute(),
    ).toEqual([]);
  });

  it("'Sair' ends the person's tokens, and another instance on the same database follows", async () => {
    const person = await signedUp(`sair-${target.dialect}@example.org`);
    // Another instance (PostgreSQL: several share one database; SQLite: the same file).
    const sibling = await buildApp(config());
    try {
      await sibling.ready();
      const onSibling = () =>
        sibling.inject({
          url: '/api/me/enrolments',
          headers: { authorization: `Bearer ${person.apiToken}` },
        });
      expect((await onSibling()).statusCode).toBe(200);
      await nextSecond();

      const out = await me(person.apiToken, 'POST', '/api/me/sign-out', {});
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ signedOut: true });
      expect((await me(person.apiToken, 'GET', '/api/me/enrolments')).json()).toEqual(ENDED);
      expect((await getToken(person.providerToken)).statusCode).toBe(401);
      // No device renews silently: the provider's refresh tokens ended with 'Sair'.
      const renewed = await person.browser.token({
        client_id: 'centro-web',
        grant_type: 'refresh_token',
        refresh_token: person.refreshToken,
        scope: SCOPES,
      });
      expect(renewed.json().error).toBe('invalid_grant');

      await sleep(1_500);
      const there = await onSibling();
      expect(there.statusCode).toBe(401);
      expect(there.json()).toEqual(ENDED);
    } finally {
      await sibling.close();
    }
  });
});
