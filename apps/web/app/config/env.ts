/**
 * Build-time settings of the website, validated with zod.
 * Only build-time code (route loaders, run while prerendering) reads this module, so zod never reaches
 * the browser: the validated values travel to the pages inside the prerendered data.
 */
import { BUILT_IN_CLIENT_ID, GUID, isSecureOrLoopback } from '@centro/contracts/identity';
import { z } from 'zod';

const DEFAULT_SITE_URL = 'http://localhost:3000';
/** The built-in provider's public client. */
export const DEFAULT_AUTH_CLIENT_ID = BUILT_IN_CLIENT_ID;

/** True for "https://host[:port]" (with or without the final slash); invalid URLs are reported apart. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return true;
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash;
}

/** Plain http is accepted only on this machine: a real site's identity traffic is always https. */
const isHttpsOrLocal = (value: string): boolean =>
  !URL.canParse(value) || isSecureOrLoopback(new URL(value));

/** The delegated Graph scope the website needs from Entra: `GET /v1.0/me` only. */
export const ENTRA_GRAPH_SCOPES = ['https://graph.microsoft.com/User.Read'] as const;

/** False for an External ID (`*.ciamlogin.com`) authority whose path is not the tenant id. */
export function carriesTenantId(authority: string): boolean {
  const url = new URL(authority);
  if (!url.hostname.toLowerCase().endsWith('.ciamlogin.com')) return true;
  const segments = url.pathname.split('/').filter(Boolean);
  return segments.length === 1 && GUID.test(segments[0] ?? '');
}

