// Lighthouse (mobile preset: simulated slow 4G, 4× CPU slowdown) on every public route of the
// production build, served by the product's server. Writes the scores and metrics to
// docs/benchmarks.md. A benchmark, not a test: it reports, it does not fail on a missed target.
//
// `--busy`: the same audits while another process keeps one core busy (a phone is
// slower still), each route BENCH_WEB_RUNS times (3), recording every run's Performance score and
// TBT and the longest main-thread task Lighthouse saw; the target is 100 in every run.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { publicPaths } from '@centro/content';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { longestAfterFirstPaint } from './long-tasks.mjs';
import { withoutScripts } from './no-script-page.mjs';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium.mjs';
import { machineDescription, writeSection } from '../support/report.mjs';
import { startServer } from '@centro/server/testing';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const args = process.argv.slice(2);
const busy = args.includes('--busy');
const only = args.filter((arg) => arg !== '--busy');
const paths = only.length > 0 ? only : publicPaths();
const runsPerRoute = busy ? Number(process.env.BENCH_WEB_RUNS ?? 3) : 1;
/** The busy core stops by itself after this long, whatever happens to this process. */
const BUSY_LIMIT_MS = 30 * 60 * 1000;

const server = await startServer();
/**
 * Busy mode's control: the home page without its scripts, served from here, audited once per route
 * between the route's runs, so the record shows what the busy machine and the browser produce
 * without any of the site's JavaScript.
 */
const controlHtml = withoutScripts(
  readFileSync(new URL('../../apps/web/build/client/index.html', import.meta.url), 'utf8'),
);
const control = busy
  ? createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(controlHtml);
    }).listen(0, '127.0.0.1')
  : null;
const controlUrl = control
  ? await new Promise((resolve) =>
      control.once('listening', () => resolve(`http://127.0.0.1:${control.address().port}/`)),
    )
  : '';
// The other process keeping one core busy: a bounded loop, killed at the end.
const spinner = busy
  ? spawn(
      process.execPath,
      ['-e', `const end = Date.now() + ${BUSY_LIMIT_MS}; while (Date.now() < end);`],
      {
        stdio: 'ignore',
      },
    )
  : null;
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

const rows = [];
let version = '';
let retried = 0;

/** Errors that kept Lighthouse from measuring (its trace, a metric): the run's scores are null. */
function runErrors(lhr) {
  const errors = Object.values(lhr.audits)
    .filter((a) => a.errorMessage)
    .map((a) => `${a.id}: ${a.errorMessage}`);
  if (lhr.runtimeError) errors.unshift(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return errors;
}

/** One route; run again once when Lighthouse could not measure it ("Please run Lighthouse again"). */
async function audit(path, url = `${server.url}${path}`) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
    const errors = runErrors(lhr);
    if (errors.length === 0) return lhr;
    console.warn(`${path}: Lighthouse errors (attempt ${attempt}) — ${errors.join('; ')}`);
    // Busy mode: the busy core makes Chromium's trace fail now and then (NO_NAVSTART); a third try.
    if (attempt === (busy ? 3 : 2)) return lhr;
    retried++;
  }
}

/** The longest main-thread task after the first paint in Lighthouse's long-tasks audit, in ms. */
function longestTask(lhr) {
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  const firstPaint = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  return longestAfterFirstPaint(
    items.map((item) => ({
      startTime: Number(item.startTime) || 0,
      duration: Number(item.duration) || 0,
    })),
    firstPaint,
  );
}

/** Busy mode: every run's figures by route, and the control's runs. */
const busyRows = [];
const controlRuns = [];

/** A figure of busy mode's record: '—' for a run Lighthouse could not measure. */
const shown = (n) => (Number.isFinite(n) ? String(Math.round(n)) : '—');
/** The runs Lighthouse measured. */
const measured = (runs) => runs.filter((run) => Number.isFinite(run.performance));

/** Busy mode's figures of one run. */
function busyFigures(lhr) {
  // A run Lighthouse could not measure even on its last try: recorded as not measured, not as 0.
  if (runErrors(lhr).length > 0) return { performance: NaN, tbt: NaN, longest: NaN };
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    longest: longestTask(lhr),
  };
}

try {
  if (busy) {
    for (const path of paths) {
      const runs = [];
      for (let run = 0; run < runsPerRoute; run++) {
        const lhr = await audit(path);
        version = lhr.lighthouseVersion;
        runs.push(busyFigures(lhr));
        if (run === 0) controlRuns.push(busyFigures(await audit('(control)', controlUrl)));
      }
      busyRows.push({ path, runs });
      console.log(
        `${path}: P ${runs.map((r) => shown(r.performance)).join('/')} TBT ${runs
          .map((r) => shown(r.tbt))
          .join(
            '/',
          )} ms, longest task after the first paint ${shown(Math.max(...measured(runs).map((r) => r.longest)))} ms`,
      );
    }
  }
  for (const path of busy ? [] : paths) {
    const lhr = await audit(path);
    version = lhr.lighthouseVersion;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .filter((a) => a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.id);
    const row = {
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
      failing,
    };
    rows.push(row);
    console.log(
      `${path}: P${row.performance} A${row.accessibility} BP${row.bestPractices} SEO${row.seo} ` +
        `LCP ${Math.round(row.lcp)} ms TBT ${Math.round(row.tbt)} ms CLS ${row.cls.toFixed(3)}` +
        (failing.length ? ` — below 1: ${failing.join(', ')}` : ''),
    );
  }
} finally {
  spinner?.kill();
  control?.close();
  await chrome.kill();
  await server.stop();
}

