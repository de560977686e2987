/**
 * The server's own short-lived tokens: the "backend token" that GET /api/auth/get-token answers and
 * that every user and group call carries in its body. A compact JWS (RFC 7515) with HS256, issued
 * and verified only by this server (or by instances sharing `API_TOKEN_SECRET`).
 *
 * Two kinds:
 * - anonymous: `{ anon: true }` and no `sub`; it grants nothing on user or group endpoints;
 * - bound: `sub` is the person's directory id, taken from a verified identity-provider token.
 *
 * Verification is on the hot path (every API call of the enrolment rush), so it is synchronous
 * work over a key imported once, with node:crypto: measured on this project's machine, about
 * 100 000 verifications per second per core, ten times what a generic JWS library does through
 * WebCrypto. It can afford to be narrow: we only ever accept tokens we minted, so the protected
 * header must be byte-for-byte the one we write (`{"alg":"HS256","typ":"centro-api+jwt"}`), which
 * rules out `alg: none`, algorithm substitution, `kid`/`jku` tricks and header malleability
 * before any other work. The MAC is compared in constant time on its canonical base64url text.
 * The tokens are standard JWS: `jose` verifies them too (see the tests).
 */
import {
  createHmac,
  createSecretKey,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { directoryIdSchema, type StaffRoleName } from '@centro/contracts';
import { DEFAULT_API_TOKEN_TTL_SECONDS, MIN_API_TOKEN_SECRET_BYTES } from '../config/identity.js';

/** `iss` of every API token. */
export const API_TOKEN_ISSUER = 'centro-api';
/** `aud` of every API token. */
export const API_TOKEN_AUDIENCE = 'centro-api';
/** `typ` header of every API token (explicit typing, RFC 8725 section 3.11). */
export const API_TOKEN_TYPE = 'centro-api+jwt';
/** Longest token looked at; anything longer is refused unread. */
const MAX_TOKEN_LENGTH = 4096;
/** Clock skew tolerated between instances sharing a secret, in seconds. */
const DEFAULT_CLOCK_TOLERANCE_SECONDS = 30;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: API_TOKEN_TYPE })).toString(
  'base64url',
);
const HEADER_PREFIX = `${HEADER}.`;
/** base64url without padding: a payload segment and a 43-character HS256 signature. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_LENGTH = 43;

/** Who an API token speaks for. */
export type ApiTokenSubject =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      roles: StaffRoleName[];
      /** `iat`: when the token was issued, in epoch seconds (ended sessions refuse older ones). */
      issuedAt: number;
      /** When the person last signed in at the provider, in epoch seconds, if it said. */
      authTime?: number;
    };

export interface IssuedApiToken {
  /** The compact JWS. */
  token: string;
  /** Seconds until it expires. */
  expiresIn: number;
}

export type ApiTokenFailure = 'expired' | 'invalid';

/**
 * An API token was refused. `reason` is for logs and for choosing the answer; the message is
 * generic and the token itself is never part of the error.
 */
export class ApiTokenError extends Error {
  override name = 'ApiTokenError';
  constructor(readonly reason: ApiTokenFailure) {
    super(reason === 'expired' ? 'API token expired' : 'API token invalid');
  }
}

export interface ApiTokens {
  /** Lifetime of the tokens issued, in seconds. */
  readonly ttlSeconds: number;
  /** A token that identifies no one and grants nothing on user or group endpoints. */
  issueAnonymous(): IssuedApiToken;
  /** A token bound to the person with this directory id (taken from a verified provider token). */
  issueForUser(
    userId: string,
    roles?: readonly StaffRoleName[],
    options?: { authTime?: number | undefined },
  ): IssuedApiToken;
  /**
   * Who the token speaks for.
   * @throws ApiTokenError when it is malformed, tampered, expired, of another issuer or audience,
   *   signed with another algorithm or key, or neither clearly anonymous nor clearly bound.
   */
  verify(token: string): ApiTokenSubject;
}

export interface ApiTokensOptions {
  /** The HMAC key: at least 32 bytes (see loadApiTokenSecret). */
  secret: Uint8Array;
  /** Lifetime of issued tokens in seconds (default 600). */
  ttlSeconds?: number;
  /** Clock skew tolerated on `exp` and `iat`, in seconds (default 30). */
  clockToleranceSeconds?: number;
  /** Current time in milliseconds (tests). */
  now?: () => number;
}

