// Requests per second for prerendered pages: the product's server (apps/server, production build,
// pages from memory with their CSP and security headers) against nginx serving the same
// pre-compressed files of the web build with the same headers, in the same run (the measured pages
// as the product answers them: served-root.mjs). The load comes
// from autocannon in a child process (bench/static/load.mjs); the two servers alternate within
// each round, so that the machine's drift and the other tenants' load fall on both. Checks first
// that both answer 200 with the right bytes. Writes the figures to docs/benchmarks.md.
// A benchmark, not a test: it reports, it does not fail on a missed target.
//
//   node bench/static/static-vs-nginx.mjs [path ...]   (default: / and one course page)
//   BENCH_ROUNDS=3 BENCH_SECONDS=10 BENCH_CONNECTIONS=100 (the defaults)
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ensureNginx, nginxVersion, startNginx } from '../support/nginx.mjs';
import { machineDescription, writeSection } from '../support/report.mjs';
import { startServer } from '@centro/server/testing';
import { nginxHttp } from './nginx-site.mjs';
import { servedRoot } from './served-root.mjs';
import { caseName, check, get, OWN_HEADERS } from './page-check.mjs';
import { cpuSeconds } from './process-cpu.mjs';
import { startLoader } from './start-loader.mjs';

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARM_UP_SECONDS = 2;
const WEB_ROOT = 'apps/web/build/client';
/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const only = process.argv.slice(2);
const paths = only.length > 0 ? only : ['/', '/global-kardec/passe'];
const cases = [
  ...paths.map((path) => ({ path, acceptEncoding: BROWSER_ACCEPT_ENCODING, coding: 'br' })),
  { path: paths[0], acceptEncoding: undefined, coding: 'identity' },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const round = (value) => Math.round(value).toString();
const ms = (value) => (value < 10 ? value.toFixed(1) : Math.round(value).toString());

const loadAverageNow = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const loadAverage = loadAverageNow();
const nginxBinary = ensureNginx();
const require = createRequire(import.meta.url);
const autocannonVersion = require('autocannon/package.json').version;

const product = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
let nginx;
let served;
const loader = startLoader();
const runs = new Map(cases.map((c) => [c, { product: [], nginx: [] }]));
let checked;
try {
  // The headers the product sends with each page (its CSP included), for nginx to send as well.
  const pageHeaders = new Map();
  for (const path of paths) {
    const res = await get(product.url + path, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    if (res.status !== 200) throw new Error(`product ${path}: status ${res.status}`);
    pageHeaders.set(
      path,
      Object.fromEntries(Object.entries(res.headers).filter(([name]) => !OWN_HEADERS.has(name))),
    );
  }
  served = await servedRoot(product.url, paths, WEB_ROOT);
  nginx = await startNginx({
    binary: nginxBinary,
    main: 'worker_processes 2;\nevents {\n  worker_connections 4096;\n}',
    http: nginxHttp(pageHeaders, served.root),
  });
  const targets = { product, nginx };
  checked = await check(targets, cases, served.root);
  for (const note of checked.notes) console.warn(`note: ${note}`);
  console.info(
    `product ${product.url}, nginx ${nginx.url} (${nginxVersion(nginxBinary)}); ` +
      `${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections; load average ${loadAverage}`,
  );

  const options = (target, c, seconds) => ({
    url: target.url + c.path,
    headers: c.acceptEncoding ? { 'accept-encoding': c.acceptEncoding } : {},
    connections: CONNECTIONS,
    seconds,
  });
  const pause = () => new Promise((resolve) => setTimeout(resolve, 500));
  // Warm-up (JIT, caches, connections), not recorded.
  for (const c of cases) {
    for (const name of ['product', 'nginx']) {
      await loader.run(options(targets[name], c, WARM_UP_SECONDS));
      await pause();
    }
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, c] of cases.entries()) {
      // Who goes first alternates from one round and case to the next.
      const order = (r + i) % 2 === 0 ? ['product', 'nginx'] : ['nginx', 'product'];
      for (const name of order) {
        const pids = [targets[name].pid];
        const before = { server: cpuSeconds(pids), loader: cpuSeconds([loader.pid]) };
        const result = await loader.run(options(targets[name], c, SECONDS));
        const cpu = {
          server: cpuSeconds(pids) - before.server,
          loader: cpuSeconds([loader.pid]) - before.loader,
        };
        const rps = result.requests / result.seconds;
        const failed = result.non2xx + result.errors + result.timeouts;
        if (failed > 0) {
          throw new Error(
            `${name} ${caseName(c)}: ${result.non2xx} non-2xx, ${result.errors} errors, ` +
              `${result.timeouts} timeouts (${JSON.stringify(result.statusCodes)})`,
          );
        }
        runs.get(c)[name].push({ ...result, rps, cpu });
        console.info(
          `round ${r + 1} ${caseName(c)} ${name}: ${round(rps)} req/s, ` +
            `p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
            `CPU per answer ${round((cpu.server / result.requests) * 1e6)} µs ` +
            `(load generator ${round((cpu.loader / result.requests) * 1e6)} µs)`,
        );
        await pause();
      }
    }
  }
} finally {
  await loader.stop();
  await nginx?.stop();
  await product.stop();
  served?.remove();
}

const loadAverageAfter = loadAverageNow();
const rows = cases.map((c) => {
  const { product: p, nginx: n } = runs.get(c);
  const summary = (list) => ({
    rps: mean(list.map((x) => x.rps)),
    p50: median(list.map((x) => x.p50)),
    p99: median(list.map((x) => x.p99)),
    bytes: mean(list.map((x) => x.bytes / x.requests)),
    // CPU time per answer over all rounds, in µs: less at the mercy of the machine's other load
    // than req/s (though it grows too when the CPU is contended).
    cpu:
      (list.reduce((a, x) => a + x.cpu.server, 0) / list.reduce((a, x) => a + x.requests, 0)) * 1e6,
    loaderCpu:
      (list.reduce((a, x) => a + x.cpu.loader, 0) / list.reduce((a, x) => a + x.requests, 0)) * 1e6,
  });
  const ps = summary(p);
  const ns = summary(n);
  return {
    c,
    product: ps,
    nginx: ns,
    ratio: ps.rps / ns.rps,
    roundRatios: p.map((x, i) => x.rps / n[i].rps),
  };
});
const lowest = Math.min(...rows.map((r) => r.ratio));

const cpu = (value) => (Number.isFinite(value) ? round(value) : 'n/a');
const table = [
  '| case | product req/s | nginx req/s | product/nginx (per round) | product p50 / p99 (ms) | nginx p50 / p99 (ms) | server CPU per answer (µs), product / nginx | load generator CPU per answer (µs), product / nginx | bytes per answer, product / nginx |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${caseName(r.c)} | ${round(r.product.rps)} | ${round(r.nginx.rps)} | ` +
      `**${r.ratio.toFixed(2)}** (${r.roundRatios.map((x) => x.toFixed(2)).join(', ')}) | ` +
      `${ms(r.product.p50)} / ${ms(r.product.p99)} | ${ms(r.nginx.p50)} / ${ms(r.nginx.p99)} | ` +
      `${cpu(r.product.cpu)} / ${cpu(r.nginx.cpu)} | ` +
      `${cpu(r.product.loaderCpu)} / ${cpu(r.nginx.loaderCpu)} | ` +
      `${round(r.product.bytes)} / ${round(r.nginx.bytes)} |`,
  ),
];
for (const line of table) console.info(line);

const defaults =
  only.length === 0 &&
  process.env.BENCH_ROUNDS === undefined &&
  process.env.BENCH_SECONDS === undefined &&
  process.env.BENCH_CONNECTIONS === undefined;
if (defaults) {
  writeSection(
    'bench:static',
    [
      "## Static pages, the product's server against nginx (`npm run bench:static`)",
      '',
      `- Command: \`npm run bench:static\` (the build, then \`node bench/static/static-vs-nginx.mjs\`): ${ROUNDS} rounds × ${SECONDS} s per server and case after a ${WARM_UP_SECONDS} s warm-up, the two servers alternating within each round; ${CONNECTIONS} keep-alive connections from autocannon ${autocannonVersion} in its own process; both servers on 127.0.0.1.`,
      `- Date: ${new Date().toISOString().slice(0, 10)}`,
      `- Machine: ${machineDescription({ chromium: false })}, ${nginxVersion(nginxBinary)}; load average (1, 5, 15 min) ${loadAverage} at the start, ${loadAverageAfter} at the end (the machine is shared).`,
      "- Product: `apps/server`'s build (`node apps/server/dist/main.js`) with `NODE_ENV=production`, `LOG_LEVEL=warn` and otherwise its embedded defaults, one process; pages from memory with their CSP and security headers, answered before Fastify's routing (the fast lane of `apps/server/src/plugins/site/static-site.ts`, taken when requests are not logged, i.e. `LOG_LEVEL` above `info`).",
      "- nginx: 2 worker processes, the build's pre-compressed files, each measured page replaced by the product's answer for it in each coding (`served-root.mjs`: the product adds the notices banner and a course page's class hint when serving) (`.br` chosen by Accept-Encoding, Content-Encoding set by the location: Debian's nginx has no brotli module) with the product's headers for the page (CSP, security headers, Cache-Control, Vary) by `add_header`; `access_log off`, `sendfile`, `open_file_cache`, keep-alive without a request limit.",
      `- Checked before measuring: 200, the expected coding, the page's bytes and CSP from both; no non-2xx answer or error while measuring.${checked.notes.length ? ` Note: ${checked.notes.join('; ')}.` : ''}`,
      `- Target: product/nginx ≥ 0.5. Result: lowest ratio ${lowest.toFixed(2)} (${lowest >= 0.5 ? 'met' : 'missed'}).`,
      '',
      ...table,
    ].join('\n'),
  );
  console.info('Written to docs/benchmarks.md');
}
