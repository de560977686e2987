/**
 * The staff area's calls carry the person's bound API token (`Authorization: Bearer`). getUser()
 * fetches a fresh one through the provider, which costs two requests; the staff area keeps the
 * token it got and asks again only when the API refuses it as expired or invalid (401), once.
 */
import type { UserWithToken } from '~/auth/types';
import { ApiError } from '~/lib/api-client';

/** Runs one staff call with a token. */
export type StaffCall = <T>(call: (token: string) => Promise<T>) => Promise<T>;

/** Nobody is signed in any more (getUser answered null). */
export class SignedOutError extends Error {
  override name = 'SignedOutError';
}

export function createStaffCall(getUser: () => Promise<UserWithToken | null>): StaffCall {
  let token: Promise<string> | null = null;
  const fresh = () => {
    token = getUser().then((session) => {
      if (!session) throw new SignedOutError('No signed-in person for the staff area');
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
