/**
 * Fixed names of the built-in OpenID Connect provider (the embedded default) that are its own: the
 * Graph-shaped resource it issues access tokens for, its signature algorithms and its lifetimes.
 * The names the website shares too (mount path, client id, the API's audience and scope) are
 * `@centro/contracts/identity`'s, imported from there directly. No other imports, so the
 * configuration, the token service (src/auth) and the tests can all read them. See
 * docs/decisions/005.
 */

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
