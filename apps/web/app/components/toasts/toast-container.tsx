/** The toast container, configured as spec section 9. Loaded by <Toaster> on the first toast. */
import { ToastContainer } from 'react-toastify';

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
