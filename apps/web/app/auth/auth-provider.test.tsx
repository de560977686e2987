import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountInfo } from '@azure/msal-browser';
import type { StaffRoleName } from '@centro/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AuthButton } from '~/components/auth-button';
import { testUser } from '~/test/auth';
import { AuthProvider } from './auth-provider';
import type { LoadMsalSession } from './load-msal';
import type { MsalSession } from './msal-session';
import { SESSION_MARKER_KEY } from './session-marker';
import { isSignInReturn } from './sign-in-return';
import type { AuthSettings } from '~/config/auth-settings';
import type { AuthContextValue } from './types';
import { useAuth } from './use-auth';

const settings: AuthSettings = {
  authority: null,
  clientId: 'centro-web',
  protocolMode: 'OIDC',
  redirectUri: null,
  graphUrl: null,
  graphScopes: ['User.ReadWrite.All'],
  apiScope: 'api://centro/access_as_user',
};

const account = { homeAccountId: 'a', username: 'maria@example.org' } as AccountInfo;

/** A stand-in for the lazily loaded MSAL session. */
function fakeSession({
  signedIn = false,
  returnPath = null,
  ...overrides
}: Partial<MsalSession> & { signedIn?: boolean; returnPath?: string | null } = {}) {
  let current: AccountInfo | null = signedIn ? account : null;
  let back = returnPath;
  const session = {
    account: vi.fn(() => current),
    takeReturnPath: vi.fn(() => {
      const path = back;
      back = null;
      return path;
    }),
    // A redirect never resolves: the page is leaving.
    signIn: vi.fn(() => new Promise<void>(() => {})),
    signOut: vi.fn(async () => {
      current = null;
      return new Promise<void>(() => {});
    }),
    getUser: vi.fn(async () => (current ? { user: testUser, token: 'bound-token' } : null)),
    loadUserDetails: vi.fn(async () => ({ ...testUser, displayName: 'Maria (detalhes)' })),
    loadStaffRoles: vi.fn(async (): Promise<StaffRoleName[]> => []),
    ...overrides,
  } satisfies MsalSession;
  return session;
}

