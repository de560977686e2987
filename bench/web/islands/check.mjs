// @ts-check
/**
 * That the islands experiment's pages work (issue 33 point 3, decision 071), before measuring
 * them: in Chromium, on the islands site (./servers.mjs) in front of a product server that takes it
 * as its SITE_URL, a visitor signs up from a course page's 'Quero me inscrever', comes back signed
 * in ('Sair' and 'Perfil' in the navigation, 'Finalizar inscrição' in the enrolment box), enrols,
 * finds the navigation signed in on the other pages, moves the carousel and signs out. Exits
 * non-zero at the first step that fails. Usage (after `npm run build`):
 * node bench/web/islands/check.mjs
 */
/* global document, addEventListener -- in the page */
import { chromium } from '@playwright/test';
import { freePort, startServer } from '@centro/server/testing';
import { chromiumArgs, chromiumPath } from '../../../e2e/support/chromium.mjs';
import { startSites } from './servers.mjs';

const COURSE = '/global-kardec/conheca-o-espiritismo';
const routes = ['/', '/horarios', COURSE, '/saiba-mais'];
const islandsPort = await freePort();
const server = await startServer({
  SITE_URL: `http://127.0.0.1:${islandsPort}`,
  IDP_SIGN_UPS_PER_ADDRESS: '1000',
});
const { sites, close } = await startSites(server.url, routes, { islandsPort });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage();
/** @type {string[]} */
const errors = [];
page.on('pageerror', (error) => errors.push(error.message));
await page.addInitScript(() =>
  addEventListener('centro:hydrated', () => document.documentElement.setAttribute('data-h', '')),
);
const nav = () => page.getByRole('navigation', { name: 'Principal' });
const step = (/** @type {string} */ text) => console.log(`ok: ${text}`);
/** Opens an islands page and waits until its islands are hydrated. */
const open = async (/** @type {string} */ route) => {
  await page.goto(`${sites.islands.url}${route}`);
  await page.locator('html[data-h]').waitFor({ state: 'attached', timeout: 15_000 });
};

try {
  await open(COURSE);
  await page.getByText(/Restam \d+ vagas/).waitFor({ timeout: 15_000 });
  step('the enrolment box shows the places left');
  await page.getByRole('button', { name: 'Quero me inscrever' }).click();
  await page.getByRole('heading', { level: 1, name: 'Criar conta' }).waitFor();
  await page.getByLabel('Nome').fill('Maria da Silva');
  await page.getByLabel('E-mail').fill(`ilhas-${Date.now()}@example.org`);
  await page.getByLabel('Senha').fill('uma-senha-segura-1');
  await page.getByLabel('Celular').fill('(11) 91234-5678');
  await page.getByLabel('Data de nascimento').fill('25/12/1990');
  await page.getByRole('checkbox', { name: /aviso de privacidade/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await nav().getByRole('button', { name: 'Sair' }).waitFor({ timeout: 20_000 });
  await nav().getByRole('link', { name: 'Perfil' }).waitFor();
  if (!page.url().endsWith(COURSE)) throw new Error(`back at ${page.url()}`);
  step("'Quero me inscrever' → 'Criar conta' → back on the course page signed in");
  const finish = page.getByRole('button', { name: 'Finalizar inscrição' });
  await finish.click({ timeout: 20_000 });
  await page.waitForURL(/matricula-finalizada/, { timeout: 20_000 });
  step("'Finalizar inscrição' enrols (on to the confirmation page)");
  for (const route of ['/', '/horarios', '/saiba-mais']) {
    await open(route);
    await nav().getByRole('button', { name: 'Sair' }).waitFor({ timeout: 20_000 });
  }
  step('the navigation is signed in on /, /horarios and /saiba-mais');
  const current = page.locator('.carousel [aria-current="true"]');
  const before = await current.getAttribute('aria-label');
  await page.locator('.carousel button').last().click();
  await page.waitForFunction(
    (label) =>
      document.querySelector('.carousel [aria-current="true"]')?.getAttribute('aria-label') !==
      label,
    before,
  );
  step(`the carousel moves (${before} → ${await current.getAttribute('aria-label')})`);
  await nav().getByRole('button', { name: 'Sair' }).click();
  await nav().getByRole('button', { name: 'Acessar' }).waitFor({ timeout: 20_000 });
  step("'Sair' signs out");
  if (errors.length > 0) throw new Error(`errors on the pages: ${errors.join('; ')}`);
} finally {
  await browser.close();
  await close();
  await server.stop();
}
