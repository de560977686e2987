/**
 * The resources the provider issues access tokens for (RFC 8707 resource indicators): the API and
 * the Graph-shaped directory of this server. MSAL asks for scopes, never for a `resource`; the
 * resource is derived from the scopes asked for.
 */
import { BUILT_IN_API_AUDIENCE, BUILT_IN_API_SCOPE } from '@centro/contracts/identity';
import { EMBEDDED_GRAPH_AUDIENCE, EMBEDDED_GRAPH_SCOPES } from '../constants.js';

export interface ResourceDefinition {
  /** Resource indicator, also the `aud` of its access tokens. */
  indicator: string;
  scopes: readonly string[];
}

export const EMBEDDED_RESOURCES: readonly ResourceDefinition[] = [
  { indicator: BUILT_IN_API_AUDIENCE, scopes: [BUILT_IN_API_SCOPE] },
  { indicator: EMBEDDED_GRAPH_AUDIENCE, scopes: EMBEDDED_GRAPH_SCOPES },
];

export function findResource(
  indicator: string,
  resources: readonly ResourceDefinition[] = EMBEDDED_RESOURCES,
): ResourceDefinition | undefined {
  return resources.find((resource) => resource.indicator === indicator);
}

function scopeSet(scope: unknown): Set<string> {
  return new Set(typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []);
}

/** Indicators of the resources some of whose scopes are asked for, in declaration order. */
export function resourcesForScope(
  scope: unknown,
  resources: readonly ResourceDefinition[] = EMBEDDED_RESOURCES,
): string[] {
  const asked = scopeSet(scope);
  return resources
    .filter((resource) => resource.scopes.some((s) => asked.has(s)))
    .map((resource) => resource.indicator);
}

/**
 * The one resource a token request is for, among those granted: the first whose scopes are asked
 * for; when the request names no scope (an authorization code redeemed without `scope`), the API.
 */
export function chooseResource(
  candidates: readonly string[],
  scope: unknown,
  resources: readonly ResourceDefinition[] = EMBEDDED_RESOURCES,
): string | undefined {
  const wanted = resourcesForScope(scope, resources);
  return (
    candidates.find((candidate) => wanted.includes(candidate)) ??
    candidates.find((candidate) => candidate === BUILT_IN_API_AUDIENCE) ??
    candidates[0]
  );
}

/**
 * Entra-style `scp` of an access token: its scopes without the resource prefix
 * (`api://centro/access_as_user` → `access_as_user`), so the API can check the same claim whichever
 * provider issued the token.
 */
export function shortScopes(scope: string, indicator: string): string {
  const prefix = `${indicator}/`;
  return scope
    .split(' ')
    .filter(Boolean)
    .map((s) => (s.startsWith(prefix) ? s.slice(prefix.length) : s))
    .join(' ');
}