function renderProvider(loadSession: LoadMsalSession, url = '/') {
  const seen: { auth?: AuthContextValue; path?: string } = {};
  function Probe() {
    seen.auth = useAuth();
    seen.path = useLocation().pathname;
    return <AuthButton />;
  }
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AuthProvider settings={settings} loadSession={loadSession}>
            <Probe />
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return seen;
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('AuthProvider', () => {
  it('signs an anonymous visitor out without loading MSAL', async () => {
    const load = vi.fn<LoadMsalSession>();
    const seen = renderProvider(load);
    await waitFor(() => expect(seen.auth?.status).toBe('signed-out'));
    expect(seen.auth?.interactionStatus).toBe('none');
    expect(seen.auth?.authUser).toBeNull();
    expect(await seen.auth?.getUser()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('cleans the address after the provider’s sign-out, still without MSAL', async () => {
    window.history.replaceState(null, '', '/?state=eyJpZCI6IjEifQ%3D%3D#topo');
    const load = vi.fn<LoadMsalSession>();
    const seen = renderProvider(load);
    await waitFor(() => expect(seen.auth?.status).toBe('signed-out'));
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/#topo',
    );
    expect(load).not.toHaveBeenCalled();
  });

  it('restores the session of this tab, then loads the user details', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const session = fakeSession({ signedIn: true });
    const load = vi.fn<LoadMsalSession>(async () => session);
    const seen = renderProvider(load, '/perfil');
    expect(seen.auth?.status).toBe('loading');
    await waitFor(() => expect(seen.auth?.status).toBe('signed-in'));
    expect(screen.getByRole('button', { name: 'Sair' })).toBeEnabled();
    await waitFor(() => expect(seen.auth?.authUser?.displayName).toBe('Maria (detalhes)'));
    expect(session.loadUserDetails).toHaveBeenCalledWith({ user: testUser, token: 'bound-token' });
    expect(load).toHaveBeenCalledOnce();
    expect(seen.path).toBe('/perfil');
    expect(session.loadStaffRoles).toHaveBeenCalledWith('bound-token');
    expect(seen.auth?.staffRoles).toEqual([]);
  });

  it('knows a staff member’s roles once signed in, and forgets them at sign-out', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const session = fakeSession({
      signedIn: true,
      loadStaffRoles: vi.fn(async (): Promise<StaffRoleName[]> => ['secretaria']),
    });
    const seen = renderProvider(vi.fn<LoadMsalSession>(async () => session));
    await waitFor(() => expect(seen.auth?.staffRoles).toEqual(['secretaria']));
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(seen.auth?.staffRoles).toEqual([]));
  });

  it('still loads the user details when the staff roles cannot be read', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const failure = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const session = fakeSession({
      signedIn: true,
      loadStaffRoles: vi.fn(async () => Promise.reject(new Error('offline'))),
    });
    const seen = renderProvider(vi.fn<LoadMsalSession>(async () => session));
    await waitFor(() => expect(seen.auth?.authUser?.displayName).toBe('Maria (detalhes)'));
    await waitFor(() => expect(failure).toHaveBeenCalled());
    expect(seen.auth?.staffRoles).toEqual([]);
    failure.mockRestore();
  });

  it('handles the provider’s answer and goes back to the page the sign-in started on', async () => {
    window.history.replaceState(null, '', '/#code=abc&state=xyz');
    const session = fakeSession({ signedIn: true, returnPath: '/global-kardec/passe' });
    const load = vi.fn<LoadMsalSession>(async (_settings, onStatus) => {
      onStatus('handleRedirect');
      return session;
    });
    const seen = renderProvider(load);
    await waitFor(() => expect(seen.auth?.status).toBe('signed-in'));
    await waitFor(() => expect(seen.path).toBe('/global-kardec/passe'));
    expect(seen.auth?.interactionStatus).toBe('none');
    expect(sessionStorage.getItem(SESSION_MARKER_KEY)).not.toBeNull();
  });

  it('opens the sign-in at once from a link that asks for it (?acessar), and cleans the address', async () => {
    window.history.replaceState(null, '', '/?acessar');
    const session = fakeSession();
    const load = vi.fn<LoadMsalSession>(async () => session);
    renderProvider(load);
    await waitFor(() =>
      expect(session.signIn).toHaveBeenCalledWith({ createAccount: false, returnPath: '/' }),
    );
    expect(session.signIn).toHaveBeenCalledOnce();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/');
  });

  it('brings the page back with the sign-in’s return state, for the page to pick up', async () => {
    window.history.replaceState(null, '', '/#code=abc&state=xyz');
    const session = fakeSession({ signedIn: true, returnPath: '/global-kardec/passe' });
    let state: unknown;
    function StateProbe() {
      state = useLocation().state;
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <AuthProvider settings={settings} loadSession={async () => session}>
              <StateProbe />
            </AuthProvider>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/global-kardec/passe'));
    expect(isSignInReturn(state)).toBe(true);
  });

  it('is signed out when the provider’s answer brings no account', async () => {
    window.history.replaceState(null, '', '/#error=access_denied&state=xyz');
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const load = vi.fn<LoadMsalSession>(async () => fakeSession());
    const seen = renderProvider(load);
    await waitFor(() => expect(seen.auth?.status).toBe('signed-out'));
    expect(sessionStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
  });

  it('stays signed out, with the failure only logged, when MSAL cannot start', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen = renderProvider(async () => {
      throw new Error('offline');
    });
    await waitFor(() => expect(seen.auth?.status).toBe('signed-out'));
    expect(seen.auth?.interactionStatus).toBe('none');
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('starts one sign-in, whatever is double-clicked, and disables the button meanwhile', async () => {
    const session = fakeSession();
    const load = vi.fn<LoadMsalSession>(async () => session);
    const seen = renderProvider(load, '/global-kardec/passe');
    await waitFor(() => expect(seen.auth?.interactionStatus).toBe('none'));
    const button = screen.getByRole('button', { name: 'Acessar' });
    await act(async () => {
      // Two clicks in the same frame, then 'Quero me inscrever' and another 'Acessar'.
      button.click();
      button.click();
      void seen.auth?.signUp();
      void seen.auth?.signIn();
    });
    await waitFor(() => expect(session.signIn).toHaveBeenCalled());
    expect(load).toHaveBeenCalledOnce();
    expect(session.signIn).toHaveBeenCalledOnce();
    expect(session.signIn).toHaveBeenCalledWith({
      createAccount: false,
      returnPath: '/',
    });
    expect(seen.auth?.interactionStatus).toBe('login');
    expect(screen.getByRole('button', { name: 'Acessar' })).toBeDisabled();
  });

  it('creates an account from "Quero me inscrever", coming back to the same page', async () => {
    window.history.replaceState(null, '', '/global-kardec/passe?x=1');
    const session = fakeSession();
    const seen = renderProvider(async () => session, '/global-kardec/passe');
    await waitFor(() => expect(seen.auth?.interactionStatus).toBe('none'));
    await act(async () => void seen.auth?.signUp());
    await waitFor(() =>
      expect(session.signIn).toHaveBeenCalledWith({
        createAccount: true,
        returnPath: '/global-kardec/passe?x=1',
      }),
    );
  });

  it('lets the person try again after a failed sign-in, which is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const session = fakeSession({
      signIn: vi.fn(async () => {
        throw new Error('interaction failed');
      }),
    });
    const seen = renderProvider(async () => session);
    await waitFor(() => expect(seen.auth?.interactionStatus).toBe('none'));
    await act(async () => seen.auth?.signIn());
    expect(error).toHaveBeenCalledOnce();
    expect(seen.auth?.interactionStatus).toBe('none');
    await act(async () => seen.auth?.signIn());
    expect(session.signIn).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('signs in without the provider when MSAL still has an account', async () => {
    const session = fakeSession({ signedIn: true });
    const seen = renderProvider(async () => session);
    await waitFor(() => expect(seen.auth?.status).toBe('signed-out'));
    await act(async () => seen.auth?.signIn());
    expect(seen.auth?.status).toBe('signed-in');
    expect(session.signIn).not.toHaveBeenCalled();
    expect(seen.auth?.interactionStatus).toBe('none');
  });

  it('signs out: forgets the user and the session, and redirects once', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const session = fakeSession({ signedIn: true });
    const seen = renderProvider(async () => session);
    await waitFor(() => expect(seen.auth?.authUser).not.toBeNull());
    const button = screen.getByRole('button', { name: 'Sair' });
    await act(async () => {
      button.click();
      button.click();
    });
    expect(session.signOut).toHaveBeenCalledOnce();
    expect(seen.auth?.authUser).toBeNull();
    expect(seen.auth?.interactionStatus).toBe('logout');
    expect(sessionStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
  });

  it('getUser gives the person and a fresh token, or null on failure (logged)', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const session = fakeSession({ signedIn: true });
    const seen = renderProvider(async () => session);
    await waitFor(() => expect(seen.auth?.status).toBe('signed-in'));
    expect(await seen.auth?.getUser()).toEqual({ user: testUser, token: 'bound-token' });

    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(session.getUser).mockRejectedValueOnce(new Error('401'));
    expect(await seen.auth?.getUser()).toBeNull();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('shows the signed-out state when the session ended (the provider or the API refused it)', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const session = fakeSession({ signedIn: true });
    const seen = renderProvider(async () => session);
    await waitFor(() => expect(seen.auth?.authUser).not.toBeNull());
    // What msal-session.ts does on interaction_required, invalid_grant or session_ended.
    vi.mocked(session.getUser).mockImplementationOnce(async () => {
      vi.mocked(session.account).mockReturnValue(null);
      return null;
    });
    expect(await act(async () => seen.auth?.getUser())).toBeNull();
    expect(seen.auth?.status).toBe('signed-out');
    expect(seen.auth?.authUser).toBeNull();
    expect(sessionStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Acessar' })).toBeEnabled();
  });

  it('asks for the password again when asked to, signed in as the person is', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const session = fakeSession({ signedIn: true });
    const seen = renderProvider(async () => session);
    await waitFor(() => expect(seen.auth?.status).toBe('signed-in'));
    await act(async () => {
      void seen.auth?.signIn({ reauthenticate: true });
    });
    await waitFor(() => expect(session.signIn).toHaveBeenCalledOnce());
    expect(session.signIn).toHaveBeenCalledWith({
      createAccount: false,
      returnPath: '/',
      reauthenticate: true,
    });
  });

  it('getUser waits for the session being restored', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const session = fakeSession({ signedIn: true });
    const seen = renderProvider(async () => session);
    const user = seen.auth?.getUser();
    expect(await user).toEqual({ user: testUser, token: 'bound-token' });
  });

  it('keeps the user state null when loading it fails, and only logs it', async () => {
    sessionStorage.setItem(SESSION_MARKER_KEY, '1');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const session = fakeSession({
      signedIn: true,
      loadUserDetails: vi.fn(async () => {
        throw new Error('/api/user/details answered 404');
      }),
    });
    const seen = renderProvider(async () => session);
    await waitFor(() => expect(error).toHaveBeenCalledOnce());
    expect(seen.auth?.status).toBe('signed-in');
    expect(seen.auth?.authUser).toBeNull();
    error.mockRestore();
  });

  it('keeps the user set with setAuthUser', async () => {
    const seen = renderProvider(vi.fn<LoadMsalSession>());
    act(() => seen.auth?.setAuthUser(testUser));
    expect(seen.auth?.authUser?.displayName).toBe('Maria da Silva');
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
