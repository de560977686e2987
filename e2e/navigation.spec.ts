/** What every page shares: navigation, footer, skip link, keyboard use, the signed-out state. */
import { centre, formatPhoneForDisplay, getProgramme, whatsappLink } from '@centro/content';
import { expect, test } from './support/test';

const firstGlobalKardecCourse = `/global-kardec/${getProgramme('global-kardec').courses[0]?.slug}`;

test('the navigation bar leads to every section, signed out', async ({ page }) => {
  await page.goto('/contato');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Global Kardec' })).toHaveAttribute(
    'href',
    firstGlobalKardecCourse,
  );
  await expect(nav.getByRole('link', { name: 'Contato' })).toHaveAttribute('href', '/contato');
  await expect(nav.getByRole('link', { name: 'Contato' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Perfil' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Global Kardec' }).click();
  await expect(page).toHaveURL(firstGlobalKardecCourse);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('navigation').first().getByRole('link', { name: 'Início' }).click();
  await expect(page).toHaveURL('/');
});

test('the footer shows the WhatsApp number, the e-mail and the portal name with 2025', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const phone = footer.getByRole('link', { name: formatPhoneForDisplay(centre.whatsapp) });
  await expect(phone).toHaveAttribute('href', whatsappLink(centre.whatsapp));
  await expect(footer.getByRole('link', { name: centre.email })).toHaveAttribute(
    'href',
    `mailto:${centre.email}`,
  );
  await expect(footer).toContainText(centre.portalName);
  await expect(footer).toContainText('2025');
});

test('the skip link is the first stop of the keyboard and moves to the content', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'keyboard navigation is checked on the desktop viewport');
  await page.goto('/saiba-mais');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#conteudo$/);
});

test('links and buttons show a visible focus ring', async ({ page, isMobile }) => {
  test.skip(isMobile, 'keyboard navigation is checked on the desktop viewport');
  await page.goto('/');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'none';
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(outline).not.toMatch(/^none|0px$/);
});

test('the pages signed-in people use show the not-found page when signed out', async ({ page }) => {
  for (const path of [
    '/perfil',
    '/global-kardec/matricula-finalizada',
    '/escola-de-mediuns/matricula-finalizada',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Página Não Encontrada' })).toBeVisible();
  }
});

test.describe('not found', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('an unknown path shows the not-found page, whose button leads home', async ({ page }) => {
    const response = await page.goto('/nao-existe/de-jeito-nenhum');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página Não Encontrada' })).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: /início/i })
      .click();
    await expect(page).toHaveURL('/');
  });
});

test('on a phone, a menu row wider than the screen scrolls within it and fades where more hides', async ({
  page,
}) => {
  test.skip((page.viewportSize()?.width ?? 0) >= 768, 'the row scrolls on phones only');
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/');
  const fades = () =>
    page.evaluate(() => {
      const nav = document.querySelector('.main-nav') as Element;
      return [getComputedStyle(nav, '::before').opacity, getComputedStyle(nav, '::after').opacity];
    });
  // Signed out the row fits: no fade.
  await expect.poll(fades).toEqual(['0', '0']);
  // A phone's larger text (as its accessibility settings give): the row no longer fits.
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '22px';
  });
  const row = page.locator('.main-nav__list');
  await expect.poll(() => row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
  await expect.poll(fades).toEqual(['0', '1']);
  await row.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
  await expect.poll(fades).toEqual(['1', '0']);
});
