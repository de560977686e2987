/**
 * The app's one toast container, mounted in the root. react-toastify (and its stylesheet) is
 * downloaded only when the first toast is raised with `notify`, so visitors who never see a toast
 * never pay for it. `notify` queues each request on `window` and announces it with a window event;
 * the container, once mounted, shows the queue.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { ToastQueueWindow } from './notify';

/**
 * Shown instead of the container when its code cannot be downloaded (the connection dropped before
 * the first toast): the messages still reach the person, as plain text in a live region.
 */
function PlainToasts() {
  const [messages, setMessages] = useState<string[]>([]);
  useEffect(() => {
    const show = () => {
      const requests = ((window as ToastQueueWindow).centroToasts ?? []).splice(0);
      if (requests.length === 0) return;
      setMessages((shown) => [...shown, ...requests.map((r) => r.message)].slice(-3));
      for (const request of requests) request.shown(request.message);
    };
    show();
    window.addEventListener(TOASTER_EVENT, show);
    return () => window.removeEventListener(TOASTER_EVENT, show);
  }, []);
  return (
    <div className="plain-toasts" role="alert">
      {messages.map((message, index) => (
        <p key={index}>{message}</p>
      ))}
    </div>
  );
}

const AppToastContainer = lazy(() =>
  import('./toast-container').then(
    // Shown once its stylesheet is there: never an unstyled toast at the foot of the page.
    (container) => container.stylesheetLoaded.then(() => container),
    (error: unknown) => {
      console.warn('The toast container could not be loaded', error);
      return { default: PlainToasts };
    },
  ),
);

/** notify.ts's TOAST_EVENT (not imported: the root would then share a chunk with the screens). */
export const TOASTER_EVENT = 'centro:toast';

const subscribe = (onChange: () => void) => {
  window.addEventListener(TOASTER_EVENT, onChange);
  return () => window.removeEventListener(TOASTER_EVENT, onChange);
};

/** Wanted from the first toast raised: `notify` creates the queue. */
const isWanted = () => (window as ToastQueueWindow).centroToasts !== undefined;

export function Toaster() {
  const wanted = useSyncExternalStore(subscribe, isWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
