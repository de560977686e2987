import type * as Msal from '@azure/msal-browser';
import { InteractionRequiredAuthError } from '@azure/msal-browser';
import { ErrorCode } from '@centro/contracts/error-codes';
import { apiPaths, GRAPH_ME_PATH } from '@centro/contracts/paths';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-error';
import { isSessionEnd, safeReturnPath, startMsalSession } from './msal-session';
import { readApiToken } from './token-store';

describe('an ended session', () => {
  it('is the provider asking for a sign-in, or the API refusing an ended session', () => {
    for (const code of ['interaction_required', 'invalid_grant', 'login_required']) {
      expect(isSessionEnd(new InteractionRequiredAuthError(code, code))).toBe(true);
    }
    expect(isSessionEnd(new ApiError(401, '/api/auth/get-token', ErrorCode.SessionEnded))).toBe(
      true,
    );
  });

  it('is not any other failure', () => {
    expect(isSessionEnd(new ApiError(401, '/api/me/data', ErrorCode.InvalidToken))).toBe(false);
    expect(isSessionEnd(new ApiError(503, '/api/auth/get-token'))).toBe(false);
    expect(isSessionEnd(new Error('offline'))).toBe(false);
  });
});

describe('the page to come back to after sign-in', () => {
  it('is a path of this site', () => {
    expect(safeReturnPath('/global-kardec/passe')).toBe('/global-kardec/passe');
    expect(safeReturnPath('/contato?x=1')).toBe('/contato?x=1');
  });

  it('is nothing else: no open redirect through the state', () => {
    for (const state of [
      undefined,
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnPath(state)).toBeNull();
    }
  });
});

/**
 * A stand-in for MSAL's PublicClientApplication and the built-in provider's token endpoint: like
 * MSAL, a silent call answers from the cache, joins an identical call under way, or redeems the
 * refresh token it holds; like the provider, each refresh token works once (it rotates) and a used
 * one coming again revokes the grant (`invalid_grant`).
 */
const provider = vi.hoisted(() => ({
  /** The refresh tokens sent to the token endpoint, in order. */
  redeemed: [] as string[],
  used: new Set<string>(),
  revoked: false,
  issued: 1,
}));

vi.mock('@azure/msal-browser', async (importOriginal) => {
  const msal = await importOriginal<typeof Msal>();
  const account = { homeAccountId: 'ana.home', username: 'ana@example.org' };

  /** The token endpoint: a round trip, then a new access token and the next refresh token. */
  async function tokenEndpoint(refreshToken: string, scopes: string) {
    provider.redeemed.push(refreshToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (provider.revoked || provider.used.has(refreshToken)) {
      provider.revoked = true;
      throw new msal.InteractionRequiredAuthError('invalid_grant', 'grant revoked');
    }
    provider.used.add(refreshToken);
    provider.issued += 1;
    return { accessToken: `access(${scopes})`, refreshToken: `refresh-${provider.issued}` };
  }

  class PublicClientApplication {
    private refreshToken = 'refresh-1';
    private readonly accessTokens = new Map<string, string>();
    private readonly inFlight = new Map<string, Promise<{ accessToken: string }>>();
    addEventCallback() {
      return null;
    }
    async initialize() {}
    async handleRedirectPromise() {
      return null;
    }
    getAllAccounts() {
      return [account];
    }
    setActiveAccount() {}
    async clearCache() {
      this.accessTokens.clear();
    }
    async logoutRedirect() {}
    acquireTokenSilent({ scopes }: { scopes: string[] }) {
      const key = scopes.join(' ');
      const cached = this.accessTokens.get(key);
      if (cached) return Promise.resolve({ accessToken: cached });
      const joined = this.inFlight.get(key);
      if (joined) return joined;
      const call = tokenEndpoint(this.refreshToken, key)
        .then(({ accessToken, refreshToken }) => {
          this.refreshToken = refreshToken;
          this.accessTokens.set(key, accessToken);
          return { accessToken };
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, call);
      return call;
    }
  }
  return { ...msal, PublicClientApplication };
});

/** The site's answers: Graph's person, a bound API token, 'Sair'. */
function answer(url: string): unknown {
  if (url.endsWith(GRAPH_ME_PATH)) return { id: 'ana-id', displayName: 'Ana' };
  if (url.endsWith(apiPaths.getToken)) return { access_token: 'bound-token' };
  return {};
}

/** A session with the built-in provider's settings, against the stand-in above. */
const startSession = () =>
  startMsalSession(
    {
      authority: null,
      clientId: 'centro-web',
      protocolMode: 'AAD',
      redirectUri: null,
      graphUrl: null,
      graphScopes: ['User.Read'],
      apiScope: 'api://centro/access_as_user',
    },
    () => {},
    'https://centro.example',
  );

describe('silent token acquisition', () => {
  beforeEach(() => {
    Object.assign(provider, { redeemed: [], used: new Set(), revoked: false, issued: 1 });
    vi.stubGlobal('fetch', async (url: string) => Response.json(answer(url)));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('redeems each refresh token once when two calls need one at the same time', async () => {
    const session = await startSession();
    // The page's getUser (Graph's token, then the API's) while 'Sair' asks for the API's: neither
    // is cached, so each needs the refresh token.
    const [user] = await Promise.all([session.getUser(), session.signOut()]);

    expect(user).toEqual({ user: expect.objectContaining({ id: 'ana-id' }), token: 'bound-token' });
    expect(provider.revoked).toBe(false);
    expect(provider.redeemed).toEqual(['refresh-1', 'refresh-2']);
    // Signed out: the bound token the page's getUser stored is not left behind (it was stored
    // after 'Sair' had forgotten it once, in a clean-clone run).
    expect(readApiToken()).toBeNull();
  });

  it('starts no getUser once signing out has begun', async () => {
    const session = await startSession();
    const out = session.signOut();
    expect(await session.getUser()).toBeNull();
    await out;
    expect(readApiToken()).toBeNull();
  });
});
