// @ts-check
/**
 * Debian's Chromium, as root, headless, on a closed network: the one binary path and flag list of the
 * end-to-end tests (playwright.config.ts) and the benchmarks (bench/web, bench/support). Plain
 * JavaScript so that the benchmarks, run by Node without a TypeScript step, can import it too.
 */

/** The browser binary (`CHROMIUM_PATH` to use another). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright itself turns off (its launcher's list, as of the version in
 * package-lock.json). Chromium keeps only the last `--disable-features`, so the list below must
 * repeat them: read playwright-core's `disabledFeatures` again when Playwright is upgraded.
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * The address bar's pop-ups, which Chromium 156 renders as web pages of their own (two renderers a
 * window, chrome://omnibox-popup.top-chrome) even headless: they cost as much CPU as the tested
 * page itself, and made the end-to-end suite three times slower (decision 106).
 */
export const browserUiFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

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
  `--disable-features=${[...playwrightDisabledFeatures, ...browserUiFeatures].join(',')}`,
];
