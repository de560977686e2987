import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { WEB_IDENTITY_FILE, type WebIdentity } from '@centro/contracts/identity';
import { authSettingsFrom } from './app/config/auth-settings.server.ts';
import { parseEnv } from './app/config/env.ts';
import {
  clientRolldownOptions,
  leanPreloadHelper,
  reactRouterProductionBuild,
} from './scripts/vite-lean-client.mjs';
import { moduleStats } from './scripts/vite-module-stats.mjs';
import { buildDir } from './scripts/build-dir.mjs';
import { keepServerBuild } from './scripts/page-renderer.mjs';

/**
 * Writes the build's identity settings (validated as the pages get them) to `.identity.json` in the
 * client build, which the server reads at start-up to refuse a configuration that disagrees.
 */
function webIdentityFile(): Plugin {
  let identity: WebIdentity | undefined;
  return {
    name: 'centro:web-identity',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      const settings = authSettingsFrom(
        parseEnv(
          loadEnv(
            config.mode,
            typeof config.envDir === 'string' ? config.envDir : config.root,
            'VITE_',
          ),
        ),
      );
      identity = {
        protocolMode: settings.protocolMode,
        authority: settings.authority,
        graphUrl: settings.graphUrl,
      };
    },
    writeBundle(options) {
      if (!identity || !options.dir) return;
      writeFileSync(path.join(options.dir, WEB_IDENTITY_FILE), `${JSON.stringify(identity)}\n`);
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouterProductionBuild(),
    leanPreloadHelper(),
    reactRouter(),
    webIdentityFile(),
    // The server renders edited pages again with the build's own code (decision 054).
    keepServerBuild(buildDir()),
    // Which source modules make up each chunk: the input of `npm run check:js-budget`.
    moduleStats({
      file: path.join(buildDir(), 'stats/client-modules.json'),
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
