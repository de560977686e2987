import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import {
  clientRolldownOptions,
  leanPreloadHelper,
  reactRouterProductionBuild,
} from './scripts/vite-lean-client.mjs';
import { moduleStats } from './scripts/vite-module-stats.mjs';

export default defineConfig({
  plugins: [
    reactRouterProductionBuild(),
    leanPreloadHelper(),
    reactRouter(),
    // Which source modules make up each chunk: the input of `npm run check:js-budget`.
    moduleStats({
      file: fileURLToPath(new URL('./build/stats/client-modules.json', import.meta.url)),
    }),
  ],
  // One stylesheet for the whole site (about 3 KB compressed), which scripts/optimize-pages.mjs puts
  // inline in every prerendered page (decision 010).
  build: { cssCodeSplit: false },
  environments: { client: { build: { rolldownOptions: clientRolldownOptions } } },
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
});
