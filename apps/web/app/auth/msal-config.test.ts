import {
  PublicClientApplication,
  type AccountInfo,
  type INavigationClient,
} from '@azure/msal-browser';
import { describe, expect, it, vi } from 'vitest';
import {
  apiTokenRequest,
  createMsalConfiguration,
  discoveryUrl,
  graphTokenRequest,
  isOpenIdConfiguration,
  knownAuthorities,
  loginRequest,
  logoutRequest,
  msalAuthority,
  type OpenIdConfiguration,
} from './msal-config';
import { resolveAuthSettings, type ResolvedAuthSettings } from '~/config/auth-settings';

const ORIGIN = 'http://localhost:3000';

const builtIn: ResolvedAuthSettings = resolveAuthSettings(
  {
    authority: null,
    clientId: 'centro-web',
    protocolMode: 'OIDC',
    redirectUri: null,
    graphUrl: null,
    graphScopes: ['User.ReadWrite.All'],
    apiScope: 'api://centro/access_as_user',
  },
  ORIGIN,
);

const entra: ResolvedAuthSettings = resolveAuthSettings(
  {
    authority: 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000001',
    clientId: '11111111-1111-1111-1111-111111111111',
    protocolMode: 'AAD',
    redirectUri: 'https://www.centro.org.br/',
    graphUrl: 'https://graph.microsoft.com',
    graphScopes: ['https://graph.microsoft.com/User.ReadWrite.All'],
    apiScope: 'api://22222222-2222-2222-2222-222222222222/access_as_user',
  },
  'https://www.centro.org.br',
);

/** The built-in provider's discovery document on plain http, as oidc-provider publishes it. */
const discovery: OpenIdConfiguration = {
  issuer: `${ORIGIN}/idp`,
  authorization_endpoint: `${ORIGIN}/idp/auth`,
  token_endpoint: `${ORIGIN}/idp/token`,
  end_session_endpoint: `${ORIGIN}/idp/session/end`,
  jwks_uri: `${ORIGIN}/idp/jwks`,
  response_modes_supported: ['form_post', 'fragment', 'query'],
};

/** Records where MSAL would send the browser, instead of going there. */
function recordingNavigation(): INavigationClient & { urls: string[] } {
  const urls: string[] = [];
  const record = async (url: string) => {
    urls.push(url);
    return false;
  };
  return { urls, navigateInternal: record, navigateExternal: record };
}

