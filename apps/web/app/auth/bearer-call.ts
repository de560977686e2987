/**
 * Calls that carry the person's bound API token (`Authorization: Bearer`): the staff area and the
 * participant's own space. getUser() fetches a fresh token through the provider, which costs two
 * requests; a bearer call starts from the token the sign-in stored (spec section 3) when there is
 * one, keeps the token it has, and asks getUser() again only when the API refuses it (401), once.
 * Screens get the page's one bearer call from `useApi()` (./use-api.ts); nobody else makes one.
 */
import type { UserWithToken } from './types';
import { readApiToken } from './token-store';
import { ApiError } from '~/lib/api-error';
import { SignedOutError } from '~/lib/signed-out-error';

/** Runs one call with a token. */
export type BearerCall = <T>(call: (token: string) => Promise<T>) => Promise<T>;

export function createBearerCall(
  getUser: () => Promise<UserWithToken | null>,
  stored: () => string | null = readApiToken,
): BearerCall {
  const initial = stored();
  let token: Promise<string> | null = initial ? Promise.resolve(initial) : null;
  const fresh = () => {
    token = getUser().then((session) => {
      if (!session) throw new SignedOutError('Nobody is signed in');
      return session.token;
    });
    // A failed attempt is not kept: the next call asks again.
    token.catch(() => {
      token = null;
    });
    return token;
  };
  return async (call) => {
    const first = await (token ?? fresh());
    try {
      return await call(first);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      return call(await fresh());
    }
  };
}
