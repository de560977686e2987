/**
 * Origins the pages' scripts must reach for sign-in (CSP connect-src). The built-in provider and its
 * Graph-shaped /v1.0/me are on the site's own origin; with Microsoft Entra ID, MSAL in the browser
 * talks to the authority (discovery, token endpoint, instance discovery on Microsoft's login host)
 * and reads the person's id from Microsoft Graph.
 */
import type { Config } from '../config/index.js';
import { MICROSOFT_AUTHORITY } from '../config/parsers.js';

export const MICROSOFT_LOGIN_ORIGIN = MICROSOFT_AUTHORITY;
export const MICROSOFT_GRAPH_ORIGIN = 'https://graph.microsoft.com';

export function identityConnectOrigins(
  config: Pick<Config, 'identityProvider' | 'entra'>,
): string[] {
  if (config.identityProvider !== 'entra' || !config.entra) return [];
  const authority = new URL(config.entra.authorityHost).origin;
  return [...new Set([authority, MICROSOFT_LOGIN_ORIGIN, MICROSOFT_GRAPH_ORIGIN])];
}
