/**
 * Verification of the provider's JWT access tokens with jose, against its public keys held in
 * memory (no network): signature with an allow-listed asymmetric algorithm (`none` and HMAC are
 * refused, so a public key can never be used as an HMAC secret), `typ: at+jwt`, issuer, audience,
 * expiry, the client it was issued to, and one of the scopes the caller requires.
 * `/v1.0/me` uses it for the Graph audience; the API's token service can use it for the API
 * audience (or do the same checks itself).
 */
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { IDP_ACCESS_TOKEN_TYPE, IDP_SIGNING_ALGORITHMS } from '../constants.js';

export interface IdpAccessTokenVerifierOptions {
  /** The provider's issuer (`${SITE_URL}/idp`). */
  issuer: string;
  /** The resource the token must be for (BUILT_IN_API_AUDIENCE or EMBEDDED_GRAPH_AUDIENCE). */
  audience: string;
  /** The provider's public keys (`loadOrCreateProviderKeys(dataDir).publicJwks`). */
  publicJwks: JSONWebKeySet;
  /** When given, the token's `client_id` must be this (the website's client). */
  clientId?: string;
  /** When given, the token's `scope` must contain at least one of these. */
  anyOfScopes?: readonly string[];
  /** Seconds of clock skew tolerated (default 30). */
  clockToleranceSeconds?: number;
}

export interface VerifiedIdpAccessToken {
  /** The account id (`sub`, equal to `oid`). */
  subject: string;
  scopes: string[];
  expiresAt: number;
}

/** A token was refused; the reason is for logs only. */
export class IdpAccessTokenError extends Error {
  override name = 'IdpAccessTokenError';
  constructor(
    readonly reason: 'expired' | 'invalid',
    options?: ErrorOptions,
  ) {
    super(reason === 'expired' ? 'access token expired' : 'access token invalid', options);
  }
}

const MAX_TOKEN_LENGTH = 8192;

export function createIdpAccessTokenVerifier(
  options: IdpAccessTokenVerifierOptions,
): (token: string) => Promise<VerifiedIdpAccessToken> {
  const keys = createLocalJWKSet(options.publicJwks);
  return async (token) => {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
      throw new IdpAccessTokenError('invalid');
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: [...IDP_SIGNING_ALGORITHMS],
        typ: IDP_ACCESS_TOKEN_TYPE,
        issuer: options.issuer,
        audience: options.audience,
        requiredClaims: ['sub', 'exp', 'iat', 'client_id'],
        clockTolerance: options.clockToleranceSeconds ?? 30,
      }));
    } catch (error) {
      throw new IdpAccessTokenError(
        error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid',
        {
          cause: error,
        },
      );
    }
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    if (typeof payload.sub !== 'string' || payload.sub === '' || payload.exp === undefined) {
      throw new IdpAccessTokenError('invalid');
    }
    if (options.clientId !== undefined && payload.client_id !== options.clientId) {
      throw new IdpAccessTokenError('invalid');
    }
    if (options.anyOfScopes && !options.anyOfScopes.some((scope) => scopes.includes(scope))) {
      throw new IdpAccessTokenError('invalid');
    }
    return { subject: payload.sub, scopes, expiresAt: payload.exp };
  };
}
