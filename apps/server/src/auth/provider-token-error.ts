/**
 * The refusal of an identity provider's token: why (for logs only; the client always gets the same
 * answer), and whether it is the token's fault or the provider's keys could not be obtained.
 */

/** Why a provider token was refused (for logs; never sent to the client). */
export type ProviderTokenFailure =
  | 'malformed'
  | 'algorithm'
  | 'unknown_key'
  | 'signature'
  | 'type'
  | 'issuer'
  | 'audience'
  | 'expired'
  | 'not_yet_valid'
  | 'claims'
  | 'tenant'
  | 'scope'
  /** The provider's keys could not be obtained (network, timeout, discovery mismatch): not the client's fault. */
  | 'unavailable';

export class ProviderTokenError extends Error {
  override name = 'ProviderTokenError';
  constructor(
    readonly reason: ProviderTokenFailure,
    options?: ErrorOptions,
  ) {
    super(`Identity provider token refused (${reason}).`, options);
  }

  /** True when the refusal is the server's or the provider's problem (answer 503, not 401). */
  get unavailable(): boolean {
    return this.reason === 'unavailable';
  }
}

/** A refusal that is not the client's fault: the provider's keys could not be obtained. */
export function unavailable(message: string, cause?: unknown): ProviderTokenError {
  return new ProviderTokenError('unavailable', { cause: new Error(message, { cause }) });
}
