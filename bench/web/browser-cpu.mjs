// What Debian's Chromium spends to drive a page in the end-to-end tests, with the flags they use
// (e2e/support/chromium.mjs) beside the same flags with the address bar's pop-ups left on
// (decision 106), and beside Debian's old headless shell where it is installed
// (`apt-get install chromium-headless-shell`), for reference only: the tests use /usr/bin/chromium.
// Each run launches the browser, opens three phone-sized pages in contexts of their own (as a test
// with three people does), clicks and scrolls each ten times, then reads the CPU time of the
// browser's process tree by process kind. The variants alternate, run after run.
//
// Usage: node bench/web/browser-cpu.mjs   (BROWSER_CPU_RUNS, default 5; --no-write prints only)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import {
  browserUiFeatures,
  chromiumArgs,
  chromiumPath,
  playwrightDisabledFeatures,
} from '../../e2e/support/chromium.mjs';
import { spread } from '../rush/statistics.mjs';
import { machineDescription, writeSection } from '../support/report.mjs';

const RUNS = Number(process.env.BROWSER_CPU_RUNS ?? 5);
const WRITE = !process.argv.includes('--no-write') && process.env.BROWSER_CPU_RUNS === undefined;
const SHELL = '/usr/lib/chromium/chromium-headless-shell';
const TICKS_PER_SECOND = 100;

const withUi = chromiumArgs.map((arg) =>
  arg.startsWith('--disable-features=')
    ? `--disable-features=${playwrightDisabledFeatures.join(',')}`
    : arg,
);
const variants = [
  { name: 'the tests’ flags', executablePath: chromiumPath, args: chromiumArgs },
  {
    name: `the same, with ${browserUiFeatures.join(' and ')} on`,
    executablePath: chromiumPath,
    args: withUi,
  },
  ...(existsSync(SHELL)
    ? [{ name: 'chromium-headless-shell (reference)', executablePath: SHELL, args: chromiumArgs }]
    : []),
];

/** Every process: its parent, CPU ticks (its own and its reaped children's) and kind. */
function processes() {
  const all = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const type = cmd.match(/--type=([a-z-]+)/)?.[1] ?? 'browser';
      const kind = cmd.includes('--top-chrome-webui') ? 'browser UI renderer' : type;
      all.set(pid, {
        ppid: f[1],
        ticks: f
          .slice(11, 15)
          .map(Number)
          .reduce((a, b) => a + b),
        kind,
      });
    } catch {
      // the process ended while it was read
    }
  }
  return all;
}

/** CPU seconds of `root` and its descendants, by kind. */
function cpuByKind(root) {
  const all = processes();
  const byKind = {};
  const stack = [String(root)];
  while (stack.length > 0) {
    const pid = stack.pop();
    const entry = all.get(pid);
    if (!entry) continue;
    byKind[entry.kind] = (byKind[entry.kind] ?? 0) + entry.ticks / TICKS_PER_SECOND;
    for (const [child, e] of all) if (e.ppid === pid) stack.push(child);
  }
  return byKind;
}

const page = `<!doctype html><html lang="pt-BR"><body>${'<p>Texto do curso, com <b>destaque</b>.</p>'.repeat(300)}<button onclick="this.textContent += '.'">Quero me inscrever</button></body></html>`;

async function run({ executablePath, args }) {
  const browser = await chromium.launch({ executablePath, args });
  const pid = [...processes()].find(([, e]) => e.ppid === String(process.pid))?.[0];
  const pages = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const tab = await context.newPage();
    await tab.setContent(page);
    pages.push(tab);
  }
  for (let k = 0; k < 10; k++) {
    for (const tab of pages) {
      await tab.getByRole('button').click();
      await tab.mouse.wheel(0, 600);
    }
  }
  await pages[0]?.waitForTimeout(500);
  const byKind = cpuByKind(pid);
  await browser.close();
  return byKind;
}

const results = variants.map(() => []);
const loads = [];
for (let r = 0; r < RUNS; r++) {
  loads.push(os.loadavg()[0].toFixed(1));
  for (const [i, variant] of variants.entries()) results[i]?.push(await run(variant));
}

const kinds = [...new Set(results.flat().flatMap((r) => Object.keys(r)))].sort();
const rows = variants.map((variant, i) => {
  const runs = results[i] ?? [];
  const total = runs.map((r) => Object.values(r).reduce((a, b) => a + b, 0));
  const browserUi = runs.map((r) => r['browser UI renderer'] ?? 0);
  const renderers = runs.map((r) => r.renderer ?? 0);
  return `| ${variant.name} | ${spread(total)} | ${spread(renderers)} | ${spread(browserUi)} |`;
});
const body = `## The end-to-end tests' browser (\`node bench/web/browser-cpu.mjs\`)

- Command: \`node bench/web/browser-cpu.mjs\`: Debian's Chromium launched by Playwright, three phone-sized pages in contexts of their own, ten clicks and scrolls each, then the CPU time of the browser's process tree (${kinds.join(', ')}); ${RUNS} runs, the variants alternating; median (min–max), CPU seconds.
- Date: ${new Date().toISOString().slice(0, 10)}; machine: ${machineDescription()}; 1-minute load average at each run's start: ${loads.join(', ')}

| variant | all processes (s) | the pages' renderers (s) | browser UI renderers (s) |
|---|---:|---:|---:|
${rows.join('\n')}`;
console.log(body);
if (WRITE) writeSection('bench:browser-cpu', body);
