import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Frames load (only the blank stand-ins the tests give them): happy-dom logs an error otherwise.
    // Stylesheet links (the toasts') are not fetched, and count as loaded.
    environmentOptions: {
      happyDOM: {
        settings: { enableIframePageLoading: true, handleDisabledFileLoadingAsSuccess: true },
      },
    },
    // The build scripts' tests run in Node (`// @vitest-environment node` in each file).
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./app/test/setup.ts'],
    // As for the server's tests: a limit only catches a hang. A screen's findBy may wait 5 s on a
    // busy machine (app/test/setup.ts), and a test awaits several.
    testTimeout: 30_000,
  },
});
