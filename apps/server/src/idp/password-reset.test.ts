/**
 * 'Esqueci minha senha' through the real server, database and a real SMTP server, and
 * the review's finding: someone who knows an e-mail can lock its owner out of signing in for a
 * while, and a reset lets the owner in at once. Also: no answer tells whether an address has an
 * account; the link is single-use, expires, and ends the account's other sessions.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import {
  IdpBrowser,
  TEST_SITE as SITE,
  formAction,
  inputValue,
  openInteraction,
  signUpIn,
  tokensAfter,
} from '../../tests/support/idp-browser.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../tests/support/web-root.js';

const targets = await testDatabaseTargets('idp_reset');
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

if (!targets.some((target) => target.dialect === 'postgres')) {
  it.skip('PostgreSQL unreachable: the reset ran on SQLite only (see the warning above)');
}

/** The link of a password-reset message. */
function resetLinkOf(text: string): string {
  const link = /https?:\/\/\S+\/idp\/redefinir-senha\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error('no reset link in the message');
  return link;
}

describe.each(targets)('password reset on $dialect', (target) => {
  let fixture: FixtureWebRoot;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    fixture = await createFixtureWebRoot();
    app = await buildApp(
      loadConfig({
        WEB_ROOT: fixture.webRoot,
        DATA_DIR: fixture.dataDir,
        SITE_URL: SITE,
        LOG_LEVEL: 'silent',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Centro <nao-responda@centro.example>',
        EMAIL_VERIFICATION: 'off',
        IDP_SIGN_IN_ATTEMPTS_PER_EMAIL: '3',
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await fixture?.cleanup();
  });

  async function signIn(browser: IdpBrowser, email: string, senha: string) {
    const { challenge, action } = await openInteraction(browser);
    const answer = await browser.post(action, { email, senha });
    return {
      answer,
      tokens: () => tokensAfter(browser, challenge, String(answer.headers.location)),
    };
  }

  /** Asks for a link on the sign-in page's 'Esqueci minha senha'; the page answered. */
  async function askForLink(browser: IdpBrowser, email: string) {
    const { page } = await openInteraction(browser);
    const forgot = /href="([^"]*esqueci-senha[^"]*)">Esqueci minha senha</.exec(page.body)?.[1];
    expect(forgot).toBeDefined();
    const form = await browser.get(String(forgot).replace(/&amp;/g, '&'));
    expect(form.body).toContain('<h1>Esqueci minha senha</h1>');
    return browser.post(String(formAction(form.body)), { email });
  }

  // Seven password hashes (sign-up, wrong tries, the new password): seconds on a busy machine.
  it('sends a single-use link, ends the other sessions, and lets a locked-out owner in', async () => {
    const email = `reset-${target.dialect}@example.org`;
    const phone = new IdpBrowser(app, SITE);
    const signedUp = await signUpIn(phone, email, 'uma senha antiga');
    expect(signedUp.statusCode).toBe(200);
    const { refresh_token: phoneRefresh } = signedUp.json() as { refresh_token: string };

    // Someone who knows the address locks it: wrong passwords up to the limit, then 429 even
    // for the right one.
    const attacker = new IdpBrowser(app, SITE);
    for (let i = 0; i < 3; i++) {
      expect((await signIn(attacker, email, `errada ${i} palavra`)).answer.statusCode).toBe(400);
    }
    const locked = await signIn(new IdpBrowser(app, SITE), email, 'uma senha antiga');
    expect(locked.answer.statusCode).toBe(429);

    // The same answer for an address without an account: nothing tells them apart.
    const owner = new IdpBrowser(app, SITE);
    const before = smtp.received.length;
    const unknown = await askForLink(owner, `ninguem-${target.dialect}@example.org`);
    const known = await askForLink(owner, email.toUpperCase());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    const text = (body: string) => body.replace(/\/idp\/interaction\/[\w-]+/g, '');
    expect(text(known.body)).toBe(text(unknown.body));
    expect(known.body).toContain('Se houver uma conta com este e-mail');

    const [message] = (await smtp.waitFor(before + 1)).slice(before);
    expect(message?.to && 'text' in message.to ? message.to.text : '').toContain(email);
    expect(message?.subject).toBe('Redefinição de senha');
    const link = resetLinkOf(String(message?.text));
    expect(new URL(link).origin).toBe(SITE);

    // The link's page; a weak password is refused with the reason, the link still valid.
    const page = await owner.get(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Criar nova senha</h1>');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const action = String(formAction(page.body));
    const token = String(inputValue(page.body, 'token'));
    const weak = await owner.post(action, { token, senha: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('Esta senha é fácil de adivinhar.');

    const saved = await owner.post(action, { token, senha: 'uma senha nova e longa' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('<h1>Senha alterada</h1>');

    // Single use.
    const again = await owner.post(action, { token, senha: 'outra senha bem longa' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Este link não vale mais');
    expect((await owner.get(link)).statusCode).toBe(400);

    // The phone's refresh token no longer works; its session is gone.
    const refreshed = await phone.token({
      client_id: 'centro-web',
      grant_type: 'refresh_token',
      refresh_token: phoneRefresh,
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');

    // The lock is lifted for the owner; the old password is gone, the new one works.
    expect(
      (await signIn(new IdpBrowser(app, SITE), email, 'uma senha antiga')).answer.statusCode,
    ).toBe(400);
    const signedIn = await signIn(new IdpBrowser(app, SITE), email, 'uma senha nova e longa');
    expect(signedIn.answer.statusCode).toBe(303);
    expect((await signedIn.tokens()).statusCode).toBe(200);
  }, 20_000);

  it('refuses an expired link and a made-up one, and sends at most three links an hour', async () => {
    const email = `expira-${target.dialect}@example.org`;
    expect((await signUpIn(new IdpBrowser(app, SITE), email)).statusCode).toBe(200);
    const browser = new IdpBrowser(app, SITE);
    const before = smtp.received.length;
    for (let i = 0; i < 4; i++) expect((await askForLink(browser, email)).statusCode).toBe(200);
    const received = (await smtp.waitFor(before + 3)).slice(before);
    // Give the sender a moment: a fourth message would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length - before).toBe(3);

    const link = resetLinkOf(String(received[0]?.text));
    await app.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await browser.get(link);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('Este link não vale mais');

    const madeUp = await browser.get(`${SITE}/idp/redefinir-senha?token=${'A'.repeat(43)}`);
    expect(madeUp.statusCode).toBe(400);
    const posted = await browser.post(`${SITE}/idp/redefinir-senha`, {
      token: 'x',
      senha: 'uma senha nova e longa',
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain('Este link não vale mais');
  });
});
