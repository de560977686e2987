#!/usr/bin/env node
/**
 * The JavaScript budget of the home page (issue 6): the brotli-compressed JavaScript an anonymous
 * visitor's first load of `/` carries must stay within 100 KB (100,000 B) and hold no MSAL code.
 * Reads the prerendered `apps/web/build/client/index.html` and the build's module report
 * (`apps/web/build/stats/client-modules.json`, written by the web build), prints the total and the
 * largest files and modules, and exits 1 when the budget is exceeded. What counts and how:
 * apps/web/scripts/js-budget.mjs.
 *
 * Usage: npm run check:js-budget   (after `npm run build -w @centro/web`)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  buildFileOf,
  evaluateBudget,
  firstLoadChunks,
  formatReport,
  hasStaticImports,
  MODULE_STATS_VERSION,
  passes,
  referencedScripts,
} from '../apps/web/scripts/js-budget.mjs';

const web = fileURLToPath(new URL('../apps/web/build/', import.meta.url));
const clientDir = path.join(web, 'client');
const statsFile = path.join(web, 'stats', 'client-modules.json');
const page = '/';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function fail(message) {
  console.error(`check-js-budget: ${message}`);
  process.exit(1);
}

async function readOrFail(file, what) {
  try {
    return await readFile(file);
  } catch {
    return fail(
      `cannot read ${path.relative(process.cwd(), file)} (${what}): build the web app first (npm run build -w @centro/web).`,
    );
  }
}

const html = (
  await readOrFail(path.join(clientDir, 'index.html'), 'the prerendered home page')
).toString('utf8');
const stats = JSON.parse(
  (await readOrFail(statsFile, "the build's module report")).toString('utf8'),
);
if (stats.version !== MODULE_STATS_VERSION)
  fail(`${statsFile}: unknown report version ${stats.version}.`);

const urls = referencedScripts(html);
const external = urls.filter((url) => buildFileOf(url) === undefined);
if (external.length > 0)
  fail(
    `${page} loads scripts from elsewhere, which this check cannot measure: ${external.join(', ')}`,
  );

const { files, outside } = firstLoadChunks(urls.map(buildFileOf), stats.chunks);

const measured = await Promise.all(
  files.map(async (file) => {
    const data = await readOrFail(path.join(clientDir, file), `a script of ${page}`);
    let modules = stats.chunks[file]?.modules;
    if (outside.includes(file)) {
      // Written after the bundler ran (React Router's route manifest): measured as one block.
      if (hasStaticImports(data.toString('utf8'))) {
        fail(
          `${file} is not in the module report and imports other files (stale report? rebuild the web app).`,
        );
      }
      modules = { [`${file} (written after bundling)`]: data.length };
    } else if (data.length !== stats.chunks[file].bytes) {
      fail(
        `${file} is ${data.length} B on disk but ${stats.chunks[file].bytes} B in the module report ` +
          '(stale report? rebuild the web app).',
      );
    }
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    return { file, raw: data.length, br: br.length, gz: gz.length, modules };
  }),
);

const result = evaluateBudget(measured);
const report = formatReport(result, { page });
if (passes(result)) {
  console.log(report);
} else {
  console.error(report);
  process.exit(1);
}
