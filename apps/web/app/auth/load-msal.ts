/**
 * Loads MSAL on demand, once per page: a dynamic import, so MSAL is a chunk of its own that only a
 * page with a session to restore, a redirect to handle or a press on 'Acessar' / 'Quero me inscrever'
 * ever downloads. A failed load (offline, say) is forgotten, so the next press tries again.
 */
import type { MsalSession } from './msal-session';
import type { AuthSettings } from '~/config/auth-settings';
import type { InteractionStatus } from './types';

export type LoadMsalSession = (
  settings: AuthSettings,
  onStatus: (status: InteractionStatus) => void,
) => Promise<MsalSession>;

let session: Promise<MsalSession> | undefined;

export const loadMsalSession: LoadMsalSession = (settings, onStatus) => {
  session ??= import('./msal-session')
    .then(({ startMsalSession }) => startMsalSession(settings, onStatus))
    .catch((error: unknown) => {
      session = undefined;
      throw error;
    });
  return session;
};
