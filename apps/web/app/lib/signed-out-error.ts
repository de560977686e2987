/**
 * A call that needs a signed-in person found nobody signed in any more (e.g. 'Sair' pressed while
 * it ran): no fault to log. Apart from the API client, which every public page loads, as only the
 * signed-in screens need it.
 */
export class SignedOutError extends Error {
  override name = 'SignedOutError';
}
