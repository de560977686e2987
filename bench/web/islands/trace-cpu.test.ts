import { describe, expect, it } from 'vitest';
import { cpuAfterFirstPaint } from './trace-cpu.mjs';

const task = (ts: number, dur: number, tdur: number, tid = 1) => ({
  name: 'RunTask',
  ph: 'X',
  pid: 7,
  tid,
  ts,
  dur,
  tdur,
});
const paint = { name: 'firstContentfulPaint', ph: 'I', pid: 7, tid: 1, ts: 1_000 };

describe('cpuAfterFirstPaint', () => {
  it("counts the CPU of the main thread's tasks begun after the first paint, not their wall time", () => {
    const events = [
      task(500, 900, 800), // before the paint
      paint,
      task(2_000, 30_000, 9_000), // preempted: 30 ms of wall time, 9 ms of CPU
      task(2_500, 1_000, 1_000), // nested in the one above
      task(40_000, 4_000, 4_000),
      task(50_000, 20_000, 20_000, 2), // another thread
    ];
    expect(cpuAfterFirstPaint(events)).toEqual({ total: 13, longest: 9 });
  });

  it('has nothing to say about a trace without a first paint', () => {
    expect(cpuAfterFirstPaint([task(0, 1_000, 1_000)])).toBeNull();
  });
});