describe('the MSAL configuration', () => {
  it('defaults to the built-in provider of the page’s own origin', () => {
    expect(builtIn).toMatchObject({
      authority: `${ORIGIN}/idp`,
      redirectUri: `${ORIGIN}/`,
      postLogoutRedirectUri: `${ORIGIN}/`,
      graphUrl: ORIGIN,
    });
    expect(discoveryUrl(builtIn.authority)).toBe(`${ORIGIN}/idp/.well-known/openid-configuration`);
  });

  it('keeps the token cache in sessionStorage', () => {
    expect(createMsalConfiguration(builtIn, discovery).cache?.cacheLocation).toBe('sessionStorage');
    expect(createMsalConfiguration(entra).cache?.cacheLocation).toBe('sessionStorage');
  });

  it('speaks plain OIDC to the built-in provider, from its discovery document', () => {
    const config = createMsalConfiguration(builtIn, discovery);
    expect(config.system?.protocolMode).toBe('OIDC');
    expect(config.auth).toMatchObject({
      clientId: 'centro-web',
      authority: 'https://localhost:3000/idp',
      knownAuthorities: ['localhost:3000'],
      redirectUri: `${ORIGIN}/`,
      postLogoutRedirectUri: `${ORIGIN}/`,
      OIDCOptions: { defaultScopes: ['openid', 'profile'] },
    });
    expect(JSON.parse(config.auth.authorityMetadata ?? '')).toEqual(discovery);
    expect(() => createMsalConfiguration(builtIn)).toThrow(/discovery/);
  });

  it('needs nothing special for Entra ID', () => {
    const config = createMsalConfiguration(entra);
    expect(config.system?.protocolMode).toBe('AAD');
    expect(config.auth).toMatchObject({
      clientId: '11111111-1111-1111-1111-111111111111',
      authority: 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000001',
      knownAuthorities: [],
      redirectUri: 'https://www.centro.org.br/',
      postLogoutRedirectUri: 'https://www.centro.org.br/',
    });
    expect(config.auth.authorityMetadata).toBeUndefined();
    expect(config.auth.OIDCOptions).toBeUndefined();
  });

  it('declares the built-in provider and custom Entra domains as known authorities', () => {
    expect(knownAuthorities(builtIn)).toEqual(['localhost:3000']);
    expect(knownAuthorities(entra)).toEqual([]);
    expect(knownAuthorities({ ...entra, authority: 'https://centro.ciamlogin.com/' })).toEqual([]);
    expect(knownAuthorities({ ...entra, authority: 'https://login.centro.org.br/tenant' })).toEqual(
      ['login.centro.org.br'],
    );
  });

  it('names an http authority by its https twin, and leaves https ones alone', () => {
    expect(msalAuthority('http://localhost:3000/idp')).toBe('https://localhost:3000/idp');
    expect(msalAuthority('https://www.centro.org.br/idp/')).toBe('https://www.centro.org.br/idp');
  });

  it('recognises a usable discovery document', () => {
    expect(isOpenIdConfiguration(discovery)).toBe(true);
    expect(isOpenIdConfiguration({ ...discovery, token_endpoint: undefined })).toBe(false);
    expect(isOpenIdConfiguration({ ...discovery, end_session_endpoint: 3 })).toBe(false);
    expect(isOpenIdConfiguration(null)).toBe(false);
  });

  it('asks for Graph, consents to the API, and carries the page to come back to', () => {
    expect(loginRequest(builtIn, { createAccount: false, returnPath: '/contato' })).toEqual({
      scopes: ['User.ReadWrite.All'],
      extraScopesToConsent: ['api://centro/access_as_user'],
      state: '/contato',
    });
    expect(
      loginRequest(builtIn, { createAccount: true, returnPath: '/global-kardec/passe' }),
    ).toMatchObject({ prompt: 'create', state: '/global-kardec/passe' });
    // Before 'Excluir minha conta': the password again, whatever session the provider has.
    expect(
      loginRequest(builtIn, { createAccount: false, returnPath: '/perfil', reauthenticate: true }),
    ).toMatchObject({ prompt: 'login', state: '/perfil' });
  });

  it('acquires tokens silently without a hidden frame, for the given account', () => {
    const account = { homeAccountId: 'a' } as AccountInfo;
    expect(graphTokenRequest(entra, account)).toMatchObject({
      scopes: ['https://graph.microsoft.com/User.ReadWrite.All'],
      account,
      cacheLookupPolicy: 2,
    });
    expect(apiTokenRequest(entra, account)).toMatchObject({
      scopes: ['api://22222222-2222-2222-2222-222222222222/access_as_user'],
      account,
    });
  });

  it("signs out of Entra with the ID token's login_hint as logout_hint, never the ID token", () => {
    const account = {
      homeAccountId: 'a',
      idToken: 'id.token.value',
      idTokenClaims: { login_hint: 'O.aW50ZXJuYWw' },
    } as AccountInfo;
    expect(logoutRequest(entra, account)).toEqual({
      account,
      logoutHint: 'O.aW50ZXJuYWw',
      postLogoutRedirectUri: entra.postLogoutRedirectUri,
    });
    // Without the optional claim: no hint (Entra may show its account picker).
    const bare = { homeAccountId: 'a', idToken: 'id.token.value' } as AccountInfo;
    expect(logoutRequest(entra, bare)).toEqual({
      account: bare,
      postLogoutRedirectUri: entra.postLogoutRedirectUri,
    });
  });

  it('asks for the sign-up page unless the build says the tenant has none (workforce)', () => {
    const request = { createAccount: true, returnPath: '/' };
    expect(loginRequest(entra, request).prompt).toBe('create');
    expect(loginRequest({ ...entra, signUpPrompt: 'none' }, request).prompt).toBeUndefined();
  });

  it('signs out with the ID token as a hint, back to the home page', () => {
    const account = { homeAccountId: 'a', idToken: 'id.token.value' } as AccountInfo;
    expect(logoutRequest(builtIn, account)).toEqual({
      account,
      idTokenHint: 'id.token.value',
      postLogoutRedirectUri: `${ORIGIN}/`,
    });
  });
});

