/**
 * The app's one toast container, mounted in the root. react-toastify (and the styles it injects)
 * is downloaded only when the first toast is raised with `notify`, so visitors who never see a toast
 * never pay for it. `notify` queues each request on `window` and announces it with a window event;
 * the container, once mounted, shows the queue.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastQueueWindow } from './notify';

const AppToastContainer = lazy(() => import('./toast-container'));

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
