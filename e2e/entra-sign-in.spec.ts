/**
 * Sign-up with Microsoft Entra External ID: the website built for Entra,
 * the real MSAL in Chromium, an External ID tenant's stand-in over TLS answering as Entra does
 * (discovery naming the issuer https://<tenant id>.ciamlogin.com/<tenant id>/v2.0, PKCE, SPA
 * cross-origin token redemption), and the server verifying its access token and reading the
 * person from the Graph stand-in. With the configuration the README gave before Entra External ID was supported (an
 * authority without the tenant id), MSAL refuses that discovery document and this test fails.
 * See support/entra-tenant.ts. Like every flow it runs on the phone viewport only (decision 027):
 * one more build per run.
 *
 * Beyond sign-up, profile and sign-out: a customer enrols with one Graph write; an account
 * whose phone Graph refuses (synced from on-premises) still ends on 'Inscrição Confirmada!' with a
 * notice; a person with the API's 'Coordenacao' app role reaches /equipe; 'Sair' returns without
 * Entra's account picker only because it sends logout_hint.
 */
import { chromium, type Page } from '@playwright/test';
import { getProgramme } from '@centro/content';
import { chromiumArgs, chromiumPath } from './support/chromium.mjs';
import { mainNav, userDetailsLoaded } from './support/accounts';
import type { StandInPerson } from '../apps/server/tests/support/entra-stand-in.js';
import type { StandInUser } from '../apps/server/tests/support/graph-stand-in/stand-in.js';
import {
  buildEntraWebsite,
  EXTENSION_CELULAR,
  EXTENSION_DATA_NASCIMENTO,
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

// One worker runs them all, in order: each worker would build the website into the same place.
test.describe.configure({ mode: 'default' });

const [firstCourse] = getProgramme('global-kardec').courses;
const coursePath = `/global-kardec/${firstCourse?.slug}`;
const confirmationPath = '/global-kardec/matricula-finalizada';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Changes the next account the user flow creates, in the tenant and in Graph. */
function onNextSignUp(
  site: EntraSite,
  change: (person: StandInPerson, user: StandInUser) => void,
): void {
  const original = site.ciam.onSignUp;
  site.ciam.onSignUp = (person) => {
    site.ciam.onSignUp = original;
    original?.(person);
    const user = site.graph.users.get(person.oid.toLowerCase());
    if (!user) throw new Error('The Graph stand-in did not get the new account');
    change(person, user);
  };
}

/** 'Quero me inscrever' at the tenant's sign-up page, back signed in with the details loaded. */
async function signUpAtTenant(page: Page, email: string, name: string): Promise<void> {
  await page.goto(coursePath);
  await page.getByRole('button', { name: 'Quero me inscrever' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Nome').fill(name);
  const details = userDetailsLoaded(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(coursePath);
  await details;
}

/** Graph writes (not reads: checkMemberGroups is a POST that reads) made since `from`. */
function graphWrites(site: EntraSite, from: number) {
  return site.graph
    .graphCalls()
    .slice(from)
    .filter((call) => call.method !== 'GET' && !call.path.endsWith('/checkMemberGroups'));
}

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

test('a customer who completed the profile enrols with one Graph write: the group', async ({
  page,
  entraSite,
}) => {
  test.slow();
  await signUpAtTenant(page, 'joao.entra@example.org', 'João Entra');
  const person = entraSite.ciam.people.get('joao.entra@example.org');
  // The user flow's account has no phone in mobilePhone yet: the site asks for the profile first.
  await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
  await expect(page).toHaveURL('/perfil');
  await page.getByRole('button', { name: 'Carregar Dados' }).click();
  await field(page, 'Celular').fill('(21) 99876-5432');
  await field(page, 'Data de nascimento').fill('25/12/1990');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('Dados atualizados com sucesso!')).toBeVisible();

  const details = userDetailsLoaded(page);
  await page.goto(coursePath);
  await details;
  const from = entraSite.graph.graphCalls().length;
  await page.getByRole('button', { name: 'Finalizar inscrição' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  // The phone and birth date already are the directory's: the one write is the group's.
  expect(graphWrites(entraSite, from).map((call) => `${call.method} ${call.path}`)).toEqual([
    `POST /v1.0/groups/${firstCourse?.groupId}/members/$ref`,
  ]);
  expect(entraSite.graph.groups.get(firstCourse?.groupId.toLowerCase() ?? '')?.members).toContain(
    person?.oid,
  );
});

test.describe('an account whose phone Graph will not change', () => {
  test.use({ allowConsoleErrors: [/status of 403/] });

  test("still ends on 'Inscrição Confirmada!', with a notice that the registration was not updated", async ({
    page,
    entraSite,
  }) => {
    test.slow();
    // A workforce user synced from an on-premises directory, whose phone and birth date came in
    // the custom attributes: Graph refuses to change the phone (400, on-premises mastered).
    onNextSignUp(entraSite, (_, user) => {
      user.onPremisesSyncEnabled = true;
      user.extensions[EXTENSION_CELULAR] = '(21) 99876-5432';
      user.extensions[EXTENSION_DATA_NASCIMENTO] = '25/12/1990';
    });
    await signUpAtTenant(page, 'sincronizada@example.org', 'Conta Sincronizada');
    const person = entraSite.ciam.people.get('sincronizada@example.org');
    const from = entraSite.graph.graphCalls().length;
    await page.getByRole('button', { name: 'Finalizar inscrição' }).click();

    await expect(page).toHaveURL(confirmationPath);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Inscrição Confirmada!' }),
    ).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      'Não foi possível atualizar o seu cadastro (celular e data de nascimento).',
    );
    await expect(page.getByText('Erro ao carregar dados. Por favor tente novamente!')).toHaveCount(
      0,
    );
    const writes = graphWrites(entraSite, from);
    expect(writes.map((call) => `${call.method} ${String(call.outcome)}`)).toEqual([
      'PATCH 400',
      'POST 204',
    ]);
    expect(entraSite.graph.groups.get(firstCourse?.groupId.toLowerCase() ?? '')?.members).toContain(
      person?.oid,
    );
  });
});

test("a person with the API's 'Coordenacao' app role reaches /equipe", async ({
  page,
  entraSite,
}) => {
  test.slow();
  // Assigned to the person on the API's registration: Entra puts it in the API token's `roles`.
  onNextSignUp(entraSite, (person) => {
    person.roles = ['Coordenacao'];
  });
  await signUpAtTenant(page, 'coordenadora.entra@example.org', 'Coordenadora Entra');
  await mainNav(page).getByRole('link', { name: 'Equipe' }).click();
  await expect(page).toHaveURL('/equipe');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipe' })).toBeVisible();
  await expect(page.getByText('Sua função: Coordenação')).toBeVisible();
});
