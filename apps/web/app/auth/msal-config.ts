/**
 * The single MSAL configuration (the samples' authConfig.ts), built from this build's identity
 * settings. Imported only by the lazily loaded session module, so MSAL stays out of anonymous pages.
 *
 * Two providers, one code path:
 * - the built-in OpenID provider of the site's own server (`protocolMode: OIDC`, default);
 * - Microsoft Entra ID (`protocolMode: AAD`).
 */
import {
  BrowserCacheLocation,
  CacheLookupPolicy,
  PromptValue,
  ProtocolMode,
  type AccountInfo,
  type Configuration,
  type EndSessionRequest,
  type RedirectRequest,
  type SilentRequest,
} from '@azure/msal-browser';
import type { ResolvedAuthSettings } from '~/config/auth-settings';

/** The fields of an OpenID Provider's discovery document that MSAL reads. */
export interface OpenIdConfiguration {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
  jwks_uri: string;
  [field: string]: unknown;
}

/** Scopes MSAL adds to every OIDC request: no offline_access (the provider decides on refresh tokens). */
export const OIDC_DEFAULT_SCOPES = ['openid', 'profile'];

/** Microsoft's own authority hosts, which MSAL knows without being told (CIAM: `*.ciamlogin.com`). */
const MICROSOFT_AUTHORITY_HOST =
  /(^|\.)(login\.microsoftonline\.(com|us)|login\.microsoft\.com|login\.partner\.microsoftonline\.cn|ciamlogin\.com)$/i;

/**
 * Hosts MSAL must trust without asking Microsoft's instance discovery: the built-in provider, or an
 * Entra authority on a custom domain. None for Microsoft's own hosts.
 */
export function knownAuthorities(settings: ResolvedAuthSettings): string[] {
  const { host, hostname } = new URL(settings.authority);
  return settings.protocolMode === 'AAD' && MICROSOFT_AUTHORITY_HOST.test(hostname) ? [] : [host];
}

/** Where an OpenID Provider publishes its discovery document. */
export function discoveryUrl(authority: string): string {
  return `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/**
 * The authority as MSAL is given it. MSAL refuses any authority that is not https
 * (`authority_uri_insecure`), even on localhost; the built-in provider on a developer's machine is
 * plain http. MSAL never contacts the authority itself when it is given the discovery document
 * (`authorityMetadata`) and the host is a known authority: every request goes to the document's
 * endpoints. So an http authority is named by its https twin, and the real (http) endpoints come from
 * the document. See docs/decisions/007-msal-on-plain-http-localhost.md.
 */
export function msalAuthority(authority: string): string {
  const url = new URL(authority);
  if (url.protocol === 'http:') url.protocol = 'https:';
  return url.href.replace(/\/+$/, '');
}

/** True when `value` has the shape of a discovery document MSAL can use. */
export function isOpenIdConfiguration(value: unknown): value is OpenIdConfiguration {
  if (typeof value !== 'object' || value === null) return false;
  const document = value as Record<string, unknown>;
  return (
    ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'].every(
      (field) => typeof document[field] === 'string',
    ) &&
    (document.end_session_endpoint === undefined ||
      typeof document.end_session_endpoint === 'string')
  );
}

/**
 * The MSAL configuration. `discovery` is required in OIDC mode (the provider's discovery document,
 * fetched from the same origin before the instance is created); Entra is discovered by MSAL itself.
 */
export function createMsalConfiguration(
  settings: ResolvedAuthSettings,
  discovery?: OpenIdConfiguration,
): Configuration {
  const oidc = settings.protocolMode === 'OIDC';
  if (oidc && !discovery) throw new Error('The OpenID provider’s discovery document is required');
  return {
    auth: {
      clientId: settings.clientId,
      authority: msalAuthority(settings.authority),
      knownAuthorities: knownAuthorities(settings),
      ...(discovery ? { authorityMetadata: JSON.stringify(discovery) } : {}),
      redirectUri: settings.redirectUri,
      postLogoutRedirectUri: settings.postLogoutRedirectUri,
      ...(oidc ? { OIDCOptions: { defaultScopes: OIDC_DEFAULT_SCOPES } } : {}),
    },
    cache: {
      // Spec section 9: session storage holds the token cache; no auth state in cookies.
      cacheLocation: BrowserCacheLocation.SessionStorage,
    },
    // MSAL's own log stays silent (its messages are opaque codes); failures reach the caller as
    // errors and are logged there.
    system: { protocolMode: oidc ? ProtocolMode.OIDC : ProtocolMode.AAD },
  };
}

/**
 * Sign-in ('Acessar') or account creation ('Quero me inscrever': `prompt=create`, unless the build
 * says the provider has no sign-up: VITE_AUTH_SIGN_UP_PROMPT=none). The state carries the page to
 * return to; the API's scope is consented to at the same time. `reauthenticate`: the password asked
 * again even with a session at the provider (`prompt=login`), before 'Excluir minha conta', which the
 * API allows only after a recent sign-in (decision 047).
 */
export function loginRequest(
  settings: ResolvedAuthSettings,
  {
    createAccount,
    returnPath,
    reauthenticate = false,
  }: { createAccount: boolean; returnPath: string; reauthenticate?: boolean },
): RedirectRequest {
  const prompt =
    createAccount && settings.signUpPrompt !== 'none'
      ? PromptValue.CREATE
      : reauthenticate
        ? PromptValue.LOGIN
        : null;
  return {
    scopes: settings.graphScopes,
    extraScopesToConsent: [settings.apiScope],
    state: returnPath,
    ...(prompt ? { prompt } : {}),
  };
}

/**
 * Silent requests use the cache and the refresh token only: never a hidden frame at the provider
 * (the site's CSP allows no such frame, and a page must not sign anyone in behind their back). When
 * the session has expired, the call fails and the person signs in again.
 */
const SILENT = { cacheLookupPolicy: CacheLookupPolicy.AccessTokenAndRefreshToken };

/** The token for `GET {graph}/v1.0/me`. */
export function graphTokenRequest(
  settings: ResolvedAuthSettings,
  account: AccountInfo,
): SilentRequest {
  return { scopes: settings.graphScopes, account, ...SILENT };
}

/** The provider's token for this API, exchanged at GET /api/auth/get-token for a bound token. */
export function apiTokenRequest(
  settings: ResolvedAuthSettings,
  account: AccountInfo,
): SilentRequest {
  return { scopes: [settings.apiScope], account, ...SILENT };
}

/**
 * 'Sair': sign out at the provider and come back to '/'. A hint lets the provider sign the person
 * out without an account picker: the built-in provider takes the ID token (`id_token_hint`);
 * Microsoft Entra documents `logout_hint`, the ID token's `login_hint` claim, which the app
 * registration must add as an optional claim (docs/production-entra.md). Without that claim Entra
 * may show its account picker before returning.
 */
export function logoutRequest(
  settings: ResolvedAuthSettings,
  account: AccountInfo,
): EndSessionRequest {
  if (settings.protocolMode === 'AAD') {
    const hint = account.idTokenClaims?.login_hint;
    return {
      account,
      postLogoutRedirectUri: settings.postLogoutRedirectUri,
      ...(typeof hint === 'string' && hint !== '' ? { logoutHint: hint } : {}),
    };
  }
  return {
    account,
    postLogoutRedirectUri: settings.postLogoutRedirectUri,
    ...(account.idToken ? { idTokenHint: account.idToken } : {}),
  };
}
