/**
 * Provides the auth state (spec sections 3 and 4). MSAL is loaded only when needed (see
 * session-marker.ts and load-msal.ts); until the page is hydrated the state is 'loading', exactly as
 * prerendered, so hydration never mismatches.
 */
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { AuthContext } from './auth-context';
import { createInteractionGuard, type InteractiveAction } from './interaction-guard';
import { loadMsalSession, type LoadMsalSession } from './load-msal';
import { SIGN_IN_RETURN_STATE } from './sign-in-return';
import type { MsalSession } from './msal-session';
import { isSignInLink, isSignOutReturn, markSession, needsMsalAtStartup } from './session-marker';
import type { AuthSettings } from '~/config/auth-settings';
import { createValueStore } from './value-store';
import type { StaffRoleName } from '@centro/contracts';
import type {
  AuthContextValue,
  AuthStatus,
  AuthUser,
  InteractionStatus,
  UserWithToken,
} from './types';

interface AuthProviderProps {
  children: ReactNode;
  /** This build's identity settings (the root loader's data); none: everyone stays signed out. */
  settings: AuthSettings | undefined;
  /** How MSAL is loaded (tests give a stand-in). */
  loadSession?: LoadMsalSession;
}

/** What the page was prerendered with, and what hydration must find. */
const prerenderedInteraction = (): InteractionStatus => 'startup';
const prerenderedStatus = (): AuthStatus => 'loading';

/** The page the person is on, to come back to after the provider. */
const currentPath = () => `${window.location.pathname}${window.location.search}`;

const NO_ROLES: readonly StaffRoleName[] = [];

/** A redirect abandoned with the browser's Back button is not a failure worth an error. */
const isCancellation = (error: unknown) =>
  (error as { errorCode?: unknown } | null)?.errorCode === 'user_cancelled';

