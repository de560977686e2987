/**
 * Fixed names of the built-in identity provider that both programs need, without zod
 * (`@centro/contracts/identity`): where the server mounts it, the website's client id, the API's
 * audience and scope, and the Graph scope the website asks for. Entra replaces all of them by
 * configuration (README, "Configuration").
 */

/** Path prefix of the built-in provider on the site's own server; its issuer is `<SITE_URL>/idp`. */
export const BUILT_IN_PROVIDER_PATH = '/idp';

/** The website's client id at the built-in provider (a public client: PKCE, no secret). */
export const BUILT_IN_CLIENT_ID = 'centro-web';

/** Resource indicator and `aud` of the API's access tokens (Entra: `api://<API client id>`). */
export const BUILT_IN_API_AUDIENCE = 'api://centro';

/** The API's one scope, as MSAL asks for it. */
export const BUILT_IN_API_SCOPE = `${BUILT_IN_API_AUDIENCE}/access_as_user`;

/**
 * The Graph scope the website asks for, spelled as Microsoft Graph spells it, so the same request
 * works with either provider; the built-in provider's `/v1.0/me` accepts it.
 */
export const BUILT_IN_GRAPH_SCOPES = ['User.ReadWrite.All'];

/**
 * The web build's identity settings as the server reads them at start-up (`<WEB_ROOT>/.identity.json`,
 * a dot file the server never serves): which provider the pages sign in with and where, so that a
 * server whose IDENTITY_PROVIDER or ENTRA_AUTHORITY_HOST disagrees with the build refuses to start
 * instead of serving pages whose sign-in its CSP blocks.
 */
export const WEB_IDENTITY_FILE = '.identity.json';

export interface WebIdentity {
  /** `OIDC` (the built-in provider) or `AAD` (Microsoft Entra ID). */
  protocolMode: 'OIDC' | 'AAD';
  /** VITE_AUTH_AUTHORITY; null: the built-in provider at the page's origin. */
  authority: string | null;
  /** VITE_AUTH_GRAPH_URL; null: the page's origin. */
  graphUrl: string | null;
}

/**
 * A GUID (a Microsoft tenant, client or object id), any case: the server's configuration and token
 * checks and the website's build settings test ids with this one pattern.
 */
export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * https, or plain http on this machine (localhost, 127.x, ::1: a developer's site or a local
 * stand-in): where identity traffic may go, for the server's settings and discovery and the
 * website's build settings alike.
 */
export function isSecureOrLoopback(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return (
    url.protocol === 'http:' && (host === 'localhost' || host === '::1' || /^127\./.test(host))
  );
}

/**
 * A site address with this query parameter (`/?acessar`) opens the sign-in at once: the link of
 * the e-mails that tell a person to sign in (the website removes it from the address).
 */
export const SIGN_IN_LINK_PARAM = 'acessar';
