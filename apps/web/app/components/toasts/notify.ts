/**
 * The one way to show a toast (spec sections 5 and 8): `notify('success', 'Dados atualizados com
 * sucesso!')`. Loads react-toastify on first use and mounts the root's toast container.
 */
import type { ToastOptions } from 'react-toastify';
import { requestToaster } from './toaster-store';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export async function notify(kind: ToastKind, message: string, options?: ToastOptions) {
  requestToaster();
  const { toast } = await import('react-toastify');
  return toast[kind](message, options);
}
