/**
 * What the API's token service needs to verify the built-in provider's access tokens locally: the
 * issuer, the API audience and the public keys (read from DATA_DIR; no network).
 */
import type { EmbeddedIdpSettings } from '../config/idp.js';
import { IDP_ACCESS_TOKEN_TYPE, IDP_SIGNING_ALGORITHMS } from './constants.js';
import { loadOrCreateProviderKeys, type SigningJwk } from './keys.js';

export interface EmbeddedProviderInfo {
  /** `${SITE_URL}/idp`, exactly as in the tokens' `iss`. */
  issuer: string;
  /** `api://centro`: the `aud` of the provider's access tokens for the API. */
  audience: string;
  /** The provider's public signing keys. */
  jwks: { keys: SigningJwk[] };
  /** RS256 and ES256. */
  algorithms: ('RS256' | 'ES256')[];
  /** `at+jwt`. */
  typ: string;
}

export async function embeddedProviderSource(
  config: Pick<EmbeddedIdpSettings, 'dataDir' | 'idp'>,
): Promise<EmbeddedProviderInfo> {
  const keys = await loadOrCreateProviderKeys(config.dataDir);
  return {
    issuer: config.idp.issuer,
    audience: config.idp.apiAudience,
    jwks: keys.publicJwks,
    algorithms: [...IDP_SIGNING_ALGORITHMS],
    typ: IDP_ACCESS_TOKEN_TYPE,
  };
}
