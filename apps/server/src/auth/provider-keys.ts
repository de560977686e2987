/**
 * Where a provider token's signing key comes from: the built-in provider's local JWKS (following
 * its key rotation), or the Entra tenant's remote JWKS found by discovery. Every key lookup first
 * requires a `kid` in the token's header. The claim checks are in provider-token-verifier.ts.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  type CompactJWSHeaderParameters,
  type FlattenedJWSInput,
} from 'jose';
import {
  discoverEntraTenant,
  type EntraTenantMetadata,
  type EntraTenantSettings,
} from './entra-discovery.js';
import { ProviderTokenError, unavailable } from './provider-token-error.js';

/** Refuses a header without a `kid` before any key is looked up. */
export function requireKid(getKey: JWTVerifyGetKey): JWTVerifyGetKey {
  return (header: CompactJWSHeaderParameters, token: FlattenedJWSInput) => {
    if (typeof header.kid !== 'string' || header.kid === '') {
      throw new ProviderTokenError('unknown_key');
    }
    return getKey(header, token);
  };
}

/** The built-in provider's public JWKS, or a function returning it (called per verification). */
export type LocalJwks = JSONWebKeySet | (() => JSONWebKeySet | Promise<JSONWebKeySet>);

/** A local key set that follows the provider's key rotation (rebuilt only when the set changes). */
export function localKeys(jwks: LocalJwks): JWTVerifyGetKey {
  if (typeof jwks !== 'function') return createLocalJWKSet(jwks);
  let current: { source: JSONWebKeySet; text: string; keys: JWTVerifyGetKey } | undefined;
  return async (header, token) => {
    const source = await jwks();
    if (current?.source !== source) {
      const text = JSON.stringify(source);
      if (current?.text !== text) {
        current = { source, text, keys: createLocalJWKSet(source) };
      } else {
        current = { ...current, source };
      }
    }
    return current.keys(header, token);
  };
}

/** Where the Entra tenant's keys are found, and how often they may be fetched. */
export interface EntraKeyOptions extends EntraTenantSettings {
  /** The JWKS address; when absent it is read from the tenant's discovery document. */
  jwksUri?: string;
  /** The discovery document already read (by the start-up check): no second discovery. */
  discovered?: EntraTenantMetadata | undefined;
  /** Timeout of discovery and key downloads, in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Minimum time between two key downloads triggered by an unknown `kid` (default 30 s). */
  jwksCooldownMs?: number;
  /** After a failed discovery, wait this long before trying again (default 10 s). */
  retryAfterFailureMs?: number;
}

export interface EntraTenant {
  issuer: string;
  getKey: JWTVerifyGetKey;
}

/**
 * The tenant's issuer and keys: discovery once (unless both ENTRA_ISSUER and ENTRA_JWKS_URI are
 * given, or the start-up check has read it; retried after a failure, not more often than
 * `retryAfterFailureMs`), then jose's remote key set (cached 10 minutes, refetched on an unknown
 * `kid` at most every `jwksCooldownMs`, each download bounded by the timeout).
 */
export function entraTenant(options: EntraKeyOptions): () => Promise<EntraTenant> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 10_000;
  const remote = (issuer: string, url: URL): EntraTenant => {
    const keys = createRemoteJWKSet(url, {
      timeoutDuration: timeoutMs,
      cooldownDuration: options.jwksCooldownMs ?? 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    return {
      issuer,
      getKey: async (header, token) => {
        try {
          return await keys(header, token);
        } catch (error) {
          // Answers about the token pass through; failures to obtain the keys are ours.
          if (
            error instanceof errors.JWKSNoMatchingKey ||
            error instanceof errors.JWKSMultipleMatchingKeys ||
            error instanceof errors.JOSENotSupported ||
            error instanceof errors.JOSEAlgNotAllowed
          ) {
            throw error;
          }
          throw unavailable('Entra signing keys could not be downloaded', error);
        }
      },
    };
  };
  const jwksUri = options.jwksUri === undefined ? undefined : new URL(options.jwksUri);
  const known =
    options.discovered ??
    (options.issuer && jwksUri ? { issuer: options.issuer, jwksUri } : undefined);
  let tenant: Promise<EntraTenant> | undefined = known
    ? Promise.resolve(remote(known.issuer, jwksUri ?? known.jwksUri))
    : undefined;
  let failure: { at: number; error: ProviderTokenError } | undefined;

  return () => {
    if (tenant) return tenant;
    if (failure && Date.now() - failure.at < retryAfterFailureMs) {
      return Promise.reject(failure.error);
    }
    const pending = discoverEntraTenant(options, timeoutMs).then(
      (metadata) => remote(metadata.issuer, jwksUri ?? metadata.jwksUri),
      (error: unknown) => {
        throw unavailable(error instanceof Error ? error.message : 'Entra discovery failed', error);
      },
    );
    tenant = pending;
    pending.catch((error: unknown) => {
      tenant = undefined;
      failure = { at: Date.now(), error: error as ProviderTokenError };
    });
    return pending;
  };
}
