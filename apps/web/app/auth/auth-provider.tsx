/**
 * Provides the auth state. For now everyone is signed out: the identity issue (#3) replaces the
 * internals with MSAL, loaded lazily so an anonymous visitor never downloads it, and keeps this shape.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { AuthContext } from './auth-context';
import type { AuthContextValue, AuthUser, UserWithToken } from './types';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [authUser, setAuthUser] = useState<AuthUser | null>(null);

  // Filled in by the identity issue (#3)
  const getUser = useCallback(async (): Promise<UserWithToken | null> => null, []);

  // Filled in by the identity issue (#3)
  const signIn = useCallback(async () => {
    console.info('Entrar: disponível quando o login for configurado.');
  }, []);

  // Filled in by the identity issue (#3)
  const signUp = useCallback(async () => {
    console.info('Criar conta: disponível quando o login for configurado.');
  }, []);

  // Filled in by the identity issue (#3)
  const signOut = useCallback(async () => {
    setAuthUser(null);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status: 'signed-out', authUser, setAuthUser, getUser, signIn, signUp, signOut }),
    [authUser, getUser, signIn, signUp, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
