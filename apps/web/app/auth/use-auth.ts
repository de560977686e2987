import { useContext } from 'react';
import { AuthContext } from './auth-context';
import type { AuthContextValue } from './types';

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** True only once a person is known to be signed in ('loading' renders like 'signed-out'). */
export function useIsSignedIn(): boolean {
  return useAuth().status === 'signed-in';
}
