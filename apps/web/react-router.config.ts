import type { Config } from '@react-router/dev/config';
import { publicPaths } from '@centro/content';
import { buildDir } from './scripts/build-dir.mjs';

/** Path of the prerendered 'Página Não Encontrada' page, served by the server for every unknown path. */
const NOT_FOUND_PATH = '/404';

export default {
  appDirectory: 'app',
  buildDirectory: buildDir(),
  // No server rendering at request time: every public page is prerendered to static HTML at build time,
  // and the pages that exist only for a signed-in person get the client-rendered __spa-fallback.html.
  ssr: false,
  prerender: [...publicPaths(), NOT_FOUND_PATH],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    // Data of "/contato/" is fetched from /contato.data like that of "/contato" (and "/" from
    // /_root.data): one data file per page, whichever form of the address the visitor used.
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
