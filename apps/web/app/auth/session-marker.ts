/**
 * Whether MSAL is needed when a page opens. An anonymous visitor's page never downloads MSAL: only a
 * session to restore or a redirect to handle loads it at start-up (a press on 'Acessar' or 'Quero me
 * inscrever' loads it too). Tiny on purpose: this module is in every page.
 */
import type { SIGN_IN_LINK_PARAM as SignInLinkParam } from '@centro/contracts/identity';

/**
 * A marker of our own in sessionStorage, next to MSAL's token cache (same lifetime): set once MSAL
 * has an account, removed on sign-out or when MSAL finds none. Independent of MSAL's cache key names.
 */
export const SESSION_MARKER_KEY = 'centro.auth.session';

/** `SIGN_IN_LINK_PARAM` of `@centro/contracts/identity`, whose type keeps it equal. */
const SIGN_IN_LINK_PARAM: typeof SignInLinkParam = 'acessar';

type UrlParts = Pick<Location, 'search' | 'hash'>;

/** True when the address carries the provider's answer to a sign-in (code or error, with state). */
export function isRedirectResponse({ search, hash }: UrlParts): boolean {
  return [hash, search].some((part) => {
    const params = new URLSearchParams(part.replace(/^[#?]/, ''));
    return params.has('state') && (params.has('code') || params.has('error'));
  });
}

/**
 * True when the address is the provider's return after sign-out: only the `state` MSAL sent along
 * (MSAL itself leaves it there). Nothing to handle; the page removes it from the address.
 */
export function isSignOutReturn({ search }: Pick<Location, 'search'>): boolean {
  const params = new URLSearchParams(search);
  return params.size === 1 && params.has('state');
}

/** True when the address asks to sign in (`?acessar`, the link of the e-mails that say to). */
export function isSignInLink({ search }: Pick<Location, 'search'>): boolean {
  return new URLSearchParams(search).has(SIGN_IN_LINK_PARAM);
}

/** True when this tab has a signed-in session to restore. */
export function hasSessionToRestore(storage?: Pick<Storage, 'getItem'>): boolean {
  try {
    return (storage ?? window.sessionStorage).getItem(SESSION_MARKER_KEY) !== null;
  } catch {
    // Storage can be unavailable (privacy settings): then there is nothing to restore.
    return false;
  }
}

/** Whether to load MSAL as soon as the page is hydrated. */
export function needsMsalAtStartup(
  location: UrlParts,
  storage?: Pick<Storage, 'getItem'>,
): boolean {
  return isRedirectResponse(location) || hasSessionToRestore(storage);
}

/** Sets or removes the marker. */
export function markSession(signedIn: boolean, storage?: Storage): void {
  try {
    const target = storage ?? window.sessionStorage;
    if (signedIn) target.setItem(SESSION_MARKER_KEY, '1');
    else target.removeItem(SESSION_MARKER_KEY);
  } catch {
    // Without storage, the next page starts signed out; nothing else to do.
  }
}
