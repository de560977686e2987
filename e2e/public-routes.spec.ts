/** Every public route: 200, its own head tags, no horizontal scroll, and no axe violation. */
import { allCourses, coursePath, getProgramme, programmeSlugs, publicPaths } from '@centro/content';
import { accessibilityViolations, expect, hasHorizontalScroll, test } from './support/test';

const siteUrl = 'http://localhost:3000';
const canonical = (path: string) => (path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`);

/**
 * The twenty course pages share one template: the phone checks every one with axe, the desktop
 * viewport (which differs only in layout) the first course of each programme.
 */
const coursePaths = new Set(allCourses().map(coursePath));
const firstCoursePaths = new Set(
  programmeSlugs.flatMap((programme) =>
    getProgramme(programme).courses.slice(0, 1).map(coursePath),
  ),
);
const desktopAxePaths = new Set(
  publicPaths().filter((path) => !coursePaths.has(path) || firstCoursePaths.has(path)),
);

for (const path of publicPaths()) {
  test(`${path} renders with its head tags and passes axe`, async ({ page, isMobile }) => {
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
    if (isMobile || desktopAxePaths.has(path)) {
      expect(await accessibilityViolations(page)).toEqual([]);
    }
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
