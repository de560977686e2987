import { createContext } from 'react';
import type { AuthContextValue } from './types';

/** The one auth state of the app. Provided by <AuthProvider>; tests may provide their own value. */
export const AuthContext = createContext<AuthContextValue | null>(null);
AuthContext.displayName = 'AuthContext';
