/**
 * 'Excluir minha conta' needs a recent sign-in (decision 047): whoever holds a
 * stolen session cannot delete the account without the password. The provider's `auth_time`, carried
 * in the API token, says when the person last signed in.
 *
 * - 'required' (the built-in provider, whose tokens always carry it): without it, or older than
 *   RECENT_SIGN_IN_SECONDS, refused.
 * - 'when-known' (Microsoft Entra ID, whose access tokens may leave it out): checked when present;
 *   absent, the tenant's own session policy (sign-in frequency) is what stands.
 */
import { RECENT_SIGN_IN_SECONDS } from '@centro/contracts';

export type RecentSignInPolicy = 'required' | 'when-known';

/** Tolerated clock skew between the provider and this server, in seconds. */
const SKEW_SECONDS = 60;

export function signedInRecently(
  authTime: number | undefined,
  nowMs: number,
  policy: RecentSignInPolicy,
): boolean {
  if (authTime === undefined) return policy === 'when-known';
  const age = nowMs / 1000 - authTime;
  return age <= RECENT_SIGN_IN_SECONDS && age >= -SKEW_SECONDS;
}
