import { afterEach, describe, expect, it } from 'vitest';
import {
  hasSessionToRestore,
  isRedirectResponse,
  isSignOutReturn,
  markSession,
  needsMsalAtStartup,
  SESSION_MARKER_KEY,
} from './session-marker';

const at = (search = '', hash = '') => ({ search, hash });

afterEach(() => sessionStorage.clear());

describe('whether a page loads MSAL when it opens', () => {
  it('does not for an anonymous visitor', () => {
    expect(needsMsalAtStartup(at(), sessionStorage)).toBe(false);
    expect(needsMsalAtStartup(at('?utm_source=x', '#horarios'), sessionStorage)).toBe(false);
  });

  it('does for the provider’s answer to a sign-in, in the fragment or the query', () => {
    expect(isRedirectResponse(at('', '#code=abc&state=xyz'))).toBe(true);
    expect(isRedirectResponse(at('?code=abc&state=xyz'))).toBe(true);
    expect(isRedirectResponse(at('', '#error=access_denied&state=xyz'))).toBe(true);
    expect(isRedirectResponse(at('?state=xyz&error=login_required'))).toBe(true);
    expect(needsMsalAtStartup(at('', '#state=xyz&code=abc'), sessionStorage)).toBe(true);
  });

  it('does not for addresses that only look alike', () => {
    expect(isRedirectResponse(at('?code=abc'))).toBe(false);
    expect(isRedirectResponse(at('', '#state=xyz'))).toBe(false);
    expect(isRedirectResponse(at('?codes=1&states=2'))).toBe(false);
    expect(isRedirectResponse(at('', '#error'))).toBe(false);
  });

  it('does when this tab has a session to restore, until it is signed out', () => {
    markSession(true, sessionStorage);
    expect(sessionStorage.getItem(SESSION_MARKER_KEY)).not.toBeNull();
    expect(hasSessionToRestore(sessionStorage)).toBe(true);
    expect(needsMsalAtStartup(at(), sessionStorage)).toBe(true);
    markSession(false, sessionStorage);
    expect(needsMsalAtStartup(at(), sessionStorage)).toBe(false);
  });

  it('reads the page’s own sessionStorage by default', () => {
    markSession(true);
    expect(hasSessionToRestore()).toBe(true);
    markSession(false);
    expect(hasSessionToRestore()).toBe(false);
  });

  it('treats unusable storage as nothing to restore', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(hasSessionToRestore(broken)).toBe(false);
    expect(() =>
      markSession(true, { ...sessionStorage, setItem: broken.getItem } as unknown as Storage),
    ).not.toThrow();
  });

  it('recognises the return from the provider’s sign-out, which needs no MSAL', () => {
    expect(isSignOutReturn(at('?state=eyJpZCI6IjEifQ%3D%3D'))).toBe(true);
    expect(needsMsalAtStartup(at('?state=eyJpZCI6IjEifQ%3D%3D'), sessionStorage)).toBe(false);
    expect(isSignOutReturn(at('?state=x&code=y'))).toBe(false);
    expect(isSignOutReturn(at('?page=2'))).toBe(false);
    expect(isSignOutReturn(at())).toBe(false);
  });
});
