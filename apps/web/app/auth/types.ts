/** The shape of the auth state every screen reads (spec section 3). */
import type { StaffRoleName, UserDetails } from '@centro/contracts';

/** 'loading' until the page is hydrated and any session is restored. */
export type AuthStatus = 'signed-out' | 'signed-in' | 'loading';

/**
 * Where sign-in stands (spec section 4), named like MSAL's `InteractionStatus`: 'startup' until the
 * page knows, 'handleRedirect' while the provider's answer is processed, 'login' and 'logout' while
 * the person is sent to the provider, 'acquireToken' and 'ssoSilent' for MSAL's own interactions,
 * 'none' when nothing is in progress (only then can a sign-in, sign-up or sign-out start).
 */
export type InteractionStatus =
  'startup' | 'none' | 'login' | 'logout' | 'acquireToken' | 'handleRedirect' | 'ssoSilent';

/**
 * A person as the identity provider's Graph-shaped /v1.0/me describes them (spec section 3), with the
 * birth date the user details add: packages/contracts' `UserDetails`, whose sign-up extras and
 * security attribute an answer may leave out.
 */
export type AuthUser = Omit<UserDetails, OptionalUserField> &
  Partial<Pick<UserDetails, OptionalUserField>>;
type OptionalUserField = 'extensionCelular' | 'extensionDataNascimento' | 'dataNascimento';

/** What getUser resolves to: the person and the backend access token that goes with their calls. */
export interface UserWithToken {
  user: AuthUser;
  token: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  /** Sign-in interaction in progress, if any; buttons that start one are disabled unless 'none'. */
  interactionStatus: InteractionStatus;
  /** The product's user state: null until loaded, then the user's details (spec section 4). */
  authUser: AuthUser | null;
  setAuthUser: (user: AuthUser | null) => void;
  /**
   * The person's staff roles, empty until known and for everyone but staff: only the
   * navigation reads it ('Equipe'); the server checks the role on every staff request.
   */
  staffRoles: readonly StaffRoleName[];
  /** The current person and a backend token, or null on any failure (only logged, spec section 8). */
  getUser: () => Promise<UserWithToken | null>;
  /**
   * 'Acessar': redirect to the identity provider's sign-in (ignored while an interaction runs), and
   * back to this page. `reauthenticate`: the password asked again (before 'Excluir minha conta').
   */
  signIn: (options?: { reauthenticate?: boolean }) => Promise<void>;
  /** 'Quero me inscrever' while signed out: redirect to the provider's account creation. */
  signUp: () => Promise<void>;
  /**
   * 'Sair': end the person's tokens, forget the stored token and sign out at the provider, returning
   * to '/'; only here when the session has already ended (after the account's deletion).
   */
  signOut: () => Promise<void>;
}
