import { createContext, useContext } from 'react';
import type { ToastStore } from './toast-store';

export const ToastContext = createContext<ToastStore | null>(null);

/** Show a toast: `const toast = useToast(); toast.show({ type: 'success', message })`. */
export function useToast(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToast needs a <ToastContext> provider');
  return store;
}
