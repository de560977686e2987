/**
 * MSAL, loaded on demand (see load-msal.ts): creates the one PublicClientApplication, initialises it,
 * handles the provider's answer to a redirect, and offers what the auth provider needs. Everything
 * here, MSAL included, is in a chunk that an anonymous visitor's page never downloads.
 */
import {
  EventMessageUtils,
  InteractionRequiredAuthError,
  PublicClientApplication,
  type AccountInfo,
  type AuthenticationResult,
  type InteractionStatus as MsalInteractionStatus,
} from '@azure/msal-browser';
import type { StaffRoleName } from '@centro/contracts';
import { ErrorCode } from '@centro/contracts/error-codes';
import { sessionMessages } from '@centro/contracts/messages';
import { apiPaths } from '@centro/contracts/paths';
import { notify } from '~/components/toasts/notify';
import { fetchJson } from '~/lib/api-client';
import { ApiError } from '~/lib/api-error';
import {
  apiTokenRequest,
  createMsalConfiguration,
  discoveryUrl,
  graphTokenRequest,
  isOpenIdConfiguration,
  loginRequest,
  logoutRequest,
  type OpenIdConfiguration,
} from './msal-config';
import {
  resolveAuthSettings,
  type AuthSettings,
  type ResolvedAuthSettings,
} from '~/config/auth-settings';
import { clearApiToken, readBoundApiToken } from './token-store';
import type { AuthUser, InteractionStatus, UserWithToken } from './types';
import { fetchAnonymousToken, fetchBoundToken, getUserWithToken } from './api/get-user';
import { fetchStaffRoles } from './api/staff-roles';
import { fetchUserDetails } from './api/user-details';

// Every MSAL status is one of ours.
type Assert<T extends true> = T;
export type _MsalStatusIsOurs = Assert<
  MsalInteractionStatus extends InteractionStatus ? true : false
>;

/** How long 'Acessar' waits for the anonymous token before redirecting anyway. */
const ANONYMOUS_TOKEN_TIMEOUT_MS = 5_000;
/** How long 'Sair' waits for the API to end the person's tokens before going to the provider. */
const SIGN_OUT_TIMEOUT_MS = 3_000;

/**
 * Whether a failure means the session is over: the provider wants the person
 * to sign in again (its refresh token is gone: a reset, 'Sair' elsewhere, too long idle), or the API
 * refuses tokens issued before the session ended.
 */
export function isSessionEnd(error: unknown): boolean {
  if (error instanceof InteractionRequiredAuthError) return true;
  return error instanceof ApiError && error.code === ErrorCode.SessionEnded;
}

export interface MsalSession {
  /** The first signed-in account, or null. */
  account: () => AccountInfo | null;
  /** The page to go back to after the sign-in just completed (the redirect's state), once. */
  takeReturnPath: () => string | null;
  /**
   * Redirects to the provider: sign-in, account creation, or a sign-in asking the password again
   * (`reauthenticate`, which first forgets the tokens held). Rejects if the redirect fails.
   */
  signIn: (options: {
    createAccount: boolean;
    returnPath: string;
    reauthenticate?: boolean;
  }) => Promise<void>;
  /**
   * Ends the person's tokens at the API (every device), forgets the stored token and redirects to
   * the provider's sign-out, which returns to '/'. When the API says the session has already ended
   * (the account was just deleted), forgets it in this browser only, without the provider.
   */
  signOut: () => Promise<void>;
  /**
   * The person (Graph) and a fresh bound backend token; null when nobody is signed in, or when the
   * session has just ended (the account forgotten, and a toast says so).
   */
  getUser: () => Promise<UserWithToken | null>;
  /** The product's user state (POST /api/user/details). */
  loadUserDetails: (userWithToken: UserWithToken) => Promise<AuthUser>;
  /** The person's staff roles (GET /api/staff/me), for their bound token. */
  loadStaffRoles: (token: string) => Promise<StaffRoleName[]>;
}

/** A root-relative path of this site, or null (never an address elsewhere: no open redirect). */
export function safeReturnPath(state: string | undefined | null): string | null {
  if (!state || !state.startsWith('/') || state.startsWith('//') || state.includes('\\')) {
    return null;
  }
  return state;
}

async function fetchDiscovery(settings: ResolvedAuthSettings): Promise<OpenIdConfiguration> {
  const document = await fetchJson(discoveryUrl(settings.authority));
  if (!isOpenIdConfiguration(document)) {
    throw new Error('The identity provider’s discovery document is incomplete');
  }
  return document;
}

/** The provider's answer to the redirect that brought the person here, if any (failures logged). */
async function handleRedirect(instance: PublicClientApplication) {
  try {
    return await instance.handleRedirectPromise({ navigateToLoginRequestUrl: false });
  } catch (error) {
    console.error('Sign-in failed:', error);
    return null;
  }
}

/**
 * Starts MSAL once for the page. `onStatus` receives MSAL's interaction statuses (handling the
 * redirect, …).
 */
