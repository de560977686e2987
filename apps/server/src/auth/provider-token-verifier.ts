/**
 * Validation of an identity provider's access token for this API (the token the browser obtains
 * from MSAL and presents once, to GET /api/auth/get-token, in exchange for an API token).
 *
 * Two providers, one policy, checked with `jose`:
 * - the built-in OpenID provider (`idp/`): its public JWKS is local (`createLocalJWKSet`); its JWT
 *   access tokens (RFC 9068) are typed `at+jwt`; the person is `oid` when present, else `sub`;
 * - Microsoft Entra ID (workforce or External ID): the tenant's JWKS is remote
 *   (`createRemoteJWKSet` on the `jwks_uri` of the tenant's discovery document, cached, with a
 *   timeout); v2 access tokens only (`ver: "2.0"`, `aud` = the API's client id, the issuer the
 *   tenant's discovery document names), of this tenant (`tid`), delegated (the
 *   configured scope in `scp`); the person is `oid`.
 *
 * Both: the signature against the provider's keys, with a `kid` naming exactly one of them; an
 * allow-list of asymmetric algorithms (never `none`, never HS*: HMAC-with-the-public-key tricks
 * fail on the algorithm before any key is chosen); the exact issuer and audience; `exp` (and
 * `nbf`) with a small clock tolerance; required claims. A refusal is a `ProviderTokenError` whose
 * `reason` is for logs only: the client always gets the same answer (provider-token-error.ts).
 * Where the keys come from (local or remote JWKS, Entra discovery) is provider-keys.ts.
 */
import { errors, jwtVerify, type JWSAlgorithm, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { directoryIdSchema, type StaffRoleName } from '@centro/contracts';
import { GUID } from '@centro/contracts/identity';
import {
  entraTenant,
  localKeys,
  requireKid,
  type EntraKeyOptions,
  type LocalJwks,
} from './provider-keys.js';
import {
  ProviderTokenError,
  unavailable,
  type ProviderTokenFailure,
} from './provider-token-error.js';

export interface VerifiedProviderToken {
  /** The person's directory id (Entra object id, or the built-in provider's account id). */
  userId: string;
  /**
   * The staff roles of Entra's `roles` claim (app roles `Coordenacao`, `Secretaria` and `Comunicacao` of the API's
   * registration), in the API's spelling; others are ignored. Used only with IDENTITY_PROVIDER=entra.
   */
  roles: StaffRoleName[];
  /** `iat` and `auth_time` (absent from some Entra tokens), epoch seconds (decision 047). */
  issuedAt: number;
  authTime?: number;
}

/** Entra app role value → staff role. */
const APP_ROLES: Readonly<Record<string, StaffRoleName>> = {
  Coordenacao: 'coordenacao',
  Secretaria: 'secretaria',
  Comunicacao: 'comunicacao',
};

/** The staff roles named by a token's `roles` claim. */
export function staffRolesOf(claim: unknown): StaffRoleName[] {
  if (!Array.isArray(claim)) return [];
  const roles = new Set<StaffRoleName>();
  for (const value of claim) {
    const role = typeof value === 'string' ? APP_ROLES[value] : undefined;
    if (role) roles.add(role);
  }
  return [...roles];
}

/** Validates a provider access token for this API. @throws ProviderTokenError */
export type ProviderTokenVerifier = (token: string) => Promise<VerifiedProviderToken>;

/** Tokens longer than this are refused unread (Entra access tokens are 1 to 3 KB). */
const MAX_TOKEN_LENGTH = 16 * 1024;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Default clock tolerance on `exp`, `nbf` and `iat`, in seconds. */
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;

interface Policy {
  issuer: string;
  audience: string;
  algorithms: JWSAlgorithm[];
  typ: string | undefined;
  requiredClaims: string[];
  clockToleranceSeconds: number;
  /** Where the key comes from (may throw ProviderTokenError('unavailable')). */
  getKey: JWTVerifyGetKey;
  /** Provider-specific claim checks; returns the person's id. */
  person(payload: JWTPayload): string;
  now?: () => number;
}

function reasonOf(error: unknown): ProviderTokenFailure {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'iss':
        return 'issuer';
      case 'aud':
        return 'audience';
      case 'nbf':
        return error.reason === 'missing' ? 'claims' : 'not_yet_valid';
      case 'typ':
        return 'type';
      default:
        return 'claims';
    }
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'algorithm';
  if (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return 'unknown_key';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  return 'malformed';
}

/** The scopes of a space-separated claim (`scp`). */
function scopesOf(claim: unknown): string[] {
  return typeof claim === 'string' ? claim.split(' ').filter(Boolean) : [];
}

/** A directory id taken from a claim, or a refusal. */
function personId(value: unknown): string {
  if (typeof value !== 'string' || !directoryIdSchema.safeParse(value).success) {
    throw new ProviderTokenError('claims');
  }
  return value;
}

/** Refuses what cannot be a compact JWS of a sane length. */
function checkShape(token: unknown): void {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) {
    throw new ProviderTokenError('malformed');
  }
}

