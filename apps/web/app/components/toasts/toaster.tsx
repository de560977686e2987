/**
 * The app's one toast container, mounted in the root. react-toastify (and the styles it injects)
 * is downloaded only when the first toast is raised with `notify`, so visitors who never see a toast
 * never pay for it. Toasts raised before the container has mounted are queued by react-toastify.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToaster } from './toaster-store';

const AppToastContainer = lazy(() => import('./toast-container'));

export function Toaster() {
  const wanted = useSyncExternalStore(subscribeToaster, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
