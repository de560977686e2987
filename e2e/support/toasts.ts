import { expect, type Page } from '@playwright/test';

/**
 * Closes every open toast with its own close button, as a person would, and waits until none is
 * left. On a phone the toasts lie over the header, and a click aimed at the header hovers the toast
 * first, which pauses it (pauseOnHover): without this, such a click waits for a toast that never
 * leaves. Closing also spares axe a toast's fading, half-transparent text.
 */
export async function closeToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Fechar notificação' }).all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}
