import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from './auth-provider';
import type { AuthContextValue } from './types';
import { useAuth } from './use-auth';

function capture() {
  const seen: { value?: AuthContextValue } = {};
  function Probe() {
    seen.value = useAuth();
    return null;
  }
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  return seen;
}

describe('AuthProvider', () => {
  it('is signed out, with no user, until the identity issue fills it in', async () => {
    const seen = capture();
    expect(seen.value?.status).toBe('signed-out');
    expect(seen.value?.authUser).toBeNull();
    expect(await seen.value?.getUser()).toBeNull();
  });

  it('keeps the user set with setAuthUser', () => {
    const seen = capture();
    act(() =>
      seen.value?.setAuthUser({
        id: 'u',
        displayName: 'Ana',
        mail: null,
        mobilePhone: null,
        birthday: null,
      }),
    );
    expect(seen.value?.authUser?.displayName).toBe('Ana');
  });

  it('signs in, up and out without errors', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const seen = capture();
    await act(async () => {
      await seen.value?.signIn();
      await seen.value?.signUp();
      await seen.value?.signOut();
    });
    info.mockRestore();
  });

  it('is required by useAuth', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('useAuth must be used inside <AuthProvider>');
    error.mockRestore();
  });
});
