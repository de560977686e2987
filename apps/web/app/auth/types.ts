/** The shape of the auth state every screen reads (spec section 3). Kept stable for the identity issue. */

export type AuthStatus = 'signed-out' | 'signed-in' | 'loading';

/** A person as the identity provider's Graph-shaped /v1.0/me describes them (spec section 3). */
export interface AuthUser {
  id: string;
  displayName: string | null;
  mail: string | null;
  mobilePhone: string | null;
  birthday: string | null;
  /** Alternative phone kept by the provider's sign-up flow. */
  extensionCelular?: string | null;
  /** Alternative birth date kept by the provider's sign-up flow. */
  extensionDataNascimento?: string | null;
}

/** What getUser resolves to: the person and the backend access token that goes with their calls. */
export interface UserWithToken {
  user: AuthUser;
  token: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  /** The product's user state: null until loaded, then the user's details (spec section 4). */
  authUser: AuthUser | null;
  setAuthUser: (user: AuthUser | null) => void;
  /** The current person and a backend token, or null on any failure (only logged, spec section 8). */
  getUser: () => Promise<UserWithToken | null>;
  /** 'Acessar': redirect to the identity provider's sign-in. */
  signIn: () => Promise<void>;
  /** 'Quero me inscrever' while signed out: redirect to the provider's account creation. */
  signUp: () => Promise<void>;
  /** 'Sair': forget the stored token and sign out at the provider, returning to '/'. */
  signOut: () => Promise<void>;
}
