/**
 * Why a request was not let in: refusals thrown by the authentication (authenticate-person.ts,
 * bearer-person.ts, the get-token route), each a line of refusals/catalogue.ts that gives its HTTP
 * status, code and pt-BR message.
 */
import { Refusal } from '../refusals/refusal.js';

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
  | 'providerUnavailable'
  /** A token issued before the person's session ended (auth/token-revocations.ts). */
  | 'sessionEnded'
  /** An action that needs a recent sign-in, without one. */
  | 'recentSignInRequired';

export class AuthRefusal extends Refusal<AuthRefusalReason> {
  override name = 'AuthRefusal';
  constructor(reason: AuthRefusalReason, options?: ErrorOptions) {
    super(reason, { cause: options?.cause, message: `Authentication refused (${reason}).` });
  }
}
