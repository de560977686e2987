/**
 * Builds the two halves of authentication from the configuration: the API tokens (key loaded once,
 * from API_TOKEN_SECRET or DATA_DIR) and the verifier of the configured identity provider's tokens.
 */
import type { Config } from '../config/index.js';
import { createApiTokens, type ApiTokens } from './api-tokens.js';
import type { EntraTenantMetadata } from './entra-discovery.js';
import { loadApiTokenSecret } from './api-token-secret.js';
import {
  createEmbeddedTokenVerifier,
  createEntraTokenVerifier,
  unavailableTokenVerifier,
  type EmbeddedProviderSource,
  type ProviderTokenVerifier,
} from './provider-token-verifier.js';

export interface AuthServices {
  apiTokens: ApiTokens;
  /** Validates the configured provider's access tokens for this API. */
  verifyProviderToken: ProviderTokenVerifier;
}

export interface AuthServicesOptions {
  /**
   * The built-in provider's issuer, API audience and public JWKS (from `idp/`). Without it, in the
   * embedded configuration, every provider token is refused with a 503.
   */
  embeddedProvider?: EmbeddedProviderSource | undefined;
  /** The Entra tenant's discovery document, read by the start-up check (no second discovery). */
  entraDiscovered?: EntraTenantMetadata | undefined;
}

type AuthServiceSettings = Pick<
  Config,
  'dataDir' | 'identityProvider' | 'entra' | 'apiTokenSecret' | 'apiTokenTtlSeconds'
>;

export function createProviderTokenVerifier(
  config: Pick<Config, 'identityProvider' | 'entra'>,
  options: AuthServicesOptions = {},
): ProviderTokenVerifier {
  if (config.identityProvider === 'entra') {
    const entra = config.entra;
    // loadConfig guarantees it; a hand-built Config might not.
    if (!entra) throw new Error('IDENTITY_PROVIDER=entra needs the ENTRA_* settings.');
    return createEntraTokenVerifier({
      tenantId: entra.tenantId,
      authorityHost: entra.authorityHost,
      issuer: entra.issuer,
      audience: entra.apiClientId,
      scope: entra.apiScope,
      ...(entra.jwksUri === undefined ? {} : { jwksUri: entra.jwksUri }),
      discovered: options.entraDiscovered,
    });
  }
  return options.embeddedProvider
    ? createEmbeddedTokenVerifier(options.embeddedProvider)
    : unavailableTokenVerifier('The built-in identity provider is not connected to the verifier.');
}

/** Reads the API token key (DATA_DIR must exist) and builds both services. */
export async function createAuthServices(
  config: AuthServiceSettings,
  options: AuthServicesOptions = {},
): Promise<AuthServices> {
  const secret = await loadApiTokenSecret({
    secret: config.apiTokenSecret,
    dataDir: config.dataDir,
  });
  return {
    apiTokens: createApiTokens({ secret, ttlSeconds: config.apiTokenTtlSeconds }),
    verifyProviderToken: createProviderTokenVerifier(config, options),
  };
}
