// @ts-check
/**
 * The page's main-thread CPU after its first contentful paint, from a Chromium trace (the islands
 * experiment, issue 33 point 3): thread time (`tdur`), so that the time the operating system took
 * the renderer off a busy machine's CPU does not count, unlike Lighthouse's wall-clock tasks.
 */

/**
 * @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number }} TraceEvent
 */

/**
 * The sum and the longest of the renderer main thread's top-level tasks that began after the first
 * contentful paint, in ms of CPU; null when the trace has no first contentful paint.
 * @param {readonly TraceEvent[]} events
 * @returns {{ total: number, longest: number } | null}
 */
export function cpuAfterFirstPaint(events) {
  const paint = events.filter((e) => e.name === 'firstContentfulPaint').at(-1);
  if (!paint) return null;
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === paint.pid &&
        e.tid === paint.tid &&
        e.name === 'RunTask' &&
        e.ts >= paint.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let longest = 0;
  let end = -Infinity;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the previous task
    end = task.ts + (task.dur ?? 0);
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    total += cpu;
    longest = Math.max(longest, cpu);
  }
  return { total, longest };
}
