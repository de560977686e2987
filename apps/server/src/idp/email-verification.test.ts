/**
 * E-mail verification in the built-in provider, through the real server, database and a
 * real SMTP server: with EMAIL_VERIFICATION=required (the default with SMTP_URL) a new account is
 * signed in only once the six digits e-mailed to it are typed; wrong, expired and other accounts'
 * codes are refused; an unconfirmed account is asked for a code at sign-in and refused enrolment
 * by the API; only a confirmed address is ever a token's `email`.
 */
import { findCourse, type Course } from '@centro/content';
import { ErrorCode } from '@centro/contracts/error-codes';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { createTestApi } from '../../tests/support/api-app.js';
import { testDatabaseTargets } from '../../tests/support/databases.js';
import {
  IdpBrowser,
  TEST_SITE as SITE,
  formAction,
  openInteraction,
  type Pkce,
  tokensAfter,
} from '../../tests/support/idp-browser.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../tests/support/web-root.js';

const passe = findCourse('global-kardec', 'passe') as Course;
const targets = await testDatabaseTargets('idp_verify');
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

if (!targets.some((target) => target.dialect === 'postgres')) {
  it.skip('PostgreSQL unreachable: verification ran on SQLite only (see the warning above)');
}

/** The scopes MSAL asks for, and `email`: the ID token then says what it knows of the address. */
const WITH_EMAIL = 'User.ReadWrite.All openid profile email';

const codeOf = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1] ?? '';

