/**
 * Hostile posts to the provider's sign-in and sign-up forms: odd Unicode, repeated and extra fields,
 * forms built to hurt a parser, odd content types, with or without the browser's cookie. A refusal
 * is an HTML page under the pages' CSP that echoes nothing executable; a wrong password only counts
 * a failure and a refused sign-up creates no account.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AccountStore } from '../../src/idp/store/accounts.js';
import { BUILT_IN_API_SCOPE } from '@centro/contracts/identity';
import { IdpBrowser, pkce } from '../support/idp-browser.js';
import { hostileString, oddHeaders, oddString, ALL_TABLES } from '../support/hostile.js';
import {
  SITE,
  REDIRECT_URI,
  pathSegment,
  FORM,
  WITH_COOKIE,
  RANDOM_TEXT,
  formContentTypes,
  hostileForm,
  expectIdpPage,
  describeHostile,
} from './harness.js';

await describeHostile('hostile idp-forms', (hostile) => {
  const { runs, sendChecked } = hostile;

  /** A new authorization request and its interaction (the sign-in or sign-up page). */
  async function startInteraction(prompt?: 'create') {
    const { api } = hostile;
    const browser = new IdpBrowser(api.app, SITE);
    const challenge = pkce();
    const params = new URLSearchParams({
      client_id: 'centro-web',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: `User.ReadWrite.All ${BUILT_IN_API_SCOPE} openid profile`,
      code_challenge: challenge.challenge,
      code_challenge_method: 'S256',
      response_mode: 'fragment',
      state: 'estado',
      nonce: 'nonce',
      ...(prompt ? { prompt } : {}),
    });
    const start = await browser.get(`/idp/auth?${params}`);
    expect(start.statusCode).toBe(303);
    return { browser, interaction: String(start.headers.location) };
  }

  /** Posts a form to an interaction, as the person's browser would (with its cookie) or not. */
  function formPost(
    browser: IdpBrowser,
    url: string,
    body: string,
    options: { contentType: string | undefined; headers: Record<string, string>; cookie: boolean },
  ) {
    const cookie = options.cookie ? browser.jar.header(url) : undefined;
    return {
      method: 'POST',
      url,
      body,
      headers: {
        ...options.headers,
        ...(cookie && options.headers.cookie === undefined ? { cookie } : {}),
        'content-type': options.contentType,
      },
    };
  }

  const where: fc.Arbitrary<typeof WITH_COOKIE> = fc.oneof(
    { weight: 6, arbitrary: fc.constant(WITH_COOKIE) },
    { weight: 1, arbitrary: fc.constant({ cookie: false, uid: undefined }) },
    { weight: 1, arbitrary: oddString.map((uid) => ({ cookie: true, uid })) },
  );

  it(
    'the sign-in form refuses any post with a page, and a refusal only counts a failure',
    { timeout: 60_000 },
    async () => {
      const { api } = hostile;
      const accounts = new AccountStore(api.app.database.db);
      const password = 'senha-verdadeira-42';
      const account = await accounts.create({
        displayName: 'Conta de Teste',
        email: 'conta.hostil@example.org',
        password,
        celular: '+55 11 91234-5678',
        dataNascimento: '25/12/1990',
      });
      const { browser, interaction } = await startInteraction();
      const form = hostileForm({
        email: fc.oneof(
          hostileString,
          fc.constantFrom(account.email, ` ${account.email.toUpperCase()} `, 'x@example.org'),
        ),
        // Near misses. (`${password}\u0000` would sign in: scrypt's HMAC pads short keys with
        // zeros, so trailing NULs never change a password; harmless, whoever types it knows it.)
        senha: fc.oneof(
          hostileString,
          fc.constantFrom('errada-1234', `${password} `, 'SENHA-VERDADEIRA-42'),
        ),
      });
      // Only the failures' counts may change (per e-mail and per address); they are cleared after
      // each run so that the throttle's delays never slow the test down.
      const unchanged = ALL_TABLES.filter((table) => table !== 'login_failures');
      await fc.assert(
        fc.asyncProperty(
          form,
          formContentTypes,
          oddHeaders,
          where,
          async (body, contentType, headers, { cookie, uid }) => {
            const url =
              uid === undefined
                ? `${interaction}/entrar`
                : `/idp/interaction/${pathSegment(uid)}/entrar`;
            const res = await sendChecked(
              formPost(browser, url, body, { contentType, headers, cookie }),
              expectIdpPage,
              unchanged,
            );
            expect(res.statusCode).not.toBe(303);
            await api.app.database.db.deleteFrom('login_failures').execute();
          },
        ),
        {
          numRuns: runs(10),
          examples: [
            // PostgreSQL cannot look up an e-mail with NUL, nor index a key of several kB.
            [`email=a%00b%40example.org&senha=x`, FORM, {}, WITH_COOKIE],
            [`email=${RANDOM_TEXT}%40example.org&senha=x`, FORM, {}, WITH_COOKIE],
            [
              `email=x%40example.org&senha=x`,
              FORM,
              { 'x-forwarded-for': RANDOM_TEXT },
              WITH_COOKIE,
            ],
          ],
        },
      );
      // The right password still signs in afterwards.
      const signedIn = await browser.post(`${interaction}/entrar`, {
        email: account.email,
        senha: password,
      });
      expect(signedIn.statusCode).toBe(303);
    },
  );

  it(
    'the sign-up form refuses any bad post with a page and creates no account',
    { timeout: 60_000 },
    async () => {
      const { api } = hostile;
      const { browser, interaction } = await startInteraction('create');
      let counter = 0;
      const valid = {
        nome: 'Maria Hostil',
        email: 'maria.hostil@example.org',
        senha: 'uma-senha-segura-1',
        celular: '(11) 91234-5678',
        nascimento: '25/12/1990',
        consentimento: 'sim',
      };
      // Each field valid or hostile: a post with every field valid creates an account (303).
      const field = (value: string) =>
        fc.oneof(
          { weight: 2, arbitrary: fc.constant(value) },
          { weight: 1, arbitrary: hostileString },
        );
      const form = hostileForm({
        nome: field(valid.nome),
        email: field(valid.email),
        senha: field(valid.senha),
        celular: field(valid.celular),
        nascimento: field(valid.nascimento),
        consentimento: field(valid.consentimento),
      });
      await fc.assert(
        fc.asyncProperty(
          form,
          formContentTypes,
          oddHeaders,
          where,
          async (rawBody, contentType, headers, { cookie, uid }) => {
            // A fresh e-mail each time, so that a valid post creates an account instead of being
            // refused as taken.
            counter += 1;
            const body = rawBody.replace('maria.hostil%40', `maria.hostil.${counter}%40`);
            const url =
              uid === undefined
                ? `${interaction}/criar-conta`
                : `/idp/interaction/${pathSegment(uid)}/criar-conta`;
            const res = await sendChecked(
              formPost(browser, url, body, { contentType, headers, cookie }),
              expectIdpPage,
            );
            if (res.statusCode === 303) {
              const created = await api.app.database.db
                .selectFrom('accounts')
                .select('display_name')
                .where('email', '=', `maria.hostil.${counter}@example.org`)
                .executeTakeFirst();
              expect(created, 'a 303 means an account was created').toBeDefined();
            }
          },
        ),
        { numRuns: runs(20) },
      );
    },
  );
});