interface Claims {
  iss: string;
  aud: string;
  iat: number;
  exp: number;
  jti: string;
  sub?: string;
  anon?: true;
  /** Staff roles carried from Entra's `roles` claim (absent when none). */
  roles?: StaffRoleName[];
  /** The provider token's `auth_time`: when the person last signed in (OIDC Core 1.0 section 2). */
  auth_time?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const STAFF_ROLES: readonly string[] = ['coordenacao', 'secretaria'];

/** A `roles` claim we wrote: an array of staff role names, else undefined. */
function staffRolesClaim(value: unknown): StaffRoleName[] | undefined {
  if (!Array.isArray(value) || !value.every((r) => STAFF_ROLES.includes(r as string))) {
    return undefined;
  }
  return value as StaffRoleName[];
}

const isNumericDate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function createApiTokens(options: ApiTokensOptions): ApiTokens {
  const { secret } = options;
  if (secret.byteLength < MIN_API_TOKEN_SECRET_BYTES) {
    throw new Error(`The API token secret must be at least ${MIN_API_TOKEN_SECRET_BYTES} bytes.`);
  }
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_API_TOKEN_TTL_SECONDS;
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new Error('The API token lifetime must be a positive whole number of seconds.');
  }
  const tolerance = options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  const now = options.now ?? Date.now;
  const key: KeyObject = createSecretKey(secret);

  const mac = (signingInput: string) =>
    createHmac('sha256', key).update(signingInput).digest('base64url');

  function issue(
    extra: { sub: string; roles?: StaffRoleName[]; auth_time?: number } | { anon: true },
  ): IssuedApiToken {
    const iat = Math.floor(now() / 1000);
    const claims: Claims = {
      iss: API_TOKEN_ISSUER,
      aud: API_TOKEN_AUDIENCE,
      iat,
      exp: iat + ttlSeconds,
      jti: randomUUID(),
      ...extra,
    };
    const signingInput = HEADER_PREFIX + Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { token: `${signingInput}.${mac(signingInput)}`, expiresIn: ttlSeconds };
  }

  function verify(token: string): ApiTokenSubject {
    if (
      typeof token !== 'string' ||
      token.length > MAX_TOKEN_LENGTH ||
      !token.startsWith(HEADER_PREFIX)
    ) {
      throw new ApiTokenError('invalid');
    }
    const dot = token.lastIndexOf('.');
    const payload = token.slice(HEADER_PREFIX.length, dot);
    const signature = token.slice(dot + 1);
    if (
      dot <= HEADER_PREFIX.length ||
      signature.length !== SIGNATURE_LENGTH ||
      !SEGMENT.test(payload) ||
      !SEGMENT.test(signature)
    ) {
      throw new ApiTokenError('invalid');
    }
    const expected = Buffer.from(mac(token.slice(0, dot)), 'ascii');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'ascii'))) {
      throw new ApiTokenError('invalid');
    }

    // Authentic from here on: only this server (or a sibling instance) wrote these claims.
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw new ApiTokenError('invalid');
    }
    if (
      !isRecord(claims) ||
      claims.iss !== API_TOKEN_ISSUER ||
      claims.aud !== API_TOKEN_AUDIENCE ||
      !isNumericDate(claims.iat) ||
      !isNumericDate(claims.exp) ||
      typeof claims.jti !== 'string' ||
      claims.exp <= claims.iat ||
      claims.exp - claims.iat > ttlSeconds
    ) {
      throw new ApiTokenError('invalid');
    }
    const nowSeconds = now() / 1000;
    if (claims.iat > nowSeconds + tolerance) throw new ApiTokenError('invalid');
    if (claims.exp <= nowSeconds - tolerance) throw new ApiTokenError('expired');

    if (claims.anon === true && claims.sub === undefined) return { kind: 'anonymous' };
    if (
      claims.anon === undefined &&
      typeof claims.sub === 'string' &&
      directoryIdSchema.safeParse(claims.sub).success
    ) {
      const roles = claims.roles === undefined ? [] : staffRolesClaim(claims.roles);
      if (roles === undefined) throw new ApiTokenError('invalid');
      if (claims.auth_time !== undefined && !isNumericDate(claims.auth_time)) {
        throw new ApiTokenError('invalid');
      }
      return {
        kind: 'user',
        userId: claims.sub,
        roles,
        issuedAt: claims.iat,
        ...(claims.auth_time === undefined ? {} : { authTime: claims.auth_time }),
      };
    }
    throw new ApiTokenError('invalid');
  }

  return {
    ttlSeconds,
    issueAnonymous: () => issue({ anon: true }),
    issueForUser(userId, roles = [], options = {}) {
      if (!directoryIdSchema.safeParse(userId).success) {
        throw new Error('An API token can only be bound to a valid directory id.');
      }
      const authTime = isNumericDate(options.authTime) ? { auth_time: options.authTime } : {};
      return issue({
        sub: userId,
        ...(roles.length > 0 ? { roles: [...roles] } : {}),
        ...authTime,
      });
    },
    verify,
  };
}