export async function startMsalSession(
  settings: AuthSettings,
  onStatus: (status: InteractionStatus) => void,
  origin: string = window.location.origin,
): Promise<MsalSession> {
  const resolved = resolveAuthSettings(settings, origin);
  const discovery = resolved.protocolMode === 'OIDC' ? await fetchDiscovery(resolved) : undefined;
  const instance = new PublicClientApplication(createMsalConfiguration(resolved, discovery));

  let status: InteractionStatus = 'startup';
  instance.addEventCallback((message) => {
    const next = EventMessageUtils.getInteractionStatusFromEvent(
      message,
      status as MsalInteractionStatus,
    );
    if (next) {
      status = next;
      onStatus(next);
    }
  });

  await instance.initialize();
  const result: AuthenticationResult | null = await handleRedirect(instance);

  const account = () => instance.getAllAccounts()[0] ?? null;
  instance.setActiveAccount(result?.account ?? account());

  /**
   * One silent acquisition at a time (decision 072): the built-in provider rotates the refresh
   * token at each use and revokes the grant when a used one comes again, so two at once (the page's
   * getUser and a screen's, the Graph token and the API's) would redeem the same one, and the
   * second would end the session (`invalid_grant`). A later call waits for the one under way, then
   * asks MSAL, which has the new refresh token (or the access token) by then.
   */
  let silentTurn: Promise<unknown> = Promise.resolve();
  const silentToken = (request: ReturnType<typeof graphTokenRequest>): Promise<string> => {
    const result = silentTurn.then(() => instance.acquireTokenSilent(request));
    silentTurn = result.catch(() => undefined);
    return result.then((answer) => answer.accessToken);
  };

  let returnPath = safeReturnPath(result?.state);

  /**
   * The getUser calls under way: each stores a bound API token when it ends, so 'Sair' waits for
   * them before it forgets the token (else one ending after it would store it again, signed out).
   */
  const userCalls = new Set<Promise<unknown>>();
  /** Set by 'Sair': no getUser starts after it. */
  let signingOut = false;

  /** The account whose ended session was told (several calls may find it ended at once). */
  let toldEnded: string | null = null;

  /** Forgets the account's tokens in this browser (MSAL's cache, the stored API token). */
  const forget = async (current: AccountInfo) => {
    clearApiToken();
    await instance.clearCache({ account: current });
  };

  return {
    account,
    takeReturnPath: () => {
      const path = returnPath;
      returnPath = null;
      return path;
    },
    signIn: async ({ createAccount, returnPath, reauthenticate = false }) => {
      const current = account();
      // Tokens from a fresh sign-in only: no cached one from the old sign-in is used after it.
      if (reauthenticate && current) await forget(current);
      if (!createAccount) {
        // 'Acessar' stores the backend's anonymous token first (spec section 4); a failure is only
        // logged: the sign-in itself does not need it.
        await fetchAnonymousToken(ANONYMOUS_TOKEN_TIMEOUT_MS).catch((error: unknown) =>
          console.error('Sign-in: the anonymous token could not be obtained:', error),
        );
      }
      await instance.loginRedirect(
        loginRequest(resolved, { createAccount, returnPath, reauthenticate }),
      );
    },
    signOut: async () => {
      signingOut = true;
      await Promise.allSettled([...userCalls]);
      const current = account();
      // Pressed before the page had its bound API token (the anonymous one of 'Acessar' ends
      // nothing): one is asked for, so the tokens still end.
      const stored =
        readBoundApiToken() ??
        (current
          ? await silentToken(apiTokenRequest(resolved, current))
              .then(fetchBoundToken)
              .catch(() => null)
          : null);
      let ended = false;
      if (stored) {
        // 'Sair' ends the person's tokens everywhere (decision 047); a failure does not keep
        // anyone signed in here.
        await fetchJson(apiPaths.mySignOut, {
          method: 'POST',
          body: {},
          bearer: stored,
          timeoutMs: SIGN_OUT_TIMEOUT_MS,
        }).catch((error: unknown) => {
          ended = isSessionEnd(error);
          if (!ended) console.error('Sign-out: the API did not answer:', error);
        });
      }
      clearApiToken();
      if (!current) return;
      if (ended) await forget(current);
      else await instance.logoutRedirect(logoutRequest(resolved, current));
    },
    getUser: async () => {
      const current = account();
      if (!current || signingOut) return null;
      const call = userWithToken(current);
      userCalls.add(call);
      try {
        return await call;
      } finally {
        userCalls.delete(call);
      }
    },
    loadUserDetails: fetchUserDetails,
    loadStaffRoles: fetchStaffRoles,
  };

  /** The person and a fresh bound API token; null (and told) when their session has ended. */
  async function userWithToken(current: AccountInfo): Promise<UserWithToken | null> {
    try {
      return await getUserWithToken({
        graphUrl: resolved.graphUrl,
        graphToken: () => silentToken(graphTokenRequest(resolved, current)),
        apiToken: () => silentToken(apiTokenRequest(resolved, current)),
      });
    } catch (error) {
      if (!isSessionEnd(error)) throw error;
      // Signed out here too (the auth provider sees no account), with what happened; 'Acessar'
      // then brings the person back to this page.
      await forget(current);
      if (toldEnded !== current.homeAccountId) void notify('info', sessionMessages.ended);
      toldEnded = current.homeAccountId;
      return null;
    }
  }
}
