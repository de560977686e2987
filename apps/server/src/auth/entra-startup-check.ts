/**
 * Start-up check of IDENTITY_PROVIDER=entra: the tenant's discovery document is read once before the
 * server listens, so a wrong ENTRA_TENANT_ID, ENTRA_AUTHORITY_HOST or ENTRA_ISSUER stops the start
 * with a message naming what to change, instead of refusing the first visitor's sign-in. An
 * unreachable tenant (network, outage) is only logged: the verifier keeps trying, and it says
 * nothing about the settings.
 */
import type { EntraConfig } from '../config/identity.js';
import {
  discoverEntraTenant,
  EntraDiscoveryError,
  type EntraTenantMetadata,
} from './entra-discovery.js';

export interface StartupLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface EntraCheck {
  /** The document read (the verifier reuses it); undefined when the tenant was unreachable. */
  metadata: EntraTenantMetadata | undefined;
  /** What to change, one line per problem. */
  problems: string[];
}

export async function checkEntraTenant(
  entra: EntraConfig,
  log: StartupLog,
  timeoutMs = 5000,
): Promise<EntraCheck> {
  try {
    const metadata = await discoverEntraTenant(entra, timeoutMs);
    log.info({ issuer: metadata.issuer }, 'Entra tenant discovered');
    return { metadata, problems: [] };
  } catch (error) {
    if (error instanceof EntraDiscoveryError && error.kind === 'configuration') {
      return { metadata: undefined, problems: [error.message] };
    }
    log.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'The Entra tenant could not be reached at start-up; its settings are checked at the first sign-in',
    );
    return { metadata: undefined, problems: [] };
  }
}