function createVerifier(policy: Policy): ProviderTokenVerifier {
  return async (token) => {
    checkShape(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, policy.getKey, {
        algorithms: policy.algorithms,
        issuer: policy.issuer,
        audience: policy.audience,
        clockTolerance: policy.clockToleranceSeconds,
        requiredClaims: policy.requiredClaims,
        ...(policy.typ === undefined ? {} : { typ: policy.typ }),
        ...(policy.now === undefined ? {} : { currentDate: new Date(policy.now()) }),
      }));
    } catch (error) {
      if (error instanceof ProviderTokenError) throw error;
      throw new ProviderTokenError(reasonOf(error), { cause: error });
    }
    // `aud` may be an array: accept only tokens meant for this API alone.
    if (payload.aud !== policy.audience) throw new ProviderTokenError('audience');
    // `iat` in the future beyond the tolerance: a clock problem or a forged token.
    const nowSeconds = (policy.now?.() ?? Date.now()) / 1000;
    if (
      typeof payload.iat !== 'number' ||
      payload.iat > nowSeconds + policy.clockToleranceSeconds
    ) {
      throw new ProviderTokenError('claims');
    }
    const { iat: issuedAt, auth_time: authTime } = payload;
    const person = { userId: policy.person(payload), roles: staffRolesOf(payload.roles), issuedAt };
    return typeof authTime === 'number' && Number.isFinite(authTime)
      ? { ...person, authTime }
      : person;
  };
}

// ---------------------------------------------------------------------------------------------
// The built-in provider

/** What the built-in provider tells the verifier (exported by `idp/`). */
export interface EmbeddedProviderSource {
  /** The provider's issuer, exactly as in its tokens. */
  issuer: string;
  /** The API's resource identifier: the `aud` of access tokens for this API. */
  audience: string;
  /** The provider's public JWKS (called per verification: return the same object while unchanged). */
  jwks: LocalJwks;
  /** Signing algorithms it uses (default RS256 and ES256). */
  algorithms?: JWSAlgorithm[];
  /** `typ` header of its access tokens (default `at+jwt`, RFC 9068; oidc-provider's JWT format). */
  typ?: string;
  /** When given, this scope must be in the token's Entra-style `scp` (e.g. `access_as_user`). */
  scope?: string;
  /** When given, the token's `client_id` must be this (the website's client). */
  clientId?: string;
}

export interface VerifierTuning {
  clockToleranceSeconds?: number;
  /** Current time in milliseconds (tests). */
  now?: () => number;
}

const EMBEDDED_ALGORITHMS: JWSAlgorithm[] = ['RS256', 'ES256'];
/** Algorithms never accepted whatever a source says: symmetric ones and `none`. */
const FORBIDDEN_ALGORITHM = /^(HS|none$)/i;

function checkAlgorithms(algorithms: JWSAlgorithm[]): JWSAlgorithm[] {
  if (algorithms.length === 0 || algorithms.some((alg) => FORBIDDEN_ALGORITHM.test(alg))) {
    throw new Error(`Refusing the token algorithms ${JSON.stringify(algorithms)}.`);
  }
  return [...algorithms];
}

/** The verifier of the built-in provider's access tokens. */
export function createEmbeddedTokenVerifier(
  source: EmbeddedProviderSource,
  tuning: VerifierTuning = {},
): ProviderTokenVerifier {
  return createVerifier({
    issuer: source.issuer,
    audience: source.audience,
    algorithms: checkAlgorithms(source.algorithms ?? EMBEDDED_ALGORITHMS),
    typ: source.typ ?? 'at+jwt',
    requiredClaims: ['exp', 'iat', 'sub'],
    clockToleranceSeconds: tuning.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS,
    getKey: requireKid(localKeys(source.jwks)),
    person(payload) {
      if (source.clientId !== undefined && payload.client_id !== source.clientId) {
        throw new ProviderTokenError('claims');
      }
      if (source.scope !== undefined && !scopesOf(payload.scp).includes(source.scope)) {
        throw new ProviderTokenError('scope');
      }
      return personId(payload.oid ?? payload.sub);
    },
    ...(tuning.now ? { now: tuning.now } : {}),
  });
}

// ---------------------------------------------------------------------------------------------
// Microsoft Entra ID

export interface EntraVerifierOptions extends VerifierTuning, EntraKeyOptions {
  /** The API's application (client) id: the `aud` of v2 access tokens. */
  audience: string;
  /** The delegated scope required in `scp`, e.g. `access_as_user`. */
  scope: string;
}

/** The verifier of Entra v2 access tokens for this API. */
export function createEntraTokenVerifier(options: EntraVerifierOptions): ProviderTokenVerifier {
  if (!GUID.test(options.tenantId)) throw new Error('The Entra tenant id must be a GUID.');
  const tenantId = options.tenantId.toLowerCase();
  const scope = options.scope;
  const resolveTenant = entraTenant(options);
  let verifier: ProviderTokenVerifier | undefined;
  return async (token) => {
    // A token that cannot be one is refused before the tenant is even asked.
    checkShape(token);
    const tenant = await resolveTenant();
    verifier ??= createVerifier({
      issuer: tenant.issuer,
      audience: options.audience,
      algorithms: ['RS256'],
      // Entra types its access tokens "JWT"; an untyped or differently typed token is not one.
      typ: 'JWT',
      requiredClaims: ['exp', 'nbf', 'iat', 'tid', 'oid', 'scp', 'ver'],
      clockToleranceSeconds: options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS,
      getKey: requireKid(tenant.getKey),
      person(payload) {
        if (payload.ver !== '2.0') throw new ProviderTokenError('claims');
        if (typeof payload.tid !== 'string' || payload.tid.toLowerCase() !== tenantId) {
          throw new ProviderTokenError('tenant');
        }
        if (!scopesOf(payload.scp).includes(scope)) throw new ProviderTokenError('scope');
        if (typeof payload.oid !== 'string' || !GUID.test(payload.oid)) {
          throw new ProviderTokenError('claims');
        }
        return personId(payload.oid);
      },
      ...(options.now ? { now: options.now } : {}),
    });
    return verifier(token);
  };
}

/**
 * A verifier for when no provider is wired (the built-in provider not yet connected): every token
 * is refused as `unavailable` (a 503, so the misconfiguration is visible), never accepted.
 */
export function unavailableTokenVerifier(why: string): ProviderTokenVerifier {
  return () => Promise.reject(unavailable(why));
}
