/** The toast container, configured as spec section 9. Loaded by <Toaster> on the first toast. */
import { useEffect } from 'react';
// The build without the stylesheet react-toastify would otherwise inject as a <style> element, which
// the pages' CSP does not allow (decision 010): its stylesheet is a file of the site instead.
import { toast, ToastContainer } from 'react-toastify/unstyled';
import stylesheetUrl from 'react-toastify/ReactToastify.css?url';
import type { ToastQueueWindow } from './notify';

/** How long a toast waits for the stylesheet at most. */
export const STYLESHEET_WAIT_MS = 3000;

/**
 * Adds a stylesheet to the page; settles once it has loaded, failed to, or after
 * `STYLESHEET_WAIT_MS` (a toast then shows unstyled rather than late or not at all).
 */
export function loadStylesheet(href: string): Promise<void> {
  if (!href) return Promise.resolve();
  return new Promise((settle) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => settle());
    link.addEventListener('error', () => settle());
    setTimeout(settle, STYLESHEET_WAIT_MS);
    document.head.append(link);
  });
}

/** react-toastify's stylesheet, requested as soon as this chunk loads; <Toaster> waits for it. */
export const stylesheetLoaded = loadStylesheet(stylesheetUrl);

/** notify.ts's TOAST_EVENT (not imported: this chunk would then share a module with the screens). */
export const CONTAINER_TOAST_EVENT = 'centro:toast';

/** Shows the toasts queued by `notify`, oldest first. */
function showQueuedToasts() {
  const queue = (window as ToastQueueWindow).centroToasts ?? [];
  for (const { kind, message, options, shown } of queue.splice(0)) {
    shown(toast[kind](message, options));
  }
}

interface CloseButtonProps {
  closeToast: (removedByUser?: boolean) => void;
}

function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--light"
      aria-label="Fechar notificação"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16" width="14" height="16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** Alt+T moves the focus to the notifications (react-toastify's default, made explicit). */
export const isToastHotKey = (event: KeyboardEvent) => event.altKey && event.code === 'KeyT';

export default function AppToastContainer() {
  useEffect(() => {
    showQueuedToasts();
    window.addEventListener(CONTAINER_TOAST_EVENT, showQueuedToasts);
    return () => window.removeEventListener(CONTAINER_TOAST_EVENT, showQueuedToasts);
  }, []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      hotKeys={isToastHotKey}
      closeButton={CloseButton}
      aria-label="Notificações Alt+T"
    />
  );
}