if (busy) {
  const steady = busyRows.filter((r) => r.runs.every((run) => run.performance === 100)).length;
  const unmeasured = busyRows.reduce((n, r) => n + r.runs.length - measured(r.runs).length, 0);
  const longest = Math.max(...busyRows.flatMap((r) => measured(r.runs).map((run) => run.longest)));
  const controlMeasured = measured(controlRuns);
  const controlLongest = controlMeasured
    .map((run) => Math.round(run.longest))
    .sort((a, b) => a - b);
  const controlSteady = controlMeasured.filter((run) => run.performance === 100).length;
  const controlLine = `the control (\`/\` without its scripts, ${controlRuns.length} runs, one between each route's runs): Performance 100 in ${controlSteady} of ${controlMeasured.length} measured, TBT ${shown(Math.min(...controlMeasured.map((r) => r.tbt)))}–${shown(Math.max(...controlMeasured.map((r) => r.tbt)))} ms, longest task after the first paint: median ${controlLongest[Math.floor(controlLongest.length / 2)] ?? 0} ms, ${controlLongest.at(-1) ?? 0} ms at most`;
  console.log(`${steady} of ${busyRows.length} routes at Performance 100 in every run.`);
  console.log(`Control: ${controlLine}.`);
  if (only.length === 0) {
    writeSection(
      'bench:web-busy',
      [
        '## Lighthouse on a busy machine (`npm run bench:web -- --busy`)',
        '',
        `- Command: \`npm run bench:web -- --busy\` (Lighthouse ${version}, mobile preset, ${runsPerRoute} runs per route) while another process keeps one core busy.`,
        `- Date: ${new Date().toISOString().slice(0, 10)}`,
        `- Machine: ${machineDescription()}`,
        '- Target: Performance 100 in every run of every route; no main-thread task longer than 50 ms after the first paint.',
        `- Result: ${steady} of ${busyRows.length} routes at 100 in every run${unmeasured > 0 ? ` (${unmeasured} run(s) that Lighthouse could not measure in three tries, shown as —, count as not at 100)` : ''}; the longest main-thread task after the first paint: ${Math.round(longest)} ms (Lighthouse's simulated time; a task that began before the first paint counts for its part after it).`,
        `- Beside it, ${controlLine}.`,
        '',
        '| route | Performance (runs) | TBT ms (runs) | longest task after the first paint, ms (runs) |',
        '|---|---|---|---|',
        ...busyRows.map(
          (r) =>
            `| \`${r.path}\` | ${r.runs.map((run) => shown(run.performance)).join(' / ')} | ${r.runs
              .map((run) => shown(run.tbt))
              .join(' / ')} | ${r.runs.map((run) => shown(run.longest)).join(' / ')} |`,
        ),
      ].join('\n'),
    );
    console.log('Written to docs/benchmarks.md');
  }
  process.exit(0);
}

const all100 = rows.filter(
  (r) =>
    r.performance === 100 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100,
).length;
const worst = (key) => Math.max(...rows.map((r) => r[key]));
const table = [
  '| route | Perf. | A11y | Best pr. | SEO | LCP (ms) | TBT (ms) | CLS | FCP (ms) | audits below 1 |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
      `${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${Math.round(r.fcp)} | ` +
      `${r.failing.join(', ')} |`,
  ),
];
if (only.length === 0) {
  writeSection(
    'bench:web',
    [
      '## Lighthouse, every public route (`npm run bench:web`)',
      '',
      `- Command: \`npm run bench:web\` (Lighthouse ${version}, mobile preset: simulated slow 4G, 4× CPU slowdown; Chromium headless; the production build served by \`apps/server\` on 127.0.0.1).`,
      `- Date: ${new Date().toISOString().slice(0, 10)}`,
      `- Machine: ${machineDescription()}`,
      `- Targets: 100 in all four categories on every route; LCP ≤ 1500 ms, TBT ≤ 50 ms, CLS ≤ 0.02.`,
      `- Result: ${all100} of ${rows.length} routes at 100/100/100/100; worst LCP ${Math.round(worst('lcp'))} ms, worst TBT ${Math.round(worst('tbt'))} ms, worst CLS ${worst('cls').toFixed(3)}.` +
        (retried > 0
          ? ` ${retried} route(s) measured a second time after a Lighthouse trace error.`
          : ''),
      '',
      ...table,
    ].join('\n'),
  );
  console.log('Written to docs/benchmarks.md');
}
