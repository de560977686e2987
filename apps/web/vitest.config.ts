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
    environmentOptions: { happyDOM: { settings: { enableIframePageLoading: true } } },
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['./app/test/setup.ts'],
  },
});
