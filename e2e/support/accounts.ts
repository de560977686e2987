/**
 * Accounts at the built-in provider for the signed-in flows (as in sign-in.spec.ts): a new account
 * made from a course page's 'Quero me inscrever', which comes back to that page signed in.
 */
import type { Browser, Page } from '@playwright/test';
import { expect } from './test';

export const PASSWORD = 'uma-senha-segura-1';
export const NAME = 'Maria da Silva';

/** An e-mail address no other test uses. */
export function uniqueEmail(): string {
  return `pessoa-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

export interface SignUpOptions {
  /** The account's e-mail (default: a unique one). */
  email?: string;
  /** The account's name (default: NAME). */
  name?: string;
  /** Reads the code of the message sent to the address (a server requiring verification). */
  codeFor?: (email: string) => Promise<string>;
}

/**
 * 'Quero me inscrever' on a course page, the provider's 'Criar conta' form, back signed in. With
 * `codeFor` (a server that requires e-mail verification), the 'Confirme seu e-mail' page in between,
 * with the code `codeFor` reads from the message sent to the address. Resolves to the e-mail once
 * the page has loaded the person's details (the background chain after sign-in has ended).
 */
export async function signUpFrom(
  page: Page,
  coursePath: string,
  { email = uniqueEmail(), name = NAME, codeFor }: SignUpOptions = {},
) {
  await page.goto(coursePath);
  // With two classes open, each offers its own 'Quero me inscrever' once the list arrives: any
  // of them leads to 'Criar conta'.
  await page.getByRole('button', { name: 'Quero me inscrever' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByLabel('Celular').fill('(11) 91234-5678');
  await page.getByLabel('Data de nascimento').fill('25/12/1990');
  await page.getByRole('checkbox', { name: /aviso de privacidade/ }).check();
  // Back on the course page, the page redeems the provider's refresh token for the API's token:
  // a test leaving the page before that ends loses the rotated refresh token, and the next page's
  // refresh ends the session (invalid_grant; decision 072). So this waits for the chain's end.
  const details = userDetailsLoaded(page);
  details.catch(() => undefined); // Awaited below; a failure before then is the test's.
  await page.getByRole('button', { name: 'Criar conta' }).click();
  if (codeFor) {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirme seu e-mail' }),
    ).toBeVisible();
    await page.getByLabel('Código').fill(await codeFor(email));
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
  }
  await expect(page).toHaveURL(coursePath, { timeout: 15_000 });
  await expect(mainNav(page).getByRole('button', { name: 'Sair' })).toBeVisible();
  await details;
  return email;
}

/**
 * Resolves once the page has loaded the signed-in person's details (POST /api/user/details
 * answered): the end of the chain of calls (provider token, Graph /me, get-token, details) that a
 * page runs in the background after 'Sair' appears. Call before the action that starts the chain.
 */
export function userDetailsLoaded(page: Page): Promise<unknown> {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/user/details' &&
      response.request().method() === 'POST' &&
      response.ok(),
  );
}

/**
 * Counts the page's requests in flight; `settled()` resolves once none is. A test that stops the
 * server waits for it first: a request of a background chain that reaches a server while it shuts
 * down is answered 503 (Fastify's answer while closing), which no person's click caused.
 */
export function trackRequests(page: Page): { settled(): Promise<void> } {
  const inFlight = new Set<unknown>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    settled: () => expect.poll(() => inFlight.size, { message: 'requests in flight' }).toBe(0),
  };
}

/** Paths of the API calls the page makes, as they happen. */
export function recordApiCalls(page: Page): { path: string; body: unknown }[] {
  const calls: { path: string; body: unknown }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/') || request.method() !== 'POST') return;
    calls.push({ path: url.pathname, body: request.postDataJSON() as unknown });
  });
  return calls;
}

/** A page in a browser context of its own, on a phone: another person, at `origin`. */
export async function otherPersonPage(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'pt-BR',
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}
