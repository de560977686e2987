// @ts-check
/**
 * A Vite plugin of the web build: writes the client build's module report (see js-budget.mjs), the
 * input of `npm run check:js-budget`. For every JavaScript chunk: its size, the chunks it imports
 * statically and dynamically, and how many of its minified bytes each source module accounts for,
 * read from the chunk's source map. The client build makes source maps for this only ('hidden') and
 * the plugin drops them before they are written: the site ships none.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { searchForWorkspaceRoot } from 'vite';
import { MODULE_STATS_VERSION } from './js-budget.mjs';
import { attributeBytes, UNMAPPED } from './source-map-bytes.mjs';

/**
 * A module id as the report shows it: `node_modules/<package>/…` for a dependency, a path relative
 * to the workspace for the rest, without loader queries and the NUL of virtual modules.
 * @param {string} id
 * @param {string} workspace
 */
export function displayModuleId(id, workspace) {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const dependency = clean.lastIndexOf('node_modules/');
  if (dependency !== -1) return clean.slice(dependency);
  if (!path.isAbsolute(clean)) return clean;
  const relative = path.relative(workspace, clean);
  return relative.startsWith('..') ? clean : relative.split(path.sep).join('/');
}

/**
 * @param {{ file: string }} options `file`: where to write the report (JSON).
 * @returns {import('vite').Plugin}
 */
export function moduleStats({ file }) {
  /** Source maps the project asked for itself are kept. */
  let keepMaps = false;
  return {
    name: 'centro:module-stats',
    apply: 'build',
    configEnvironment(name, config) {
      if (name !== 'client') return;
      if (config.build?.sourcemap) {
        keepMaps = true;
        return;
      }
      return { build: { sourcemap: 'hidden' } };
    },
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      // After the other plugins (Vite's preload rewriting included) have changed the chunks' code.
      order: 'post',
      handler(_options, bundle) {
        const { root, build } = this.environment.config;
        const outDir = path.resolve(root, build.outDir);
        const workspace = searchForWorkspaceRoot(root);
        /** @type {Record<string, import('./js-budget.mjs').ChunkStats>} */
        const chunks = {};
        let attribution = 'sourcemap';
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          /** @type {Record<string, number>} */
          const modules = {};
          const add = (/** @type {string} */ id, /** @type {number} */ bytes) => {
            modules[id] = (modules[id] ?? 0) + bytes;
          };
          if (output.map) {
            const chunkDir = path.dirname(path.join(outDir, output.fileName));
            const bySource = attributeBytes(output.code, output.map);
            for (const [source, bytes] of Object.entries(bySource)) {
              add(
                source === UNMAPPED
                  ? UNMAPPED
                  : displayModuleId(
                      source.startsWith('\0') ? source : path.resolve(chunkDir, source),
                      workspace,
                    ),
                bytes,
              );
            }
          } else {
            attribution = 'rendered';
            for (const [id, info] of Object.entries(output.modules)) {
              if (info.renderedLength > 0) add(displayModuleId(id, workspace), info.renderedLength);
            }
          }
          chunks[output.fileName] = {
            bytes: Buffer.byteLength(output.code),
            imports: [...output.imports],
            dynamicImports: [...output.dynamicImports],
            modules: Object.fromEntries(Object.entries(modules).sort(([, a], [, b]) => b - a)),
          };
        }
        if (!keepMaps) {
          for (const name of Object.keys(bundle)) {
            if (name.endsWith('.js.map')) Reflect.deleteProperty(bundle, name);
          }
        }
        mkdirSync(path.dirname(file), { recursive: true });
        const report = { version: MODULE_STATS_VERSION, attribution, chunks };
        writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
      },
    },
  };
}
