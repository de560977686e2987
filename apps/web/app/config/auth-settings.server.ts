/** The identity settings of this build, from the validated build-time environment. */
import { BUILT_IN_API_SCOPE, BUILT_IN_GRAPH_SCOPES } from '@centro/contracts/identity';
import type { AuthSettings } from './auth-settings';
import { ENTRA_GRAPH_SCOPES, getEnv, type Env } from './env.ts';

export function authSettingsFrom(env: Env): AuthSettings {
  return {
    authority: env.VITE_AUTH_AUTHORITY ?? null,
    clientId: env.VITE_AUTH_CLIENT_ID,
    protocolMode: env.VITE_AUTH_PROTOCOL_MODE,
    redirectUri: env.VITE_AUTH_REDIRECT_URI ?? null,
    graphUrl: env.VITE_AUTH_GRAPH_URL ?? null,
    graphScopes:
      env.VITE_AUTH_GRAPH_SCOPES ??
      (env.VITE_AUTH_PROTOCOL_MODE === 'AAD'
        ? [...ENTRA_GRAPH_SCOPES]
        : [...BUILT_IN_GRAPH_SCOPES]),
    apiScope: env.VITE_AUTH_API_SCOPE ?? BUILT_IN_API_SCOPE,
    ...(env.VITE_AUTH_SIGN_UP_PROMPT === 'none' ? { signUpPrompt: 'none' as const } : {}),
  };
}

export function getAuthSettings(): AuthSettings {
  return authSettingsFrom(getEnv());
}
