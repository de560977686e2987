/**
 * The identity part of the environment: whose access tokens the API accepts (IDENTITY_PROVIDER),
 * Microsoft Entra ID's settings, the rule that they are required when `IDENTITY_PROVIDER=entra`,
 * and the server's own API tokens.
 */
import { isSecureOrLoopback } from '@centro/contracts/identity';
import { z } from 'zod';
import { guid, integerRange, MICROSOFT_AUTHORITY, oneOf, parseUrl, text } from './parsers.js';

export const IDENTITY_PROVIDERS = ['embedded', 'entra'] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

export const DEFAULT_ENTRA_AUTHORITY_HOST = MICROSOFT_AUTHORITY;
export const DEFAULT_ENTRA_API_SCOPE = 'access_as_user';
/** Default lifetime of an API token, in seconds (API_TOKEN_TTL_SECONDS). */
export const DEFAULT_API_TOKEN_TTL_SECONDS = 600;
/** Shortest API token secret accepted, in bytes (HS256 needs at least 256 bits of key). */
export const MIN_API_TOKEN_SECRET_BYTES = 32;

/** What the Entra token verifier needs (see provider-token-verifier.ts). */
export interface EntraConfig {
  /** Directory (tenant) id, a GUID. */
  tenantId: string;
  /** Origin of the authority, e.g. `https://login.microsoftonline.com` or `https://contoso.ciamlogin.com`. */
  authorityHost: string;
  /** The API's application (client) id: the `aud` of its v2 access tokens. */
  apiClientId: string;
  /** Delegated scope required in `scp`. */
  apiScope: string;
  /** ENTRA_ISSUER: the exact `iss` of the access tokens; undefined: the one discovery names. */
  issuer: string | undefined;
  /** JWKS address; undefined means the one named by the tenant's discovery document. */
  jwksUri: string | undefined;
}

export interface AuthConfig {
  identityProvider: IdentityProvider;
  /** Set when identityProvider is 'entra'. */
  entra: EntraConfig | undefined;
  /** API_TOKEN_SECRET; undefined means a secret generated once under DATA_DIR. */
  apiTokenSecret: string | undefined;
  apiTokenTtlSeconds: number;
}

const secureUrl = (shape: 'origin' | 'url') =>
  text.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const url = parseUrl(value);
    const plain = url !== undefined && !url.username && !url.password && !url.hash;
    const isOrigin = plain && url.pathname === '/' && !url.search;
    if (!url || !plain || !isSecureOrLoopback(url) || (shape === 'origin' && !isOrigin)) {
      ctx.addIssue({
        code: 'custom',
        message:
          shape === 'origin'
            ? `must be an https origin such as https://login.microsoftonline.com, without path (got "${value}")`
            : `must be an https URL (got "${value}")`,
      });
      return z.NEVER;
    }
    return shape === 'origin' ? url.origin : url.href;
  });

/** Entra's `iss` is compared as text: keep it exactly as given (no URL normalisation). */
const issuer = text.refine(
  (value) => {
    if (value === undefined) return true;
    const url = parseUrl(value);
    return url !== undefined && isSecureOrLoopback(url);
  },
  { message: 'must be the exact issuer of the access tokens, an https URL' },
);

export const identityEnv = {
  IDENTITY_PROVIDER: oneOf(IDENTITY_PROVIDERS, 'embedded'),
  ENTRA_TENANT_ID: guid("the Entra tenant's directory (tenant) id"),
  ENTRA_AUTHORITY_HOST: secureUrl('origin'),
  ENTRA_API_CLIENT_ID: guid("the API app registration's application (client) id"),
  ENTRA_API_SCOPE: text
    .refine((value) => value === undefined || /^[!#-[\]-~]{1,256}$/.test(value), {
      message:
        'must be the name of the scope as it appears in the scp claim, such as access_as_user, without spaces',
    })
    .refine((value) => value === undefined || !value.includes('/'), {
      message:
        'must be the bare scope name as it appears in scp (access_as_user), not api://.../access_as_user',
    }),
  ENTRA_ISSUER: issuer,
  ENTRA_JWKS_URI: secureUrl('url'),
  API_TOKEN_SECRET: text.refine(
    (value) =>
      value === undefined || Buffer.byteLength(value, 'utf8') >= MIN_API_TOKEN_SECRET_BYTES,
    {
      message: `must be at least ${MIN_API_TOKEN_SECRET_BYTES} bytes of random text (e.g. the output of openssl rand -base64 48)`,
    },
  ),
  API_TOKEN_TTL_SECONDS: integerRange(
    DEFAULT_API_TOKEN_TTL_SECONDS,
    30,
    3600,
    'a number of seconds',
  ),
};

type AuthEnv = { [K in keyof typeof identityEnv]: z.output<(typeof identityEnv)[K]> };

const REQUIRED_FOR_ENTRA = ['ENTRA_TENANT_ID', 'ENTRA_API_CLIENT_ID'] as const;

/**
 * For index.ts's schema: `.superRefine(requireEntraSettings, { when: () => true })` (runs even when
 * another variable is wrong, so every problem is reported at once).
 */
export function requireEntraSettings(env: AuthEnv, ctx: z.RefinementCtx): void {
  if (env.IDENTITY_PROVIDER !== 'entra') return;
  for (const name of REQUIRED_FOR_ENTRA) {
    if (env[name] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when IDENTITY_PROVIDER=entra',
      });
    }
  }
}

/** The identity part of Config, from the parsed variables. */
export function resolveAuthConfig(env: AuthEnv): AuthConfig {
  let entra: EntraConfig | undefined;
  if (
    env.IDENTITY_PROVIDER === 'entra' &&
    env.ENTRA_TENANT_ID !== undefined &&
    env.ENTRA_API_CLIENT_ID !== undefined
  ) {
    const authorityHost = env.ENTRA_AUTHORITY_HOST ?? DEFAULT_ENTRA_AUTHORITY_HOST;
    entra = {
      tenantId: env.ENTRA_TENANT_ID,
      authorityHost,
      apiClientId: env.ENTRA_API_CLIENT_ID,
      apiScope: env.ENTRA_API_SCOPE ?? DEFAULT_ENTRA_API_SCOPE,
      issuer: env.ENTRA_ISSUER,
      jwksUri: env.ENTRA_JWKS_URI,
    };
  }
  return {
    identityProvider: env.IDENTITY_PROVIDER,
    entra,
    apiTokenSecret: env.API_TOKEN_SECRET,
    apiTokenTtlSeconds: env.API_TOKEN_TTL_SECONDS,
  };
}
