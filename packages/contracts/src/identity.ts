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
