/**
 * Sign-up with Microsoft Entra External ID (issue 17's acceptance): the website built for Entra,
 * the real MSAL in Chromium, an External ID tenant's stand-in over TLS answering as Entra does
 * (discovery naming the issuer https://<tenant id>.ciamlogin.com/<tenant id>/v2.0, PKCE, SPA
 * cross-origin token redemption), and the server verifying its access token and reading the
 * person from the Graph stand-in. With the configuration the README gave before issue 17 (an
 * authority without the tenant id), MSAL refuses that discovery document and this test fails.
 * See support/entra-tenant.ts. Like every flow it runs on the phone viewport only (decision 027):
 * one more build per run.
 */
import { chromium } from '@playwright/test';
import { getProgramme } from '@centro/content';
import { chromiumArgs, chromiumPath } from './support/chromium.mjs';
import { mainNav, userDetailsLoaded } from './support/accounts';
import {
  buildEntraWebsite,
  startEntraSite,
  TENANT_ID,
  type EntraSite,
} from './support/entra-tenant';
import { expect, test as base } from './support/test';

const test = base.extend<object, { entraSite: EntraSite }>({
  entraSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await buildEntraWebsite();
      const site = await startEntraSite();
      try {
        await use(site);
      } catch (error) {
        console.error(`Entra site server output:\n${site.server.output()}`);
        throw error;
      } finally {
        await site.close();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  browser: [
    async ({ entraSite }, use) => {
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: [...chromiumArgs, ...entraSite.chromiumArgs],
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ entraSite }, use) => use(entraSite.origin),
  page: async ({ page }, use) => {
    // The tenant's hosts are answered by the stand-in (test.ts answers every other outside host).
    await page.route(
      (url) => /(^|\.)ciamlogin\.com$|^graph\.microsoft\.com$/.test(url.hostname),
      (route) => route.continue(),
    );
    await use(page);
  },
});

const [firstCourse] = getProgramme('global-kardec').courses;
const coursePath = `/global-kardec/${firstCourse?.slug}`;

test("'Quero me inscrever' signs up at the External ID tenant, back signed in, reaching the API", async ({
  page,
  entraSite,
}) => {
  test.slow();
  const tokens: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/get-token') tokens.push(response.status());
  });
  await page.goto(coursePath);
  await page.getByRole('button', { name: 'Quero me inscrever' }).click();

  // The tenant's sign-up page (prompt=create), at the host its discovery names.
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  const authorize = new URL(page.url());
  expect(authorize.origin).toBe(`https://${TENANT_ID}.ciamlogin.com`);
  expect(authorize.searchParams.get('prompt')).toBe('create');
  expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(
    expect.arrayContaining(['https://graph.microsoft.com/User.Read', 'openid']),
  );
  await page.getByLabel('E-mail').fill('maria.entra@example.org');
  await page.getByLabel('Nome').fill('Maria Entra');
  const details = userDetailsLoaded(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(coursePath);
  await expect(mainNav(page).getByRole('button', { name: 'Sair' })).toBeVisible();
  // The chain: MSAL's tokens, Graph's /me, the API's token for the Entra access token, the details.
  await details;
  expect(tokens.at(-1)).toBe(200);
  const person = entraSite.ciam.people.get('maria.entra@example.org');
  expect(person).toBeDefined();
  // Graph did not know the new account at the first read, then did: the server read it again.
  const reads = entraSite.graph
    .graphCalls()
    .filter(
      (call) => call.path === `/v1.0/users/${person?.oid}` && call.query.$select !== 'birthday',
    );
  const [first, ...later] = reads.map((call) => call.outcome);
  expect(first).toBe(404);
  expect(later.length).toBeGreaterThan(0);
  expect(later.every((outcome) => outcome === 200)).toBe(true);
  // The API's token was asked for the API's scope at the tenant, and verified by the server.
  expect(entraSite.ciam.requests).toContain(`/${TENANT_ID}/discovery/v2.0/keys`);

  await mainNav(page).getByRole('link', { name: 'Perfil' }).click();
  await page.getByRole('button', { name: 'Carregar Dados' }).click();
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Maria Entra');
  // Graph's `mail` of the new customer is empty: the contact address is their e-mail identity.
  await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(
    'maria.entra@example.org',
  );
  // What 'E-mail' changes with External ID: the contact address, not the one used to sign in.
  await expect(
    page.getByRole('textbox', { name: 'E-mail', exact: true }),
  ).toHaveAccessibleDescription(/O e-mail com que você entra no site não muda aqui\./);

  // 'Sair' signs out at the tenant, which returns to '/' only because it is a registered redirect
  // URI of the SPA (docs/production-entra.md, step 3).
  await mainNav(page).getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
  await expect(mainNav(page).getByRole('button', { name: 'Acessar' })).toBeEnabled();
  expect(entraSite.ciam.requests).toContain(`/${TENANT_ID}/oauth2/v2.0/logout`);
});
