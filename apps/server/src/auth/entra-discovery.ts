/**
 * The Entra tenant's OpenID discovery document
 * (`<authority host>/<tenant id>/v2.0/.well-known/openid-configuration`): where the token verifier
 * learns the issuer of the tenant's tokens and its signing keys' address, and what the start-up
 * check reads before the first visitor (docs/decisions/031-entra-startup-checks.md).
 *
 * The issuer is taken from the document (External ID answers `https://<tid>.ciamlogin.com/<tid>/v2.0`,
 * a workforce tenant `https://login.microsoftonline.com/<tid>/v2.0`), never derived by hand; it must
 * name the configured tenant, and equal `ENTRA_ISSUER` when that is set.
 */
import { isSecureOrLoopback } from '@centro/contracts/identity';

export interface EntraTenantSettings {
  /** Origin of the authority, e.g. `https://centro.ciamlogin.com`. */
  authorityHost: string;
  /** The tenant's id (GUID). */
  tenantId: string;
  /** ENTRA_ISSUER: when set, the document's issuer must be exactly this. */
  issuer?: string | undefined;
}

/** What the verifier needs from the document. */
export interface EntraTenantMetadata {
  issuer: string;
  jwksUri: URL;
}

/**
 * Discovery failed. `configuration`: the tenant answered, and the settings are wrong (the message
 * says which variable to change); `unavailable`: the tenant could not be asked (network, timeout,
 * 5xx), which says nothing about the settings.
 */
export class EntraDiscoveryError extends Error {
  override name = 'EntraDiscoveryError';
  constructor(
    readonly kind: 'configuration' | 'unavailable',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const MAX_DISCOVERY_BYTES = 256 * 1024;

/** The tenant's discovery document address. */
export function entraDiscoveryUrl(authorityHost: string, tenantId: string): URL {
  return new URL(
    `${authorityHost.replace(/\/+$/, '')}/${tenantId}/v2.0/.well-known/openid-configuration`,
  );
}

/** Reads the tenant's discovery document and checks that it is this tenant's. */
export async function discoverEntraTenant(
  settings: EntraTenantSettings,
  timeoutMs: number,
): Promise<EntraTenantMetadata> {
  const url = entraDiscoveryUrl(settings.authorityHost, settings.tenantId);
  const misconfigured = (why: string) =>
    new EntraDiscoveryError('configuration', `Entra discovery at ${url.href} ${why}`);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new EntraDiscoveryError('unavailable', `Entra discovery at ${url.href} failed`, {
      cause: error,
    });
  }
  if (response.status >= 500 || response.status === 429) {
    throw new EntraDiscoveryError(
      'unavailable',
      `Entra discovery at ${url.href} answered HTTP ${response.status}`,
    );
  }
  if (response.status !== 200) {
    // Entra answers 400 AADSTS90002 ("Tenant not found") for an unknown tenant id.
    throw misconfigured(
      `answered HTTP ${response.status}: the tenant is unknown there. Set ENTRA_TENANT_ID to the tenant's directory (tenant) id and ENTRA_AUTHORITY_HOST to its authority origin (External ID: https://<subdomain>.ciamlogin.com)`,
    );
  }
  let document: unknown;
  try {
    const text = await response.text();
    if (text.length > MAX_DISCOVERY_BYTES) throw new Error('discovery document too large');
    document = JSON.parse(text);
  } catch (error) {
    throw new EntraDiscoveryError(
      'unavailable',
      `Entra discovery at ${url.href} is not a JSON document`,
      { cause: error },
    );
  }
  const { issuer, jwks_uri: jwksUri } = (document ?? {}) as {
    issuer?: unknown;
    jwks_uri?: unknown;
  };
  if (typeof issuer !== 'string' || !URL.canParse(issuer)) {
    throw misconfigured('names no issuer: ENTRA_AUTHORITY_HOST is not a Microsoft Entra authority');
  }
  if (settings.issuer !== undefined && issuer !== settings.issuer) {
    throw misconfigured(
      `names the issuer ${issuer}, not ENTRA_ISSUER (${settings.issuer}): leave ENTRA_ISSUER unset (the issuer is read from discovery) or set it to ${issuer}`,
    );
  }
  if (!issuer.toLowerCase().includes(settings.tenantId.toLowerCase())) {
    throw misconfigured(
      `names the issuer ${issuer}, which is not the tenant ${settings.tenantId}'s: check ENTRA_TENANT_ID and ENTRA_AUTHORITY_HOST`,
    );
  }
  let keys: URL;
  try {
    keys = new URL(String(jwksUri));
  } catch (error) {
    throw new EntraDiscoveryError(
      'configuration',
      `Entra discovery at ${url.href} has no valid jwks_uri`,
      {
        cause: error,
      },
    );
  }
  if (!isSecureOrLoopback(keys)) {
    throw misconfigured('names a jwks_uri that is not https');
  }
  return { issuer, jwksUri: keys };
}
