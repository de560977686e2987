// The islands experiment (issue 33 point 3, decision 071), side by side in one run: Lighthouse's
// mobile preset with another process keeping one core busy (as `bench:web --busy`) on the same
// pages served three ways (bench/web/islands/servers.mjs): the product as built (React Router
// hydrates the whole document), the islands variant (only the interactive parts hydrated, without
// React Router on the client: bench/web/islands/), and the page without any script (the control).
// Rounds alternate the order of the three. Prints, per page and way, the share of runs at
// Performance 100, TBT and the longest task after the first paint (Lighthouse's simulated ms), the
// renderer's main-thread CPU after the first paint from the trace (real ms), and the load average.
// A benchmark: it reports, it writes nothing into docs/.
//
// Usage: npm run build && node bench/web/compare-islands.mjs [route ...]
//   (default `/`, `/horarios`, `/global-kardec/conheca-o-espiritismo`; BENCH_WEB_ROUNDS, default 3)
import { spawn } from 'node:child_process';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '@centro/server/testing';
import { longestAfterFirstPaint } from './long-tasks.mjs';
import { cpuAfterFirstPaint } from './islands/trace-cpu.mjs';
import { startSites } from './islands/servers.mjs';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium.mjs';
import { machineDescription } from '../support/report.mjs';

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/horarios', '/global-kardec/conheca-o-espiritismo'];
const rounds = Number(process.env.BENCH_WEB_ROUNDS ?? 3);
const WAYS = /** @type {const} */ (['current', 'islands', 'control']);
/** The busy core stops by itself after this long, whatever happens to this process. */
const BUSY_LIMIT_MS = 60 * 60 * 1000;

const server = await startServer();
const { sites, bundle, close } = await startSites(server.url, routes);
const spinner = spawn(
  process.execPath,
  ['-e', `const end = Date.now() + ${BUSY_LIMIT_MS}; while (Date.now() < end);`],
  { stdio: 'ignore' },
);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

/** @typedef {{ performance: number, tbt: number, longest: number, cpu: number, cpuLongest: number, load: number, fcp: number, lcp: number, cls: number }} Run */
/** @type {Map<string, Run[]>} by `${way} ${route}` */
const runs = new Map();
let version = '';

/** One audit, tried again (up to three times) when Lighthouse could not measure the page. */
async function audit(/** @type {string} */ url) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const load = os.loadavg()[0] ?? NaN;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    version = lhr.lighthouseVersion;
    const failed = lhr.runtimeError || Object.values(lhr.audits).some((a) => a.errorMessage);
    if (failed) {
      console.warn(`${url}: not measured (attempt ${attempt}): ${lhr.runtimeError?.code ?? ''}`);
      continue;
    }
    const firstPaint = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
    const tasks = /** @type {Array<{ startTime: number, duration: number }>} */ (
      /** @type {any} */ (lhr.audits['long-tasks']?.details)?.items ?? []
    );
    const cpu = cpuAfterFirstPaint(/** @type {any} */ (result.artifacts)?.Trace?.traceEvents ?? []);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      longest: longestAfterFirstPaint(tasks, firstPaint),
      cpu: cpu?.total ?? NaN,
      cpuLongest: cpu?.longest ?? NaN,
      load,
      fcp: firstPaint,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  }
  return null;
}

try {
  for (let round = 0; round < rounds; round++) {
    // Each round starts with another way: the three take each place in the order in turn.
    const order = WAYS.map((_, i) => WAYS[(i + round) % WAYS.length] ?? 'current');
    for (const route of routes) {
      for (const way of order) {
        const run = await audit(`${sites[way].url}${route}`);
        if (!run) continue;
        const key = `${way} ${route}`;
        runs.set(key, [...(runs.get(key) ?? []), run]);
        console.log(
          `round ${round + 1} ${way.padEnd(8)} ${route}: P ${run.performance} TBT ${Math.round(run.tbt)} ms, ` +
            `longest after FCP ${Math.round(run.longest)} ms, CPU after FCP ${run.cpu.toFixed(1)} ms ` +
            `(longest ${run.cpuLongest.toFixed(1)}), FCP ${Math.round(run.fcp)} LCP ${Math.round(run.lcp)} ms ` +
            `CLS ${run.cls.toFixed(3)}, load ${run.load.toFixed(2)}`,
        );
      }
    }
  }
} finally {
  spinner.kill();
  await chrome.kill();
  await close();
  await server.stop();
}

const sorted = (/** @type {number[]} */ values) =>
  values.filter(Number.isFinite).sort((a, b) => a - b);
const median = (/** @type {number[]} */ values) => {
  const s = sorted(values);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
/** "median (min–max)" */
const spread = (/** @type {number[]} */ values, digits = 0) => {
  const s = sorted(values);
  if (s.length === 0) return '—';
  const f = (/** @type {number} */ n) => n.toFixed(digits);
  return `${f(median(s))} (${f(s[0] ?? NaN)}–${f(s.at(-1) ?? NaN)})`;
};

const rows = [];
for (const scope of [...routes, 'all pages']) {
  for (const way of WAYS) {
    const these = [...runs.entries()]
      .filter(
        ([key]) =>
          key.startsWith(`${way} `) && (scope === 'all pages' || key === `${way} ${scope}`),
      )
      .flatMap(([, r]) => r);
    const at100 = these.filter((r) => r.performance === 100).length;
    rows.push(
      `| ${scope === 'all pages' ? '**all pages**' : `\`${scope}\``} | ${way} | ${at100} of ${these.length} | ` +
        `${spread(these.map((r) => r.tbt))} | ${spread(these.map((r) => r.longest))} | ` +
        `${spread(
          these.map((r) => r.cpu),
          1,
        )} | ${spread(
          these.map((r) => r.cpuLongest),
          1,
        )} | ` +
        `${spread(these.map((r) => r.lcp))} | ${Math.max(...these.map((r) => r.cls)).toFixed(3)} |`,
    );
  }
}
const loads = [...runs.values()].flat().map((r) => r.load);
console.log(
  [
    '',
    `- Command: \`node bench/web/compare-islands.mjs\` after \`npm run build\` (Lighthouse ${version}, mobile preset, Performance only, one core kept busy), ${rounds} rounds alternating the order of the three ways; ${new Date().toISOString().slice(0, 16)} UTC.`,
    `- Machine: ${machineDescription()}; load average (1 min) while auditing: ${spread(loads, 1)}.`,
    `- Islands bundle: entry ${bundle.entry}, preloaded ${bundle.preloads.join(', ')}.`,
    '',
    '| page | way | Performance 100 | TBT ms, median (min–max) | longest task after FCP, ms (simulated) | main-thread CPU after FCP, ms (trace) | longest task after FCP, ms CPU (trace) | LCP ms | CLS, max |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
process.exit(0);