describe.each(targets)('e-mail verification on $dialect', (target) => {
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

  /** Fills the sign-up form; the answer (a redirect to the code page) and the flow's PKCE. */
  async function signUp(
    browser: IdpBrowser,
    email: string,
    { nome = 'Pessoa de Teste', senha = 'uma senha longa' } = {},
  ) {
    const { challenge, action } = await openInteraction(browser, {
      prompt: 'create',
      scope: WITH_EMAIL,
    });
    const answer = await browser.post(action, {
      nome,
      email,
      senha,
      celular: '(11) 91234-5678',
      nascimento: '25/12/1990',
      consentimento: 'sim',
    });
    return { answer, challenge };
  }

  /** The code in the next message to `email`. */
  async function nextCode(email: string, after: number) {
    const messages = (await smtp.waitFor(after + 1)).slice(after);
    const message = messages.find((m) => JSON.stringify(m.to).includes(email));
    expect(message?.subject).toBe('Confirme seu e-mail');
    // Nobody has proven the address yet: not the name whoever signed up wrote.
    expect(`${message?.text} ${message?.html}`).not.toContain('Pessoa de Teste');
    return codeOf(message?.text);
  }

  it('signs a new account in only once the e-mailed code is typed', async () => {
    const email = `nova-${target.dialect}@example.org`;
    const browser = new IdpBrowser(app, SITE);
    const before = smtp.received.length;
    const { answer, challenge } = await signUp(browser, email);
    expect(answer.statusCode).toBe(303);
    const codePage = String(answer.headers.location);
    expect(codePage).toMatch(/\/confirmar-email$/);
    const page = await browser.get(codePage);
    expect(page.body).toContain('<h1>Confirme seu e-mail</h1>');
    expect(page.body).toContain(email);
    const code = await nextCode(email, before);
    expect(code).toMatch(/^\d{6}$/);

    // Another account's code, a wrong one, and nothing: refused with a message, still here.
    const other = `outra-${target.dialect}@example.org`;
    const otherBrowser = new IdpBrowser(app, SITE);
    const otherBefore = smtp.received.length;
    await signUp(otherBrowser, other);
    const otherCode = await nextCode(other, otherBefore);
    const action = String(formAction(page.body));
    for (const typed of [otherCode, code === '000000' ? '111111' : '000000', '']) {
      if (typed === code) continue;
      const refused = await browser.post(action, { codigo: typed });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toMatch(/Código incorreto|Digite o código de 6 dígitos/);
    }
    // 'Reenviar código' right away: asked to wait; the first code still stands.
    const resent = await browser.post(
      `${codePage.replace(/confirmar-email$/, 'reenviar-codigo')}`,
      {},
    );
    expect(resent.body).toContain('Aguarde um minuto antes de pedir outro código.');

    const confirmed = await browser.post(action, {
      codigo: ` ${code.slice(0, 3)} ${code.slice(3)} `,
    });
    expect(confirmed.statusCode).toBe(303);
    const tokens = await tokensAfter(browser, challenge, String(confirmed.headers.location));
    expect(tokens.statusCode).toBe(200);
    const idToken = decodeJwt((tokens.json() as { id_token: string }).id_token);
    expect(idToken).toMatchObject({ email, email_verified: true });
  });

  it('answers a sign-up with an unknown, an unconfirmed and a confirmed address alike; only the e-mail differs', async () => {
    // The sign-up page must not tell which addresses have accounts (decisions 018, 084).
    const unconfirmed = `pendente-${target.dialect}@example.org`;
    const confirmed = `dona-${target.dialect}@example.org`;
    const fresh = `livre-${target.dialect}@example.org`;
    let before = smtp.received.length;
    await signUp(new IdpBrowser(app, SITE), unconfirmed);
    await nextCode(unconfirmed, before);
    before = smtp.received.length;
    const owner = new IdpBrowser(app, SITE);
    const ownerSignUp = await signUp(owner, confirmed);
    const ownerPage = await owner.get(String(ownerSignUp.answer.headers.location));
    await owner.post(String(formAction(ownerPage.body)), {
      codigo: await nextCode(confirmed, before),
    });

    // Later (a new code may be sent), each address signed up again, from a new browser, with
    // another name and password.
    await app.database.db
      .updateTable('email_verifications')
      .set({ sent_at: new Date(Date.now() - 120_000).toISOString() })
      .execute();
    const again = { nome: 'Rosa Maria', senha: 'outra senha bem comprida' };
    const pages: Record<
      string,
      { browser: IdpBrowser; location: string; body: string; challenge: Pkce }
    > = {};
    before = smtp.received.length;
    for (const email of [fresh, ` ${unconfirmed.toUpperCase()} `, confirmed]) {
      const browser = new IdpBrowser(app, SITE);
      const { answer, challenge } = await signUp(browser, email, again);
      expect(answer.statusCode).toBe(303);
      const location = String(answer.headers.location);
      expect(location).toMatch(/\/confirmar-email$/);
      const page = await browser.get(location);
      pages[email.trim().toLowerCase()] = { browser, location, body: page.body, challenge };
    }
    const text = (email: string) =>
      pages[email]?.body.replace(/\/idp\/interaction\/[\w-]+/g, '').replace(email, 'EMAIL');
    expect(text(unconfirmed)).toBe(text(fresh));
    expect(text(confirmed)).toBe(text(fresh));

    // 'Reenviar código' at once: every page asks to wait alike (a code went a moment ago).
    for (const email of [fresh, unconfirmed, confirmed]) {
      const { browser, location } = pages[email] ?? {};
      const resent = await browser?.post(
        location?.replace(/confirmar-email$/, 'reenviar-codigo') ?? '',
        {},
      );
      expect(resent?.body).toContain('Aguarde um minuto antes de pedir outro código.');
    }

    // The e-mails: codes to the unknown and the unconfirmed address; a notice to the confirmed
    // one, without a code, whose link opens the sign-in.
    const received = (await smtp.waitFor(before + 3)).slice(before);
    const to = (email: string) => received.filter((m) => JSON.stringify(m.to).includes(email));
    expect(to(fresh).map((m) => m.subject)).toEqual(['Confirme seu e-mail']);
    expect(to(unconfirmed).map((m) => m.subject)).toEqual(['Confirme seu e-mail']);
    const [notice, ...more] = to(confirmed);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe('Tentativa de cadastro com o seu e-mail');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    expect(notice?.text).toContain(`${SITE}/?acessar`);
    expect(notice?.html).toContain(`href="${SITE}/?acessar"`);
    expect(notice?.text).toContain("feche a página 'Confirme seu e-mail' e entre com a sua senha");

    // No code opens the confirmed address's page.
    const probe = pages[confirmed];
    const refused = await probe?.browser.post(String(formAction(probe.body)), { codigo: '123456' });
    expect(refused?.statusCode).toBe(400);
    expect(refused?.body).toContain('Código incorreto');

    // The unconfirmed address's code signs in, and the account is now what the second sign-up
    // typed: its password, not the first one, and its name.
    const resumed = pages[unconfirmed];
    if (!resumed) throw new Error('no page for the unconfirmed address');
    const code = codeOf(to(unconfirmed)[0]?.text);
    const signedIn = await resumed.browser.post(String(formAction(resumed.body)), { codigo: code });
    expect(signedIn.statusCode).toBe(303);
    const tokens = await tokensAfter(
      resumed.browser,
      resumed.challenge,
      String(signedIn.headers.location),
    );
    expect(tokens.statusCode).toBe(200);
    const idToken = decodeJwt((tokens.json() as { id_token: string }).id_token);
    expect(idToken).toMatchObject({ email: unconfirmed, email_verified: true, name: 'Rosa Maria' });
    const accounts = await app.database.db
      .selectFrom('accounts')
      .select('id')
      .where('email', 'in', [unconfirmed, confirmed])
      .execute();
    expect(accounts).toHaveLength(2);
    for (const [senha, signsIn] of [
      ['uma senha longa', false],
      ['outra senha bem comprida', true],
    ] as const) {
      const later = new IdpBrowser(app, SITE);
      const { action } = await openInteraction(later);
      const answer = await later.post(action, { email: unconfirmed, senha });
      expect(answer.statusCode === 303, senha).toBe(signsIn);
    }
  });

  it('refuses an expired code, and asks an unconfirmed account for a code at sign-in', async () => {
    const email = `expira-${target.dialect}@example.org`;
    const browser = new IdpBrowser(app, SITE);
    const before = smtp.received.length;
    const { answer } = await signUp(browser, email);
    const code = await nextCode(email, before);
    await app.database.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const page = await browser.get(String(answer.headers.location));
    const expired = await browser.post(String(formAction(page.body)), { codigo: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('Este código expirou');

    // Later, signing in with the right password leads to the code page again, with a new code.
    await app.database.db
      .updateTable('email_verifications')
      .set({ sent_at: new Date(Date.now() - 120_000).toISOString() })
      .execute();
    const later = new IdpBrowser(app, SITE);
    const { challenge, action } = await openInteraction(later);
    const beforeSignIn = smtp.received.length;
    const signedIn = await later.post(action, { email, senha: 'uma senha longa' });
    expect(String(signedIn.headers.location)).toMatch(/\/confirmar-email$/);
    const newCode = await nextCode(email, beforeSignIn);
    const codePage = await later.get(String(signedIn.headers.location));
    const confirmed = await later.post(String(formAction(codePage.body)), { codigo: newCode });
    expect(confirmed.statusCode).toBe(303);
    expect(
      (await tokensAfter(later, challenge, String(confirmed.headers.location))).statusCode,
    ).toBe(200);
  });
});

describe.each(targets)('enrolment of an unconfirmed account on $dialect', (target) => {
  it('is refused with 403 and a message that says what to do; confirmed, it goes through', async () => {
    const smtp = await createTestSmtpServer();
    const api = await createTestApi({
      databaseUrl: target.databaseUrl,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Centro <nao-responda@centro.example>' },
    });
    try {
      const [person = ''] = await api.createPeople(1);
      const db = api.app.database.db;
      await db
        .updateTable('accounts')
        .set({ email_verified_at: null })
        .where('id', '=', person)
        .execute();
      const enrol = () =>
        api.app.inject({
          method: 'POST',
          url: '/api/group/add',
          payload: { group: passe.groupId, user: person, token: api.tokenFor(person) },
        });
      const refused = await enrol();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: ErrorCode.EmailNotVerified,
        message: expect.stringContaining('Confirme seu e-mail'),
      });
      const taken = await db
        .selectFrom('enrolments')
        .select('user_id')
        .where('user_id', '=', person)
        .execute();
      expect(taken).toEqual([]);

      await db
        .updateTable('accounts')
        .set({ email_verified_at: new Date().toISOString() })
        .where('id', '=', person)
        .execute();
      expect((await enrol()).statusCode).toBe(200);
    } finally {
      await api.close();
      await smtp.stop();
    }
  });
});

