/**
 * The identity settings the browser needs, as prerendered into every page (the root loader's data),
 * and their resolution against the page's own origin. No MSAL here: this module is in every page.
 */
import { BUILT_IN_PROVIDER_PATH } from '@centro/contracts/identity';

export type ProtocolMode = 'OIDC' | 'AAD';

/** Validated at build time (`app/config/env.ts`); `null` means "the built-in provider, same origin". */
export interface AuthSettings {
  /** Authority (issuer) URL without a final slash; null: `<page origin>/idp`. */
  authority: string | null;
  clientId: string;
  protocolMode: ProtocolMode;
  /** Address the provider returns to after sign-in; null: `<page origin>/`. */
  redirectUri: string | null;
  /** Origin of the Graph API serving `GET /v1.0/me`; null: the page's origin. */
  graphUrl: string | null;
  graphScopes: string[];
  apiScope: string;
  /**
   * What 'Quero me inscrever' asks the provider for: `create` (its sign-up page; the default) or
   * `none` (a plain sign-in: a workforce tenant ignores `prompt=create`).
   */
  signUpPrompt?: 'create' | 'none';
}

/** The settings with every default filled in, for one origin. */
export interface ResolvedAuthSettings {
  authority: string;
  clientId: string;
  protocolMode: ProtocolMode;
  redirectUri: string;
  /** Where the provider returns after sign-out: the home page (spec section 9). */
  postLogoutRedirectUri: string;
  graphUrl: string;
  graphScopes: string[];
  apiScope: string;
  signUpPrompt?: 'create' | 'none';
}

export function resolveAuthSettings(settings: AuthSettings, origin: string): ResolvedAuthSettings {
  const home = `${origin}/`;
  return {
    authority: settings.authority ?? `${origin}${BUILT_IN_PROVIDER_PATH}`,
    clientId: settings.clientId,
    protocolMode: settings.protocolMode,
    redirectUri: settings.redirectUri ?? home,
    postLogoutRedirectUri: settings.redirectUri ? new URL('/', settings.redirectUri).href : home,
    graphUrl: settings.graphUrl ?? origin,
    graphScopes: settings.graphScopes,
    apiScope: settings.apiScope,
    ...(settings.signUpPrompt === 'none' ? { signUpPrompt: 'none' as const } : {}),
  };
}