describe('MSAL with the built-in provider on plain http', () => {
  it('refuses the http authority as such (authority_uri_insecure)', async () => {
    const navigation = recordingNavigation();
    const config = createMsalConfiguration(builtIn, discovery);
    const instance = new PublicClientApplication({
      ...config,
      auth: { ...config.auth, authority: builtIn.authority },
      system: { ...config.system, navigationClient: navigation },
    });
    await instance.initialize();
    await instance.handleRedirectPromise();
    await expect(
      instance.loginRedirect(loginRequest(builtIn, { createAccount: false, returnPath: '/' })),
    ).rejects.toMatchObject({ errorCode: 'authority_uri_insecure' });
    expect(navigation.urls).toEqual([]);
  });

  it('sends the person to the provider’s http endpoint with the https twin and the document', async () => {
    const navigation = recordingNavigation();
    const config = createMsalConfiguration(builtIn, discovery);
    const instance = new PublicClientApplication({
      ...config,
      system: { ...config.system, navigationClient: navigation },
    });
    await instance.initialize();
    await instance.handleRedirectPromise();
    await instance.loginRedirect(
      loginRequest(builtIn, { createAccount: true, returnPath: '/global-kardec/passe' }),
    );

    expect(navigation.urls).toHaveLength(1);
    const url = new URL(navigation.urls[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/idp/auth`);
    const query = url.searchParams;
    expect(query.get('client_id')).toBe('centro-web');
    expect(query.get('redirect_uri')).toBe(`${ORIGIN}/`);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('response_mode')).toBe('fragment');
    expect(query.get('prompt')).toBe('create');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('scope')?.split(' ').sort()).toEqual(
      ['User.ReadWrite.All', 'api://centro/access_as_user', 'openid', 'profile'].sort(),
    );
    expect(query.get('state')).toContain('/global-kardec/passe');
    // The configuration came from the document: MSAL fetched nothing, from no https address.
  });
});

/** An External ID tenant: discovery answers with the tenant GUID in the issuer's host and path. */
const CIAM_TENANT = '7b3a4f2e-1c9d-4e8a-9f60-2d5c8b1a0e47';
const CIAM_ISSUER = `https://${CIAM_TENANT}.ciamlogin.com/${CIAM_TENANT}/v2.0`;
const ciamDiscovery: OpenIdConfiguration = {
  issuer: CIAM_ISSUER,
  authorization_endpoint: `https://${CIAM_TENANT}.ciamlogin.com/${CIAM_TENANT}/oauth2/v2.0/authorize`,
  token_endpoint: `https://${CIAM_TENANT}.ciamlogin.com/${CIAM_TENANT}/oauth2/v2.0/token`,
  end_session_endpoint: `https://${CIAM_TENANT}.ciamlogin.com/${CIAM_TENANT}/oauth2/v2.0/logout`,
  jwks_uri: `https://${CIAM_TENANT}.ciamlogin.com/${CIAM_TENANT}/discovery/v2.0/keys`,
  response_modes_supported: ['query', 'fragment', 'form_post'],
};

/** Real MSAL, discovering an External ID tenant as Entra answers. */
async function signInToExternalId(
  authority: string,
): Promise<{ urls: string[]; fetched: string[] }> {
  const settings = { ...entra, authority };
  const fetched: string[] = [];
  sessionStorage.clear();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    fetched.push(url);
    if (url.includes('/.well-known/openid-configuration')) {
      return new Response(JSON.stringify(ciamDiscovery), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
  try {
    const navigation = recordingNavigation();
    const config = createMsalConfiguration(settings);
    const instance = new PublicClientApplication({
      ...config,
      system: { ...config.system, navigationClient: navigation },
    });
    await instance.initialize();
    await instance.handleRedirectPromise();
    await instance.loginRedirect(loginRequest(settings, { createAccount: true, returnPath: '/' }));
    return { urls: navigation.urls, fetched };
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('MSAL with an Entra External ID tenant', () => {
  it('accepts the discovery’s GUID issuer with the tenant id in the authority', async () => {
    const { urls, fetched } = await signInToExternalId(
      `https://centro.ciamlogin.com/${CIAM_TENANT}`,
    );
    expect(
      fetched.some((url) => url.startsWith(`https://centro.ciamlogin.com/${CIAM_TENANT}/`)),
    ).toBe(true);
    expect(urls).toHaveLength(1);
    const url = new URL(urls[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(ciamDiscovery.authorization_endpoint);
    expect(url.searchParams.get('prompt')).toBe('create');
  });

  it('would refuse it with the subdomain-only authority the README used to give', async () => {
    await expect(signInToExternalId('https://centro.ciamlogin.com')).rejects.toMatchObject({
      errorCode: 'endpoints_resolution_error',
    });
  });
});
