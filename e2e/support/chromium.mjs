// @ts-check
/**
 * Debian's Chromium, as root, headless, on a closed network: the one binary path and flag list of the
 * end-to-end tests (playwright.config.ts) and the benchmarks (bench/web, bench/support). Plain
 * JavaScript so that the benchmarks, run by Node without a TypeScript step, can import it too.
 */

/** The browser binary (`CHROMIUM_PATH` to use another). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for running it as root, without a GPU, and without reaching the internet by itself. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
