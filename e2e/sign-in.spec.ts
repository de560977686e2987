/**
 * Sign-up, sign-in and sign-out with the built-in OpenID provider: the real
 * website, server, provider and database, in Chromium. See support/sign-in-server.ts for why these
 * flows get a server of their own.
 */
import { getProgramme } from '@centro/content';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/sign-in-server';
import { accessibilityViolations } from './support/test';

const [firstCourse] = getProgramme('global-kardec').courses;
const coursePath = `/global-kardec/${firstCourse?.slug}`;
const PASSWORD = 'uma-senha-segura-1';

/** An e-mail address no other test uses. */
function uniqueEmail(): string {
  return `pessoa-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

async function expectSignedIn(page: Page) {
  await expect(mainNav(page).getByRole('button', { name: 'Sair' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Perfil' })).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: 'Acessar' })).toHaveCount(0);
}

async function expectSignedOut(page: Page) {
  await expect(mainNav(page).getByRole('button', { name: 'Acessar' })).toBeEnabled();
  await expect(mainNav(page).getByRole('link', { name: 'Perfil' })).toHaveCount(0);
  await expect(mainNav(page).getByRole('button', { name: 'Sair' })).toHaveCount(0);
}

/** The backend token the site keeps in localStorage under the portal's host. */
const storedToken = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem(window.location.host));

/** 'Quero me inscrever' on a course page, then the provider's 'Criar conta' form. */
async function signUp(page: Page, email: string) {
  await page.goto(coursePath);
  await page.getByRole('button', { name: 'Quero me inscrever' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByLabel('Nome').fill('Maria da Silva');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByLabel('Celular').fill('(11) 91234-5678');
  await page.getByLabel('Data de nascimento').fill('25/12/1990');
  await page.getByRole('checkbox', { name: /aviso de privacidade/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

/** 'Acessar', then the provider's sign-in form. */
async function signIn(page: Page, email: string, password: string) {
  await mainNav(page).getByRole('button', { name: 'Acessar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('signing up from a course page comes back to it signed in, and a reload keeps the session', async ({
  page,
}) => {
  await signUp(page, uniqueEmail());

  await expect(page).toHaveURL(coursePath);
  await expectSignedIn(page);
  await expect(page.getByRole('button', { name: 'Finalizar inscrição' })).toBeVisible();
  await expect.poll(() => storedToken(page)).not.toBeNull();

  await page.reload();
  await expectSignedIn(page);
  await expect(page.getByRole('button', { name: 'Finalizar inscrição' })).toBeVisible();

  // The signed-in screens exist; the cards invite to enrol.
  await page.goto('/global-kardec');
  await expectSignedIn(page);
  await expect(page.getByRole('link', { name: /Fazer Matrícula/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Mais Informações/ })).toHaveCount(0);
  await mainNav(page).getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveURL('/perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
});

test("signing up works at the server's other loopback name too", async ({ page, signInServer }) => {
  // The server's SITE_URL is http://127.0.0.1:<port>; a newcomer may open localhost instead.
  const twin = signInServer.origin.replace('127.0.0.1', 'localhost');
  await page.goto(`${twin}${coursePath}`);
  await page.getByRole('button', { name: 'Quero me inscrever' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(twin);
  await page.getByLabel('Nome').fill('Maria da Silva');
  await page.getByLabel('E-mail').fill(uniqueEmail());
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByLabel('Celular').fill('(11) 91234-5678');
  await page.getByLabel('Data de nascimento').fill('25/12/1990');
  await page.getByRole('checkbox', { name: /aviso de privacidade/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(`${twin}${coursePath}`);
  await expectSignedIn(page);
  await expect.poll(() => storedToken(page)).not.toBeNull();
});

test.describe('with an account', () => {
  // The provider answers a refused password with HTTP 400, which Chromium reports on the console.
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("'Sair' signs out to '/' forgetting the token; 'Acessar' signs the same account in again", async ({
    page,
  }) => {
    // Sign-up, sign-out, a refused and an accepted sign-in: four provider round trips, which
    // passed 30 s once in a loaded clean-clone run.
    test.slow();
    const email = uniqueEmail();
    await signUp(page, email);
    await expectSignedIn(page);
    await expect.poll(() => storedToken(page)).not.toBeNull();

    await mainNav(page).getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL('/');
    await expectSignedOut(page);
    expect(await storedToken(page)).toBeNull();
    // Signed out for good: the signed-in pages are gone again.
    await page.goto('/perfil');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Página Não Encontrada' }),
    ).toBeVisible();

    await page.goto('/contato');
    await signIn(page, email, 'not-the-password');
    await expect(page.getByText('E-mail ou senha incorretos.').first()).toBeVisible();
    await expectSignedOutOfTheSite(page);

    await page.getByLabel('Senha').fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL('/contato');
    await expectSignedIn(page);
    await expect.poll(() => storedToken(page)).not.toBeNull();
  });
});

/** Still on the provider's page: nobody was signed in. */
async function expectSignedOutOfTheSite(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await expect(page).toHaveURL(/\/idp\//);
}

test("a double click on 'Acessar' starts one sign-in and breaks nothing", async ({ page }) => {
  const authorizations: string[] = [];
  const anonymousTokens: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/idp/auth') authorizations.push(request.url());
    if (url.pathname === '/api/auth/get-token') anonymousTokens.push(request.url());
  });
  await page.goto('/horarios');
  await expectSignedOut(page);
  await mainNav(page).getByRole('button', { name: 'Acessar' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  expect(authorizations).toHaveLength(1);
  expect(anonymousTokens).toHaveLength(1);
  // 'Acessar' stored the anonymous token before leaving.
  expect(await storedToken(page)).not.toBeNull();

  // Back without signing in: the button works again.
  await page.goBack();
  await expect(page).toHaveURL('/horarios');
  await mainNav(page).getByRole('button', { name: 'Acessar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
});

test("'Quero me inscrever' pressed before the page's scripts ran still leads to 'Criar conta'", async ({
  page,
}) => {
  // The page's scripts held back, as on a slow connection: the press lands on the prerendered HTML.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for 'load': the scripts are what it would wait for.
  await page.goto(coursePath, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Quero me inscrever' }).click();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
});

test("an anonymous visitor's pages load no MSAL until 'Acessar' is pressed", async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const msal = () => requests.filter((path) => /msal|\/idp\//.test(path));

  await page.goto('/');
  await expectSignedOut(page);
  await page.waitForLoadState('networkidle');
  await page.goto(coursePath);
  await expect(page.getByRole('button', { name: 'Quero me inscrever' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(requests.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(msal()).toEqual([]);

  await mainNav(page).getByRole('button', { name: 'Acessar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  expect(msal().some((path) => /^\/assets\/msal-session-[\w-]+\.js$/.test(path))).toBe(true);
});

test.describe('the sign-up form', () => {
  // The provider answers a refused form with HTTP 400, which Chromium reports on the console.
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('says what is wrong with each field, keeps the values, and stays accessible', async ({
    page,
  }) => {
    await page.goto(coursePath);
    await page.getByRole('button', { name: 'Quero me inscrever' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
    await page.getByLabel('Nome').fill('Maria da Silva');
    await page.getByLabel('E-mail').fill('maria@example.org');
    // The server's rule is said before typing, and the length is checked as one types.
    const password = page.getByLabel('Senha');
    await expect(password).toHaveAccessibleDescription(/^Pelo menos 8 caracteres e difícil de/);
    await password.pressSequentially('curta');
    await expect(page.getByText('Faltam 3 caracteres.')).toBeVisible();
    await password.pressSequentially('s demais');
    await expect(page.getByText('Tamanho suficiente.')).toBeVisible();
    await password.fill('curta');
    await page.getByLabel('Celular').fill('123');
    await page.getByLabel('Data de nascimento').fill('31/02/1990');
    await page.getByRole('button', { name: 'Criar conta' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
    await expect(page.getByLabel('Nome')).toHaveValue('Maria da Silva');
    await expect(page.getByLabel('Senha')).toHaveValue('');
    for (const field of ['Senha', 'Celular', 'Data de nascimento']) {
      await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
