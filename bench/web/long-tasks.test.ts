import { describe, expect, it } from 'vitest';
import { longestAfterFirstPaint } from './long-tasks.mjs';

describe('longestAfterFirstPaint', () => {
  it('counts a task after the first paint in full', () => {
    expect(longestAfterFirstPaint([{ startTime: 800, duration: 70 }], 700)).toBe(70);
  });

  it('counts only the part after the first paint of a task that began before it', () => {
    expect(longestAfterFirstPaint([{ startTime: 650, duration: 130 }], 700)).toBe(80);
  });

  it('ignores tasks that ended before the first paint', () => {
    expect(longestAfterFirstPaint([{ startTime: 300, duration: 200 }], 700)).toBe(0);
  });

  it('takes the longest of several', () => {
    const tasks = [
      { startTime: 600, duration: 140 },
      { startTime: 900, duration: 55 },
      { startTime: 1200, duration: 61 },
    ];
    expect(longestAfterFirstPaint(tasks, 700)).toBe(61);
  });

  it('is 0 without long tasks', () => {
    expect(longestAfterFirstPaint([], 700)).toBe(0);
  });
});
