// CPU time used by processes and their children, read from /proc (Linux; NaN elsewhere).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/<pid>/stat after the command name (state is [0], ppid [1], utime [11]). */
function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds (user + system) used so far by these processes and their children, or NaN. */
export function cpuSeconds(pids) {
  if (!existsSync('/proc/self/stat') || pids.some((pid) => pid === undefined)) return NaN;
  const all = new Set(pids);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (all.has(Number(stat(entry)[1]))) all.add(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  for (const pid of all) {
    try {
      const fields = stat(pid);
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICKS;
}
