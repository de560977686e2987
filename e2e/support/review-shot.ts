/**
 * Screenshots for a person to look at when a screen changes: saved only when SHOTS_DIR is set
 * (never in CI), full page, or one part of it; at the page's own width, or at each width given
 * (the page's size is put back afterwards), each file then named `<name>-<width>.png`.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export async function reviewShot(
  page: Page,
  name: string,
  { part, widths }: { part?: string; widths?: readonly number[] } = {},
): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const take = (path: string) =>
    part
      ? page.locator(part).first().screenshot({ path })
      : page.screenshot({ path, fullPage: true });
  if (!widths) {
    await take(join(dir, `${name}.png`));
    return;
  }
  const size = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: size?.height ?? 844 });
    await take(join(dir, `${name}-${width}.png`));
  }
  if (size) await page.setViewportSize(size);
}
