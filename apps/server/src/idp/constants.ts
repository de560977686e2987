/**
 * Fixed names of the built-in OpenID Connect provider (the embedded default): where it is mounted,
 * the resources it issues access tokens for, and their scopes. The names the website shares come
 * from `@centro/contracts/identity` (one source for both programs); the rest are the provider's
 * own. No other imports, so the configuration, the token service (src/auth) and the tests can all
 * read them. See docs/decisions/005.
 */
import {
  BUILT_IN_API_AUDIENCE,
  BUILT_IN_API_SCOPE,
  BUILT_IN_CLIENT_ID,
  BUILT_IN_PROVIDER_PATH,
} from '@centro/contracts/identity';

/** Path prefix of the provider; its issuer is `${SITE_URL}${IDP_MOUNT_PATH}`. */
export const IDP_MOUNT_PATH = BUILT_IN_PROVIDER_PATH;

/** Default client id of the website (a public client: PKCE, no secret). */
export const DEFAULT_IDP_CLIENT_ID = BUILT_IN_CLIENT_ID;

/**
 * The API (`/api/...`): resource indicator and `aud` of its access tokens. Entra's equivalent is the
 * API app registration's application id URI (`api://<client id>`).
 */
export const EMBEDDED_API_AUDIENCE = BUILT_IN_API_AUDIENCE;
/** The one scope of the API, as MSAL asks for it (`scopes: [EMBEDDED_API_SCOPE]`). */
export const EMBEDDED_API_SCOPE = BUILT_IN_API_SCOPE;

/**
 * The Graph-shaped directory that answers `GET /v1.0/me` on this server: resource indicator and `aud`
 * of the tokens it accepts. Entra's equivalent is `https://graph.microsoft.com`.
 */
export const EMBEDDED_GRAPH_AUDIENCE = 'urn:centro:graph';
/**
 * Graph scopes, spelled exactly as Microsoft Graph spells them, so the website asks for the same
 * scope strings whichever provider is configured. Any of them grants `GET /v1.0/me`.
 */
export const EMBEDDED_GRAPH_SCOPES = ['User.Read', 'User.ReadWrite.All'] as const;

/** Signature algorithms of the provider's keys (ID tokens and access tokens use RS256). */
export const IDP_SIGNING_ALGORITHMS = ['RS256', 'ES256'] as const;
/** `typ` header of the provider's JWT access tokens (RFC 9068). */
export const IDP_ACCESS_TOKEN_TYPE = 'at+jwt';

/** Lifetimes, in seconds. */
export const IDP_TTL = {
  accessToken: 60 * 60,
  authorizationCode: 60,
  idToken: 60 * 60,
  /** An interaction (the sign-in or sign-up page) stays valid for this long. */
  interaction: 60 * 60,
  session: 14 * 24 * 60 * 60,
  grant: 14 * 24 * 60 * 60,
  refreshToken: 14 * 24 * 60 * 60,
} as const;
