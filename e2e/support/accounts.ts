/**
 * Accounts at the built-in provider for the signed-in flows (as in sign-in.spec.ts): a new account
 * made from a course page's 'Quero me inscrever', which comes back to that page signed in.
 */
import type { Page } from '@playwright/test';
import { expect } from './test';

export const PASSWORD = 'uma-senha-segura-1';
export const NAME = 'Maria da Silva';

/** An e-mail address no other test uses. */
export function uniqueEmail(): string {
  return `pessoa-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

/** 'Quero me inscrever' on a course page, the provider's 'Criar conta' form, back signed in. */
export async function signUpFrom(page: Page, coursePath: string, email = uniqueEmail()) {
  await page.goto(coursePath);
  await page.getByRole('button', { name: 'Quero me inscrever' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  await page.getByLabel('Nome').fill(NAME);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByLabel('Celular').fill('(11) 91234-5678');
  await page.getByLabel('Data de nascimento').fill('25/12/1990');
  await page.getByRole('checkbox', { name: /aviso de privacidade/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(coursePath);
  await expect(mainNav(page).getByRole('button', { name: 'Sair' })).toBeVisible();
  return email;
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
