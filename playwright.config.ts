/**
 * End-to-end tests: Debian's Chromium (never Playwright's own download) against the built server,
 * started on a free port on 127.0.0.1 with a throw-away data directory.
 *
 * Every server of the run (this one and the sign-in servers of e2e/support/sign-in-server.ts) logs
 * at `info` into E2E_LOG_DIR; after the run, e2e/support/log-scan.ts fails it if any log line holds
 * a password, personal data, a token or a cookie. Their stderr stays on the console.
 */
import { defineConfig } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './e2e/support/free-port';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium.mjs';

// Evaluated once in the runner, then inherited by the workers through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'centro-e2e-'));
process.env.E2E_LOG_DIR ??= join(process.env.E2E_DATA_DIR, 'logs');
mkdirSync(process.env.E2E_LOG_DIR, { recursive: true });
const port = Number(process.env.E2E_PORT);
/** The suite's server writes its log here (the command runs in a shell). */
const serverLog = join(process.env.E2E_LOG_DIR, 'server.log');
const baseURL = `http://127.0.0.1:${port}`;
/**
 * The specs whose outcome depends on the viewport, and those whose acceptance asks for phone
 * and desktop (the whole term, the content editing; each of their runs has its own server): they
 * run on desktop too.
 */
const LAYOUT_SPECS =
  /\/(navigation|pages|public-routes|staff|content|layout-shift|term)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // A web-first assertion waits up to 10 s (Playwright's default is 5): on a loaded 2-core machine
  // a sign-in round trip through the provider and MSAL's start-up took longer than 5 s now and then.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './e2e/support/log-scan.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'pt-BR',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
  },
  // Every spec runs on the phone, the viewport most visitors use. The desktop viewport reruns only
  // the specs about layout and navigation: a sign-in, an enrolment or an e-mail behaves the same at
  // any width, and running those flows twice cost a third of the suite (decision 027).
  projects: [
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: LAYOUT_SPECS,
    },
  ],
  webServer: {
    command: `node apps/server/dist/main.js > ${JSON.stringify(serverLog)}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      // Every test's browser signs up from 127.0.0.1: the per-address limit is not what is tested.
      IDP_SIGN_UPS_PER_ADDRESS: '100000',
    },
  },
});
