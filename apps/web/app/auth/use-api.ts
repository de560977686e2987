/**
 * The authenticated API call of the page (decision 042): `const call = useApi()`, then
 * `call((token) => fetchX(..., token))`. One bearer call per auth state (per `getUser`), shared by
 * every screen and component that asks, so the stored token is read once and a refused one is
 * renewed once for all of them.
 */
import { createBearerCall, type BearerCall } from './bearer-call';
import type { AuthContextValue } from './types';
import { useAuth } from './use-auth';

const calls = new WeakMap<AuthContextValue['getUser'], BearerCall>();

export function useApi(): BearerCall {
  const { getUser } = useAuth();
  let call = calls.get(getUser);
  if (!call) {
    call = createBearerCall(getUser);
    calls.set(getUser, call);
  }
  return call;
}
