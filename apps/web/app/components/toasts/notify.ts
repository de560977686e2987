/**
 * The one way to show a toast (spec sections 5 and 8): `notify('success', 'Dados atualizados com
 * sucesso!')`. The request waits in a queue kept on `window` and a window event tells the root's
 * toaster (toaster.tsx), which then loads the toast container (and react-toastify); the container
 * shows the queued requests. The screens that raise toasts thus share no module with the root or the
 * container, and no extra chunk lands in the first load of every page.
 */
import type { Id, ToastOptions } from 'react-toastify';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

/** The event's name; toaster.tsx and toast-container.tsx use the same (see toaster.test.tsx). */
export const TOAST_EVENT = 'centro:toast';

export interface ToastRequest {
  kind: ToastKind;
  message: string;
  options?: ToastOptions;
  /** Called with the toast's id once it is shown. */
  shown: (id: Id) => void;
}

/** The window's queue of requests not yet shown (the same code is in toast-container.tsx). */
export type ToastQueueWindow = Window & { centroToasts?: ToastRequest[] };

/** Raises a toast; resolves to its id once shown. */
export function notify(kind: ToastKind, message: string, options?: ToastOptions): Promise<Id> {
  return new Promise((shown) => {
    ((window as ToastQueueWindow).centroToasts ??= []).push({ kind, message, options, shown });
    window.dispatchEvent(new Event(TOAST_EVENT));
  });
}

/**
 * Loads the toast container now, while the connection is known to work, on screens that may raise
 * a toast later (the enrolment button, the profile): when the connection then drops, the toast that
 * says so needs no download. Shows nothing by itself.
 */
export function prepareToasts(): void {
  (window as ToastQueueWindow).centroToasts ??= [];
  window.dispatchEvent(new Event(TOAST_EVENT));
}
