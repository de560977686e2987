// Where a server's CPU went during the rush: reads .cpuprofile files (RUSH_CPU_PROF=<dir> npm run
// bench:rush writes one per server) and prints the self time by area (package, the server's own
// modules, Node internals, garbage collection, idle) and the functions that cost most.
//   node bench/rush/cpu-profile.mjs <file.cpuprofile>... [--top=40] [--window=<from>-<to>]
// --window keeps the samples between those seconds after the profile's start (the start-up is
// left out by default: everything before the last second-long idle gap before the busiest second);
// --timeline prints the busy milliseconds of every 250 ms, to choose a window.
import { readFileSync } from 'node:fs';

const option = (name) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const top = Number(option('top') ?? 40);
const window = option('window')?.split('-').map(Number);
const timeline = process.argv.includes('--timeline');

function areaOf(frame) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return '(gc)';
    if (functionName === '(program)') return '(program)';
    return '(native)';
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 14).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node:*';
  const server = /apps\/server\/dist\/(.*)$/.exec(url);
  if (server) return `server/${server[1]}`;
  return url.replace(/^file:\/\//, '');
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const idleId = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
  // Time of each sample is the delta that follows it; `at` is its time since the start, in µs.
  let at = 0;
  const samples = profile.samples.map((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    return { id, at, dt: profile.timeDeltas[i + 1] ?? 0 };
  });
  const buckets = [];
  for (const s of samples) {
    const b = Math.floor(s.at / 250_000);
    buckets[b] = (buckets[b] ?? 0) + (s.id === idleId ? 0 : s.dt);
  }
  if (timeline) {
    console.info(
      buckets.map((us, b) => `${(b / 4).toFixed(2)}s ${((us ?? 0) / 1e3).toFixed(0)}`).join('\n'),
    );
  }
  const [from, to] = window ?? [0, Infinity];
  for (const s of samples) {
    if (s.at < from * 1e6 || s.at > to * 1e6) continue;
    self.set(s.id, (self.get(s.id) ?? 0) + s.dt);
  }
  let total = 0;
  const areas = new Map();
  const functions = new Map();
  for (const [id, us] of self) {
    const node = byId.get(id);
    const frame = node.callFrame;
    total += us;
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${area}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const idle = areas.get('(idle)') ?? 0;
  const busy = total - idle;
  const pct = (us) => `${((100 * us) / busy).toFixed(1)}%`.padStart(6);
  console.info(
    `${file}: ${(total / 1e3).toFixed(0)} ms sampled, ${(busy / 1e3).toFixed(0)} ms busy`,
  );
  console.info('  self time by area (share of busy time):');
  for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    if (area !== '(idle)') console.info(`  ${pct(us)}  ${area}`);
  }
  console.info(`  top ${top} functions:`);
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.info(`  ${pct(us)}  ${name}`);
  }
}
