/**
 * The built-in provider's part of the environment (IDP_*), and its resolution against SITE_URL.
 * Whether the provider is mounted at all is IDENTITY_PROVIDER (identity.ts).
 */
import { z } from 'zod';
import type { MailSettings } from '../mail/types.js';
import { integerRange, text } from './parsers.js';
import {
  BUILT_IN_API_AUDIENCE,
  BUILT_IN_API_SCOPE,
  BUILT_IN_CLIENT_ID,
  BUILT_IN_PROVIDER_PATH,
} from '@centro/contracts/identity';

/** What the built-in provider is configured with (config.idp). */
export interface EmbeddedIdpConfig {
  /** `${SITE_URL}/idp`: the `iss` of its tokens, and MSAL's authority. */
  issuer: string;
  /** The website's client id (IDP_CLIENT_ID). */
  clientId: string;
  /** Where the provider may send a person back after sign-in (IDP_REDIRECT_URIS). */
  redirectUris: string[];
  /** Where it may send a person back after sign-out (IDP_POST_LOGOUT_REDIRECT_URIS). */
  postLogoutRedirectUris: string[];
  /** `aud` of its access tokens for the API. */
  apiAudience: string;
  /** The scope the website asks for to call the API. */
  apiScope: string;
  /**
   * Sign-in attempts counted in 15 minutes before further ones get 429: per e-mail
   * (IDP_SIGN_IN_ATTEMPTS_PER_EMAIL) and per client address (IDP_SIGN_IN_ATTEMPTS_PER_ADDRESS).
   */
  signInAttempts: { perEmail: number; perAddress: number };
  /** Accounts created from one client address in 15 minutes before further ones get 429. */
  signUpsPerAddress: number;
}

/**
 * What the built-in provider (src/idp) reads of the configuration: its own settings and the few
 * of the site's it depends on. The whole `Config` is one; the provider sees nothing else of it.
 */
export interface EmbeddedIdpSettings {
  /** DATA_DIR: where the provider's signing keys are kept. */
  dataDir: string;
  /** The public origin (SITE_URL): form actions, links in e-mails, the provider's host. */
  siteUrl: string;
  /** Whether the site is served over https (the pages' CSP). */
  https: boolean;
  idp: EmbeddedIdpConfig;
  /** EMAIL_VERIFICATION: whether an account signs in only once its e-mail is confirmed. */
  mail: Pick<MailSettings, 'emailVerification'>;
}

/**
 * A comma-separated list of absolute http(s) URLs, or paths starting with "/" (taken relative to
 * SITE_URL); no fragment. Resolved in `resolveIdpConfig`, once SITE_URL is known.
 */
const uriList = (example: string) =>
  text.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const entries = value.split(',').map((entry) => entry.trim());
    const valid = entries.every((entry) => {
      if (entry.startsWith('/') && !entry.startsWith('//')) return !entry.includes('#');
      try {
        const url = new URL(entry);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          !url.hash &&
          !entry.includes('#') &&
          !url.username &&
          !url.password
        );
      } catch {
        return false;
      }
    });
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of http(s) URLs or paths starting with "/", without fragments, such as ${example} (got "${value}")`,
      });
      return z.NEVER;
    }
    return entries;
  });

export const idpEnv = {
  IDP_CLIENT_ID: text.refine(
    (value) => value === undefined || /^[A-Za-z0-9._-]{1,128}$/.test(value),
    {
      message: 'must be a client id: 1 to 128 letters, digits, ".", "_" or "-"',
    },
  ),
  IDP_REDIRECT_URIS: uriList('/,https://centro.org.br/'),
  IDP_POST_LOGOUT_REDIRECT_URIS: uriList('/'),
  IDP_SIGN_IN_ATTEMPTS_PER_EMAIL: integerRange(10, 3, 1000, 'a whole number of attempts'),
  IDP_SIGN_IN_ATTEMPTS_PER_ADDRESS: integerRange(50, 10, 100_000, 'a whole number of attempts'),
  IDP_SIGN_UPS_PER_ADDRESS: integerRange(20, 1, 100_000, 'a whole number of accounts'),
};

type IdpEnv = { [K in keyof typeof idpEnv]: z.output<(typeof idpEnv)[K]> };

function resolveAll(entries: string[] | undefined, siteUrl: string): string[] {
  return [...new Set((entries ?? ['/']).map((entry) => new URL(entry, `${siteUrl}/`).href))];
}

/** config.idp, from the parsed variables and the site's origin. */
export function resolveIdpConfig(env: IdpEnv, siteUrl: string): EmbeddedIdpConfig {
  return {
    issuer: `${siteUrl}${BUILT_IN_PROVIDER_PATH}`,
    clientId: env.IDP_CLIENT_ID ?? BUILT_IN_CLIENT_ID,
    redirectUris: resolveAll(env.IDP_REDIRECT_URIS, siteUrl),
    postLogoutRedirectUris: resolveAll(env.IDP_POST_LOGOUT_REDIRECT_URIS, siteUrl),
    apiAudience: BUILT_IN_API_AUDIENCE,
    apiScope: BUILT_IN_API_SCOPE,
    signInAttempts: {
      perEmail: env.IDP_SIGN_IN_ATTEMPTS_PER_EMAIL,
      perAddress: env.IDP_SIGN_IN_ATTEMPTS_PER_ADDRESS,
    },
    signUpsPerAddress: env.IDP_SIGN_UPS_PER_ADDRESS,
  };
}
