/**
 * The identity tables, for Kysely (schema.ts holds them in `Database`): the built-in provider's
 * accounts and its storage, what slows password guessing, the links and codes it sends, the
 * contact addresses waiting for confirmation, and the instants before which tokens are refused.
 * Timestamps are ISO-8601 text; expiry instants of the identity provider are epoch seconds.
 */

/** Accounts of the built-in identity provider; the local directory's users are these rows. */
export interface AccountsTable {
  /** Directory object id (UUID), the `sub` of the provider's tokens. */
  id: string;
  /** Sign-in e-mail, lower-cased, unique. */
  email: string;
  /** scrypt hash with its parameters and salt (see idp/passwords.ts). */
  password_hash: string;
  display_name: string;
  /** Graph `mail`: the contact e-mail the person may change in the profile. */
  mail: string;
  /**
   * The person's phone ("+CC DD NNNNN-NNNN"): given at sign-up, changed in Perfil or at enrolment.
   * Stored once (migration 025, decision 078); the directory answers it as Graph's `mobilePhone`.
   */
  mobile_phone: string | null;
  /** The person's birth date (DD/MM/YYYY), stored once like the phone (migration 025). */
  data_nascimento: string | null;
  privacy_accepted_at: string;
  created_at: string;
  updated_at: string;
  /** When the sign-in e-mail was last proven (a verification code, or a password reset); null: never. */
  email_verified_at: string | null;
}

/** oidc-provider's storage (sessions, grants, codes, refresh tokens...). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** Epoch seconds. */
  expires_at: number | null;
  /** Epoch seconds. */
  consumed_at: number | null;
}

/** Failed sign-in attempts, for slowing down password guessing. */
export interface LoginFailuresTable {
  /** e.g. "email:ana@example.org" or "ip:127.0.0.1". */
  key: string;
  failures: number;
  /** Epoch seconds of the last failure. */
  last_failure_at: number;
}

/** A password-reset link of the built-in provider (only its hash is kept). */
export interface PasswordResetsTable {
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
  /** Set when the link was used: single use. */
  used_at: string | null;
}

/** The e-mail verification code an account is waiting to type (one per account). */
export interface EmailVerificationsTable {
  account_id: string;
  /** SHA-256 (hex) of the account id and the six digits. */
  code_hash: string;
  expires_at: string;
  /** Wrong codes typed for this one. */
  attempts: number;
  sent_at: string;
}

/** A new contact address ('E-mail' of the profile) waiting for its confirmation link. */
export interface ContactEmailChangesTable {
  account_id: string;
  new_mail: string;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/**
 * Per person, the instant before which their tokens are refused (migration 010): set on a password
 * reset, an account's deletion and 'Sair'.
 */
export interface TokenRevocationsTable {
  /** The person's directory id (the built-in provider's account id, or Entra's object id). */
  person_id: string;
  /** ISO 8601 UTC. */
  valid_after: string;
}
