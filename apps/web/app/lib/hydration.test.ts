import { describe, expect, it, vi } from 'vitest';
import { announceHydrated, HYDRATED_EVENT } from './hydration';

describe('announceHydrated', () => {
  it('raises the window event the pages’ loader waits for', () => {
    const heard = vi.fn();
    window.addEventListener(HYDRATED_EVENT, heard);
    announceHydrated();
    window.removeEventListener(HYDRATED_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
