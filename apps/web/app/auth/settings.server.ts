/** The identity settings of this build, from the validated build-time environment. */
import { getEnv, type Env } from '~/config/env';
import type { AuthSettings } from './settings';

/**
 * Scopes of the built-in provider (apps/server/src/idp/constants.ts): its Graph-shaped `/v1.0/me`
 * takes Microsoft Graph's own scope names, and this API's scope follows Entra's
 * `api://<application id uri>/access_as_user`. Kept equal to the provider's constants.
 */
export const BUILT_IN_GRAPH_SCOPES = ['User.ReadWrite.All'];
export const BUILT_IN_API_SCOPE = 'api://centro/access_as_user';

export function authSettingsFrom(env: Env): AuthSettings {
  return {
    authority: env.VITE_AUTH_AUTHORITY ?? null,
    clientId: env.VITE_AUTH_CLIENT_ID,
    protocolMode: env.VITE_AUTH_PROTOCOL_MODE,
    redirectUri: env.VITE_AUTH_REDIRECT_URI ?? null,
    graphUrl: env.VITE_AUTH_GRAPH_URL ?? null,
    graphScopes: env.VITE_AUTH_GRAPH_SCOPES ?? BUILT_IN_GRAPH_SCOPES,
    apiScope: env.VITE_AUTH_API_SCOPE ?? BUILT_IN_API_SCOPE,
  };
}

export function getAuthSettings(): AuthSettings {
  return authSettingsFrom(getEnv());
}
