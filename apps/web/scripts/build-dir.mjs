// @ts-check
/**
 * Where the web build goes: `apps/web/build` by default, or `WEB_BUILD_DIR` (absolute, or relative
 * to apps/web), so that a second build with other settings (the end-to-end test of Microsoft Entra
 * sign-in) leaves the default one alone. React Router's `buildDirectory`, the module report and the
 * post-build steps all read it here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The build directory (React Router writes `client/` and `server/` into it). */
export function buildDir() {
  const webDir = fileURLToPath(new URL('..', import.meta.url));
  return path.resolve(webDir, process.env.WEB_BUILD_DIR || 'build');
}

/** The client build: the server's WEB_ROOT. */
export function clientBuildDir() {
  return path.join(buildDir(), 'client');
}
