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

/**
 * True while a sign-in, sign-up or sign-out is under way: the buttons that would start another are
 * disabled. Not before hydration ('startup'): the prerendered buttons stay as they are, and a press
 * during start-up is refused by the guard anyway.
 */
export function useInteractionInProgress(): boolean {
  const status = useAuth().interactionStatus;
  return status !== 'none' && status !== 'startup';
}
