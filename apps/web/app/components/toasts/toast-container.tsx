/** The toast container, configured as spec section 9. Loaded by <Toaster> on the first toast. */
import { useEffect } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import type { ToastQueueWindow } from './notify';

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
