/** The profile page: the real website, server, provider and database. */
import { getProgramme } from '@centro/content';
import type { Page } from '@playwright/test';
import { mainNav, recordApiCalls, signUpFrom } from './support/accounts';
import { expect, test } from './support/sign-in-server';

const [firstCourse] = getProgramme('escola-de-mediuns').courses;
const coursePath = `/escola-de-mediuns/${firstCourse?.slug}`;

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function openProfile(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveURL('/perfil');
  await loadData(page);
}

async function loadData(page: Page) {
  await page.getByRole('button', { name: 'Carregar Dados' }).click();
  await expect(page.getByRole('heading', { name: 'Atualização de Cadastro' })).toBeVisible();
}

test('changing only the phone sends one update, and a reload shows the new value', async ({
  page,
}) => {
  await signUpFrom(page, coursePath);
  await openProfile(page);
  await expect(field(page, 'Nome')).toHaveValue('Maria da Silva');
  const calls = recordApiCalls(page);

  await field(page, 'Celular').fill('(21) 99876-5432');
  await field(page, 'Celular').blur();
  await expect(field(page, 'Celular')).toHaveValue('+55 21 99876-5432');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('Dados atualizados com sucesso!')).toBeVisible();
  expect(calls.filter((c) => c.path.startsWith('/api/user/update'))).toEqual([
    {
      path: '/api/user/update',
      body: expect.objectContaining({ param: 'mobilePhone', value: '+55 21 99876-5432' }),
    },
  ]);

  await page.reload();
  await loadData(page);
  await expect(field(page, 'Celular')).toHaveValue('+55 21 99876-5432');
});

test("a bad phone gets section 5's hint; a bad e-mail the browser's message", async ({ page }) => {
  await signUpFrom(page, coursePath);
  await openProfile(page);
  const calls = recordApiCalls(page);

  await field(page, 'Celular').fill('123');
  await field(page, 'Celular').blur();
  await expect(page.getByText('Digite o celular no formato (XX) XXXXX-XXXX')).toBeVisible();

  await field(page, 'Celular').fill('(11) 91234-5678');
  await field(page, 'E-mail').fill('isto-nao-e-um-email');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.locator('input[type="email"]:invalid')).toHaveCount(1);
  const message = await field(page, 'E-mail').evaluate(
    (input) => (input as HTMLInputElement).validationMessage,
  );
  expect(message).not.toBe('');
  expect(message).not.toBe('Preencha este campo com seu e-mail');

  await field(page, 'Nome').fill('');
  expect(
    await field(page, 'Nome').evaluate((input) => {
      (input as HTMLInputElement).checkValidity();
      return (input as HTMLInputElement).validationMessage;
    }),
  ).toBe('Preencha este campo com seu nome');
  expect(calls.filter((c) => c.path.startsWith('/api/user/update'))).toEqual([]);
});