describe('with EMAIL_VERIFICATION=off', () => {
  it('signs up at once, and the token carries no unconfirmed address', async () => {
    const fixture = await createFixtureWebRoot();
    const app = await buildApp(
      loadConfig({
        WEB_ROOT: fixture.webRoot,
        DATA_DIR: fixture.dataDir,
        SITE_URL: SITE,
        LOG_LEVEL: 'silent',
      }),
    );
    try {
      const browser = new IdpBrowser(app, SITE);
      const { challenge, action } = await openInteraction(browser, {
        prompt: 'create',
        scope: WITH_EMAIL,
      });
      const created = await browser.post(action, {
        nome: 'Pessoa de Teste',
        email: 'sem-confirmar@example.org',
        senha: 'uma senha longa',
        celular: '(11) 91234-5678',
        nascimento: '25/12/1990',
        consentimento: 'sim',
      });
      const tokens = await tokensAfter(browser, challenge, String(created.headers.location));
      const idToken = decodeJwt((tokens.json() as { id_token: string }).id_token);
      expect(idToken.email_verified).toBe(false);
      expect(idToken.email).toBeUndefined();
      expect(idToken.preferred_username).toBe('sem-confirmar@example.org');
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});

describe('sign-ups from one address', () => {
  it('are refused past IDP_SIGN_UPS_PER_ADDRESS with a message and Retry-After', async () => {
    const fixture = await createFixtureWebRoot();
    const app = await buildApp(
      loadConfig({
        WEB_ROOT: fixture.webRoot,
        DATA_DIR: fixture.dataDir,
        SITE_URL: SITE,
        LOG_LEVEL: 'silent',
        IDP_SIGN_UPS_PER_ADDRESS: '2',
      }),
    );
    try {
      const statuses: number[] = [];
      let last = '';
      for (let i = 0; i < 3; i++) {
        const browser = new IdpBrowser(app, SITE);
        const { action } = await openInteraction(browser, { prompt: 'create' });
        const answer = await browser.post(action, {
          nome: 'Pessoa de Teste',
          email: `muitas-${i}@example.org`,
          senha: 'uma senha longa',
          celular: '(11) 91234-5678',
          nascimento: '25/12/1990',
          consentimento: 'sim',
        });
        statuses.push(answer.statusCode);
        last = answer.body;
        if (answer.statusCode === 429)
          expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([303, 303, 429]);
      expect(last).toContain('Muitas contas foram criadas a partir desta rede.');
      const count = await app.database.db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});

describe.each(targets)('a new contact e-mail on $dialect', (target) => {
  it('replaces the old one only once the link sent to it is confirmed', async () => {
    // Messages an earlier test left waiting in this database would be delivered here first.
    await target.clear(['mail_outbox']);
    const smtp = await createTestSmtpServer();
    const api = await createTestApi({
      databaseUrl: target.databaseUrl,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Centro <nao-responda@centro.example>' },
    });
    try {
      const [person = ''] = await api.createPeople(1);
      const details = async () =>
        (
          await api.app.inject({
            method: 'POST',
            url: '/api/user/details',
            payload: { id: person, token: api.tokenFor(person) },
          })
        ).json() as { data: { mail: string } };
      const newMail = `nova-${person}@example.org`;
      const changed = await api.app.inject({
        method: 'POST',
        url: '/api/user/update',
        payload: { id: person, token: api.tokenFor(person), param: 'mail', value: newMail },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.mail).toBe(`${person}@example.org`);
      expect((await details()).data.mail).toBe(`${person}@example.org`);

      const [message] = await smtp.waitFor(1);
      expect(message?.subject).toBe('Confirme seu novo e-mail');
      expect(JSON.stringify(message?.to)).toContain(newMail);
      const link = /https?:\/\/\S+\/idp\/confirmar-contato\?token=[\w-]+/.exec(
        String(message?.text),
      )?.[0];
      expect(link).toBeDefined();
      const path = new URL(String(link)).pathname + new URL(String(link)).search;

      // Opening the link changes nothing (mail scanners open links); the button does.
      const page = await api.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(newMail);
      expect((await details()).data.mail).toBe(`${person}@example.org`);
      const token = new URL(String(link)).searchParams.get('token') ?? '';
      const confirm = () =>
        api.app.inject({
          method: 'POST',
          url: '/idp/confirmar-contato',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ token }).toString(),
        });
      const confirmed = await confirm();
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.body).toContain('E-mail confirmado');
      expect((await details()).data.mail).toBe(newMail);
      // Single use.
      expect((await confirm()).statusCode).toBe(400);

      // Nobody is locked out: the proven address is the one to sign in with, the page says so,
      // Perfil shows it, and 'Esqueci minha senha' with it sends the link there.
      expect(confirmed.body).toContain(`${newMail} é agora o e-mail da sua conta`);
      const account = await api.app.inject({
        url: '/api/me/account',
        headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      });
      expect(account.json()).toEqual({ signInEmail: newMail, password: 'here' });
      const browser = new IdpBrowser(api.app, SITE);
      const { page: signIn } = await openInteraction(browser);
      const forgot = /href="([^"]*esqueci-senha[^"]*)">Esqueci minha senha</.exec(signIn.body)?.[1];
      const form = await browser.get(String(forgot).replace(/&amp;/g, '&'));
      const before = smtp.received.length;
      expect(
        (await browser.post(String(formAction(form.body)), { email: newMail })).statusCode,
      ).toBe(200);
      const [reset] = (await smtp.waitFor(before + 1)).slice(before);
      expect(JSON.stringify(reset?.to)).toContain(newMail);
      expect(String(reset?.text)).toMatch(/\/idp\/redefinir-senha\?token=/);

      // An address another account signs in with becomes only a contact address, and the page
      // says to keep signing in as before.
      const [other = ''] = await api.createPeople(1);
      const sent = smtp.received.length;
      await api.app.inject({
        method: 'POST',
        url: '/api/user/update',
        payload: { id: other, token: api.tokenFor(other), param: 'mail', value: newMail },
      });
      const [second] = (await smtp.waitFor(sent + 1)).slice(sent);
      const secondToken = /confirmar-contato\?token=([\w-]+)/.exec(String(second?.text))?.[1] ?? '';
      const shared = await api.app.inject({
        method: 'POST',
        url: '/idp/confirmar-contato',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: secondToken }).toString(),
      });
      expect(shared.body).toContain('continue usando o e-mail com que você entrava antes');
      const otherAccount = await api.app.inject({
        url: '/api/me/account',
        headers: { authorization: `Bearer ${api.tokenFor(other)}` },
      });
      expect(otherAccount.json()).toEqual({
        signInEmail: `${other}@example.org`,
        password: 'here',
      });
    } finally {
      await api.close();
      await smtp.stop();
    }
  });
});