/** An http(s) URL that is https unless it names this machine. */
const secureUrl = (name: string, example: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an http(s) URL, e.g. ${example}` })
    .refine(isHttpsOrLocal, {
      error: `${name} must use https (plain http only on localhost), e.g. ${example}`,
    });

/** Space-separated OAuth scopes (one or more). */
const scopeList = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]+( +[\x21-\x7e]+)*$/, {
      error: `${name} must be one or more scopes separated by spaces`,
    })
    .transform((value) => value.split(/ +/));

const envSchema = z
  .object({
    /** Public origin of the site (scheme, host, port), used for canonical links and Open Graph URLs. */
    VITE_SITE_URL: z
      .url({
        protocol: /^https?$/,
        error: 'VITE_SITE_URL must be an http(s) URL, e.g. https://www.example.org',
      })
      .refine(isOrigin, {
        error:
          'VITE_SITE_URL must be an origin without a path or query, e.g. https://www.example.org',
      })
      .transform((value) => new URL(value).origin)
      .default(DEFAULT_SITE_URL),
    /** Authority (issuer) of the identity provider; unset: the built-in provider, `<page origin>/idp`. */
    VITE_AUTH_AUTHORITY: secureUrl(
      'VITE_AUTH_AUTHORITY',
      'https://login.microsoftonline.com/<tenant id>',
    )
      .refine((value) => !URL.canParse(value) || (!new URL(value).search && !new URL(value).hash), {
        error: 'VITE_AUTH_AUTHORITY must not have a query or fragment',
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    /** The website's (public, SPA) client id at the provider. */
    VITE_AUTH_CLIENT_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,128}$/, {
        error: 'VITE_AUTH_CLIENT_ID must be a client id (letters, digits, ".", "_" or "-")',
      })
      .default(DEFAULT_AUTH_CLIENT_ID),
    /** OIDC for the built-in provider (or any OpenID provider), AAD for Microsoft Entra ID. */
    VITE_AUTH_PROTOCOL_MODE: z
      .enum(['OIDC', 'AAD'], { error: 'VITE_AUTH_PROTOCOL_MODE must be OIDC or AAD' })
      .default('OIDC'),
    /** Where the provider sends the person back after sign-in; unset: `<page origin>/`. */
    VITE_AUTH_REDIRECT_URI: secureUrl('VITE_AUTH_REDIRECT_URI', 'https://www.example.org/')
      .transform((value) => new URL(value).href)
      .optional(),
    /** Origin of the Graph API (`GET /v1.0/me`); unset: the page's origin (the built-in provider). */
    VITE_AUTH_GRAPH_URL: secureUrl('VITE_AUTH_GRAPH_URL', 'https://graph.microsoft.com')
      .refine(isOrigin, {
        error:
          'VITE_AUTH_GRAPH_URL must be an origin without a path, e.g. https://graph.microsoft.com',
      })
      .transform((value) => new URL(value).origin)
      .optional(),
    /** Scopes of the Graph token (space-separated). */
    VITE_AUTH_GRAPH_SCOPES: scopeList('VITE_AUTH_GRAPH_SCOPES').optional(),
    /** Scope of the provider's access token for this API, exchanged at GET /api/auth/get-token. */
    VITE_AUTH_API_SCOPE: scopeList('VITE_AUTH_API_SCOPE')
      .refine((scopes) => scopes.length === 1, {
        error:
          'VITE_AUTH_API_SCOPE must be a single scope, e.g. api://<api client id>/access_as_user',
      })
      .transform((scopes) => scopes[0] as string)
      .optional(),
    /**
     * What 'Quero me inscrever' asks for: `create` (the provider's sign-up page) or `none` (a
     * workforce Entra tenant, which has no sign-up and ignores `prompt=create`).
     */
    VITE_AUTH_SIGN_UP_PROMPT: z
      .enum(['create', 'none'], { error: 'VITE_AUTH_SIGN_UP_PROMPT must be create or none' })
      .default('create'),
  })
  .superRefine((env, context) => {
    if (env.VITE_AUTH_PROTOCOL_MODE !== 'AAD') return;
    // Microsoft Entra ID: nothing defaults to the built-in provider.
    for (const name of [
      'VITE_AUTH_AUTHORITY',
      'VITE_AUTH_GRAPH_URL',
      'VITE_AUTH_API_SCOPE',
    ] as const) {
      if (env[name] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required with VITE_AUTH_PROTOCOL_MODE=AAD`,
        });
      }
    }
    const adminOnly = env.VITE_AUTH_GRAPH_SCOPES?.filter((scope) => /\.All$/i.test(scope)) ?? [];
    if (adminOnly.length > 0) {
      // The site reads only /me. External ID grants its customers openid, offline_access,
      // User.Read and the app's own scopes; in a workforce tenant *.All is admin-restricted.
      context.addIssue({
        code: 'custom',
        path: ['VITE_AUTH_GRAPH_SCOPES'],
        message: `VITE_AUTH_GRAPH_SCOPES must not ask the browser for ${adminOnly.join(', ')} with VITE_AUTH_PROTOCOL_MODE=AAD: leave it unset (${ENTRA_GRAPH_SCOPES.join(' ')}); User.ReadWrite.All is the server's application permission`,
      });
    }
    const authority = env.VITE_AUTH_AUTHORITY;
    if (authority !== undefined && URL.canParse(authority) && !carriesTenantId(authority)) {
      // msal-common checks the discovery document's issuer, which is always
      // https://<tenant id>.ciamlogin.com/<tenant id>/v2.0: it accepts it only when the authority
      // names the same tenant id (docs/decisions/026-entra-at-first-contact.md).
      context.addIssue({
        code: 'custom',
        path: ['VITE_AUTH_AUTHORITY'],
        message: `VITE_AUTH_AUTHORITY of an External ID tenant must carry the tenant id (a GUID) as its path, e.g. https://<subdomain>.ciamlogin.com/<tenant id> (got ${authority})`,
      });
    }
    if (env.VITE_AUTH_CLIENT_ID === DEFAULT_AUTH_CLIENT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['VITE_AUTH_CLIENT_ID'],
        message:
          'VITE_AUTH_CLIENT_ID must be the application (client) id of the SPA registration with VITE_AUTH_PROTOCOL_MODE=AAD',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

const NAMES = [
  'VITE_SITE_URL',
  'VITE_AUTH_AUTHORITY',
  'VITE_AUTH_CLIENT_ID',
  'VITE_AUTH_PROTOCOL_MODE',
  'VITE_AUTH_REDIRECT_URI',
  'VITE_AUTH_GRAPH_URL',
  'VITE_AUTH_GRAPH_SCOPES',
  'VITE_AUTH_API_SCOPE',
] as const;

/** Validates raw settings; throws one readable error listing every problem. */
export function parseEnv(source: Record<string, unknown>): Env {
  // An empty variable means "not set".
  const raw = Object.fromEntries(
    NAMES.map((name) => [name, source[name] === '' ? undefined : source[name]]),
  );
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `- ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid website build settings:\n${problems.join('\n')}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated settings of this build. */
export function getEnv(): Env {
  cached ??= parseEnv(import.meta.env);
  return cached;
}
