/**
 * The one record of the sign-in interaction in progress, and the guard against a second one: a
 * double click on 'Acessar' (or 'Quero me inscrever' then 'Acessar') starts one redirect, never an
 * `interaction_in_progress` error. Synchronous on purpose: a second click in the same frame is refused
 * before React has re-rendered the disabled button.
 */
import type { InteractionStatus } from './types';
import { createValueStore } from './value-store';

export type InteractiveAction = 'login' | 'logout';

export interface InteractionGuard {
  /** The interaction in progress ('none' when idle). */
  current: () => InteractionStatus;
  /** Records a status reported by MSAL or by the page's start-up. */
  set: (status: InteractionStatus) => void;
  /** Starts a sign-in or sign-out if nothing is in progress; false (and nothing changes) otherwise. */
  tryBegin: (action: InteractiveAction) => boolean;
  /** Ends the action started by tryBegin (it failed or was abandoned): back to 'none'. */
  end: (action: InteractiveAction) => void;
  /** For useSyncExternalStore. */
  subscribe: (listener: () => void) => () => void;
}

export function createInteractionGuard(initial: InteractionStatus = 'startup'): InteractionGuard {
  const { get, set, subscribe } = createValueStore(initial);
  return {
    current: get,
    set,
    tryBegin: (action) => {
      if (get() !== 'none') return false;
      set(action);
      return true;
    },
    end: (action) => {
      if (get() === action) set('none');
    },
    subscribe,
  };
}
