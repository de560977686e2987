// @ts-check
/**
 * The measure of a page's main thread on Lighthouse's report: how long one task kept the
 * main thread busy after the first contentful paint. A task that began before the first paint
 * counts only for its part after it (as Total Blocking Time counts it); the tasks before it (the
 * navigation's commit, parsing and the first layout) block no press on a page not yet shown.
 */

/**
 * @typedef {object} LongTask One item of Lighthouse's `long-tasks` audit (simulated times, ms).
 * @property {number} startTime
 * @property {number} duration
 */

/**
 * The longest time one task held the main thread after the first paint, in ms (0 if none did).
 * @param {readonly LongTask[]} tasks
 * @param {number} firstPaint Lighthouse's first contentful paint, ms (same clock as the tasks).
 */
export function longestAfterFirstPaint(tasks, firstPaint) {
  let longest = 0;
  for (const { startTime, duration } of tasks) {
    const after = Math.min(duration, startTime + duration - firstPaint);
    if (after > longest) longest = after;
  }
  return longest;
}
