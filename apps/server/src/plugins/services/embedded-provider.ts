/**
 * The built-in provider's part of the composition (IDENTITY_PROVIDER=embedded), decided once by
 * app.ts; null with Entra.
 */
export interface EmbeddedProviderSetup {
  /** EMAIL_VERIFICATION=required: a contact e-mail changes and a person enrols once confirmed. */
  verifiedEmailRequired: boolean;
}