export function AuthProvider({
  children,
  settings,
  loadSession = loadMsalSession,
}: AuthProviderProps) {
  const navigate = useNavigate();
  const [guard] = useState(createInteractionGuard);
  const interactionStatus = useSyncExternalStore(
    guard.subscribe,
    guard.current,
    prerenderedInteraction,
  );
  const [statusStore] = useState(() => createValueStore<AuthStatus>('loading'));
  const status = useSyncExternalStore(statusStore.subscribe, statusStore.get, prerenderedStatus);
  const [authUser, setAuthUser] = useState<AuthUser | null>(null);
  const [staffRoles, setStaffRoles] = useState<readonly StaffRoleName[]>(NO_ROLES);
  /** MSAL, once loaded; `pending` while the start-up restores a session. */
  const session = useRef<MsalSession | null>(null);
  const pending = useRef<Promise<MsalSession> | null>(null);

  const load = useCallback((): Promise<MsalSession> => {
    if (!settings) return Promise.reject(new Error('This page has no identity settings'));
    // MSAL reports its statuses; the one the page shows is the start-up's 'handleRedirect' (the
    // others happen inside our own 'login' and 'logout', which stand until they end).
    return loadSession(settings, (next) => {
      if (next === 'handleRedirect' && guard.current() === 'startup') guard.set(next);
    });
  }, [settings, loadSession, guard]);

  /**
   * Loads the product's user state in the background, and the person's staff roles beside it:
   * failures are only logged (section 8); without roles the person simply sees no 'Equipe'.
   */
  const loadUser = useCallback(
    (from: MsalSession) => {
      const current = () => session.current === from && from.account() !== null;
      from
        .getUser()
        .then((found) => {
          // The session ended (msal-session.ts forgot the account, with a toast): signed out (the
          // next page finds no account either, and drops the session marker).
          if (!found) {
            markSession(false);
            statusStore.set('signed-out');
            return null;
          }
          from
            .loadStaffRoles(found.token)
            .then((roles) => {
              if (current() && roles.length > 0) setStaffRoles(roles);
            })
            .catch((error: unknown) => console.error('Loading the staff roles failed:', error));
          return from.loadUserDetails(found);
        })
        .then((details) => {
          if (details && current()) setAuthUser(details);
        })
        .catch((error: unknown) => console.error('Loading the signed-in user failed:', error));
    },
    [statusStore],
  );

  /** Takes MSAL's view: signed in as soon as it has an account (the user state loads after). */
  const adopt = useCallback(
    (from: MsalSession) => {
      session.current = from;
      const signedIn = from.account() !== null;
      markSession(signedIn);
      statusStore.set(signedIn ? 'signed-in' : 'signed-out');
      if (!signedIn) {
        setAuthUser(null);
        setStaffRoles(NO_ROLES);
        return;
      }
      const back = from.takeReturnPath();
      if (back && back !== currentPath()) {
        void navigate(back, { replace: true, state: SIGN_IN_RETURN_STATE });
      }
      loadUser(from);
    },
    [navigate, loadUser, statusStore],
  );

  const onLoaded = useEffectEvent(adopt);
  /** The address asked to sign in (`?acessar`): done once the start-up has settled. */
  const signInAsked = useRef(false);

  // After hydration: restore a session or handle a redirect if there is one; otherwise signed out
  // without downloading MSAL.
  useEffect(() => {
    const { pathname, hash, search } = window.location;
    // `?acessar` (the link of the e-mails that say to sign in): the sign-in at once, unless a
    // session is restored; the address loses it, so a reload does not ask again.
    signInAsked.current = isSignInLink({ search });
    if (isSignOutReturn({ search }) || signInAsked.current) {
      // '/?state=…' after 'Sair': back to '/' (not a navigation: the page is already right).
      window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
    }
    if (!settings || !needsMsalAtStartup(window.location)) {
      statusStore.set('signed-out');
      guard.set('none');
      return;
    }
    let active = true;
    pending.current ??= load();
    pending.current
      .then((loaded) => {
        if (active) onLoaded(loaded);
      })
      .catch((error: unknown) => {
        if (!active) return;
        console.error('Restoring the sign-in failed:', error);
        statusStore.set('signed-out');
      })
      .finally(() => {
        if (active) guard.set('none');
      });
    return () => {
      active = false;
    };
  }, [settings, load, guard, statusStore]);

  // Back from the provider through the back/forward cache: the redirect was abandoned.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      guard.end('login');
      guard.end('logout');
      // Signed out at the provider, then back: MSAL has forgotten the account already.
      if (session.current && !session.current.account()) {
        statusStore.set('signed-out');
        setAuthUser(null);
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [guard, statusStore]);

  /** Runs one interactive action, unless one is already in progress (a double click does nothing). */
  const interact = useCallback(
    async (action: InteractiveAction, run: (from: MsalSession) => Promise<void>) => {
      if (!settings || !guard.tryBegin(action)) return;
      try {
        let from = session.current;
        if (!from) {
          from = await load();
          adopt(from);
          // A session MSAL still had: signed in without going to the provider.
          if (action === 'login' && from.account()) return;
        }
        await run(from);
      } catch (error) {
        if (isCancellation(error)) console.info('Sign-in abandoned.');
        else console.error(`Sign-${action === 'login' ? 'in' : 'out'} failed:`, error);
      } finally {
        // Reached only when no redirect happened (a failure, or nothing to do).
        guard.end(action);
      }
    },
    [settings, guard, load, adopt],
  );

  const signIn = useCallback(
    (options?: { reauthenticate?: boolean }) =>
      interact('login', (from) =>
        from.signIn({ createAccount: false, returnPath: currentPath(), ...options }),
      ),
    [interact],
  );

  const signInAsAsked = useEffectEvent(() => void signIn());
  useEffect(() => {
    if (!signInAsked.current || interactionStatus !== 'none') return;
    signInAsked.current = false;
    // Out of the effect's own run: the sign-in updates the interaction status.
    if (status === 'signed-out') queueMicrotask(() => signInAsAsked());
  }, [interactionStatus, status]);

  const signUp = useCallback(
    () =>
      interact('login', (from) => from.signIn({ createAccount: true, returnPath: currentPath() })),
    [interact],
  );

  const signOut = useCallback(
    () =>
      interact('logout', async (from) => {
        setAuthUser(null);
        setStaffRoles(NO_ROLES);
        markSession(false);
        await from.signOut();
        // Nobody to sign out at the provider: signed out here.
        adopt(from);
      }),
    [interact, adopt],
  );

  const getUser = useCallback(async (): Promise<UserWithToken | null> => {
    try {
      const from = session.current ?? (await pending.current);
      if (!from) return null;
      const found = await from.getUser();
      // Nobody, or the session ended (msal-session.ts forgot the account, with a toast).
      if (!found) adopt(from);
      return found;
    } catch (error) {
      // While signing out, MSAL forgets the tokens under a call still running: expected, not a fault.
      if (guard.current() !== 'logout') console.error('Getting the signed-in user failed:', error);
      return null;
    }
  }, [guard, adopt]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      interactionStatus,
      authUser,
      setAuthUser,
      staffRoles,
      getUser,
      signIn,
      signUp,
      signOut,
    }),
    [status, interactionStatus, authUser, staffRoles, getUser, signIn, signUp, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
