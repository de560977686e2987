import type { ReactNode } from 'react';
import { useAuth } from './use-auth';

interface SignedInOnlyProps {
  children: ReactNode;
  /** What everyone else sees: the 404 page, as if the route did not exist (spec section 2). */
  fallback: ReactNode;
  /** Shown while the auth state is still being restored. */
  pending?: ReactNode;
}

/** Renders a signed-in-only screen for a signed-in person, the fallback for anyone else. */
export function SignedInOnly({ children, fallback, pending = null }: SignedInOnlyProps) {
  const { status } = useAuth();
  if (status === 'signed-in') return children;
  if (status === 'loading') return pending;
  return fallback;
}
