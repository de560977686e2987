/**
 * The e2e `test`: every page fails its test on a console error or an uncaught exception, and requests
 * that would leave this machine (the embedded map) are answered locally, since the network is closed.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

interface Fixtures {
  /** Console messages that a test expects, e.g. the browser's note about a 404 document. */
  allowConsoleErrors: RegExp[];
}

const isLocal = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost';

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await page.route(
      (url) => !isLocal(url),
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><html lang="pt-BR"><title>Mapa</title><p>Mapa</p></html>',
        }),
    );
    await use(page);
    expect(errors, 'console errors on the page').toEqual([]);
  },
});

export { expect };

/** Runs axe (all rules but experimental ones) and returns a readable list of violations. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** True when the page is wider than the viewport (horizontal scroll). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}
