import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// findBy and waitFor give a screen 5 s instead of 1 s: on a busy shared machine a render that
// passes in 50 ms alone took over a second, and the test failed for the machine, not the screen.
configure({ asyncUtilTimeout: 5_000 });

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  // Unmounted before the stubs go: a screen still loading must not reach the real network.
  cleanup();
  vi.unstubAllGlobals();
  // Any console.error during a test fails it (React reports its warnings there).
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
