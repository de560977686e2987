import { describe, expect, it, vi } from 'vitest';
import { createInteractionGuard } from './interaction-guard';

describe('the interaction guard', () => {
  it('lets one interaction start and refuses a second until the first ends', () => {
    const guard = createInteractionGuard('none');
    expect(guard.tryBegin('login')).toBe(true);
    expect(guard.current()).toBe('login');
    // The double click, a sign-up pressed meanwhile, a sign-out: all refused, nothing changes.
    expect(guard.tryBegin('login')).toBe(false);
    expect(guard.tryBegin('logout')).toBe(false);
    expect(guard.current()).toBe('login');
    guard.end('login');
    expect(guard.current()).toBe('none');
    expect(guard.tryBegin('logout')).toBe(true);
  });

  it('refuses any interaction while the page starts or handles a redirect', () => {
    const guard = createInteractionGuard();
    expect(guard.current()).toBe('startup');
    expect(guard.tryBegin('login')).toBe(false);
    guard.set('handleRedirect');
    expect(guard.tryBegin('login')).toBe(false);
    guard.set('none');
    expect(guard.tryBegin('login')).toBe(true);
  });

  it('ends only the interaction it is told to end', () => {
    const guard = createInteractionGuard('none');
    guard.tryBegin('logout');
    guard.end('login');
    expect(guard.current()).toBe('logout');
  });

  it('tells its subscribers about every change, once', () => {
    const guard = createInteractionGuard('none');
    const listener = vi.fn();
    const unsubscribe = guard.subscribe(listener);
    guard.tryBegin('login');
    guard.tryBegin('login');
    guard.set('login');
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
    guard.end('login');
    expect(listener).toHaveBeenCalledOnce();
  });
});
