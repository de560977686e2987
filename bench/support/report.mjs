// Writes one benchmark's section of docs/benchmarks.md, between its markers, with the machine facts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { chromiumPath } from '../../e2e/support/chromium.mjs';

const file = 'docs/benchmarks.md';

/** CPU, memory, OS, Node and (unless `{ chromium: false }`, for benchmarks without a browser) Chromium. */
export function machineDescription({ chromium: withChromium = true } = {}) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  const host = `${os.cpus().length} × ${cpu}, ${memory}, ${os.type()} ${os.release()}, Node ${process.version}`;
  if (!withChromium) return host;
  let chromium = 'n/a';
  try {
    chromium = execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    // no chromium
  }
  return `${host}, ${chromium}`;
}

export function writeSection(name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  if (text.includes(start) && text.includes(end)) {
    text =
      text.slice(0, text.indexOf(start)) + section + text.slice(text.indexOf(end) + end.length);
  } else {
    text = `${text.trimEnd()}\n\n${section}\n`;
  }
  writeFileSync(file, text);
}
