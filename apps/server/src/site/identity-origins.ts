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
  const authority = new URL(config.entra.authorityHost);
  // External ID's discovery names the tenant-id host (https://<tid>.ciamlogin.com) as issuer and
  // may send MSAL's token requests there, whatever subdomain the authority uses.
  const tenantHost = authority.hostname.toLowerCase().endsWith('.ciamlogin.com')
    ? [`https://${config.entra.tenantId.toLowerCase()}.ciamlogin.com`]
    : [];
  return [
    ...new Set([authority.origin, ...tenantHost, MICROSOFT_LOGIN_ORIGIN, MICROSOFT_GRAPH_ORIGIN]),
  ];
}
