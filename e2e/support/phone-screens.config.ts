/**
 * The phone-screens review tool (phone-screens.shot.ts): the suite's browser set-up, one phone
 * project, no shared server (the tool starts its own, with mail and a coordinator).
 */
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

export default defineConfig({
  testDir: '.',
  testMatch: /phone-screens\.shot\.ts$/,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'pt-BR',
    // Headless Chromium draws its own controls' words in English whatever the locale (a date
    // field's 'mm/dd/yyyy', 'Choose File'): a phone set to pt-BR shows them in Portuguese.
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  },
});
