import { vi } from 'vitest';
import type { AuthContextValue, AuthUser } from '~/auth/types';

export const testUser: AuthUser = {
  id: 'user-1',
  displayName: 'Maria da Silva',
  mail: 'maria@example.org',
  mobilePhone: '+55 11 98765-4321',
  birthday: '01/02/1990',
};

/** An auth context value for tests: signed out unless told otherwise. */
export function authValue(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const signedIn = overrides.status === 'signed-in';
  return {
    status: 'signed-out',
    interactionStatus: overrides.status === 'loading' ? 'startup' : 'none',
    authUser: signedIn ? testUser : null,
    setAuthUser: vi.fn(),
    staffRoles: [],
    getUser: vi.fn(async () => (signedIn ? { user: testUser, token: 'token' } : null)),
    signIn: vi.fn(async () => {}),
    signUp: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

export const signedIn = () => authValue({ status: 'signed-in' });
