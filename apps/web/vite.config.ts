import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // One stylesheet for the whole site (about 3 KB compressed): one render-blocking request instead
  // of one per route module, which costs a round trip each on mobile networks.
  build: { cssCodeSplit: false },
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
});
