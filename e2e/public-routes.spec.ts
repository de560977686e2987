/** Every public route: 200, its own head tags, no horizontal scroll, and no axe violation. */
import { publicPaths } from '@centro/content';
import { accessibilityViolations, expect, hasHorizontalScroll, test } from './support/test';

const siteUrl = 'http://localhost:3000';
const canonical = (path: string) => (path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`);

for (const path of publicPaths()) {
  test(`${path} renders with its head tags and passes axe`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical(path));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      canonical(path),
    );
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}

test('every public page has a title of its own', async ({ request }) => {
  const titles = new Map<string, string>();
  for (const path of publicPaths()) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title, `title of ${path}`).not.toBe('');
    expect([...titles.values()], `title of ${path} is unique`).not.toContain(title);
    titles.set(path, title);
  }
});
