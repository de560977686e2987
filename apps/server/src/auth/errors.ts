/**
 * Why a request was not let in: thrown by the authentication (authenticate-person.ts, the get-token
 * route) and given its HTTP status, code and pt-BR message by plugins/error-handler.ts.
 */
export type AuthRefusalReason =
  /** An anonymous or missing API token where a person is needed. */
  | 'signInRequired'
  /** An expired API token. */
  | 'expiredToken'
  /** A malformed, tampered or foreign API token. */
  | 'invalidToken'
  /** A valid API token of someone else than the id in the body. */
  | 'otherPerson'
  /** get-token: the identity provider's token was refused. */
  | 'invalidProviderToken'
  /** get-token: the identity provider's keys could not be obtained. */
  | 'providerUnavailable';

export class AuthRefusal extends Error {
  override name = 'AuthRefusal';
  constructor(
    readonly reason: AuthRefusalReason,
    options?: ErrorOptions,
  ) {
    super(`Authentication refused (${reason}).`, options);
  }
}
