// Toasts of SPEC §4: a new one is inserted at the top of the list, each disappears after its
// delay (default 10 s, SPEC §9) or on its close cross. Types: success, info, warning, error.
import { TOAST_DEFAULT_DELAY_MS, TOAST_SPACING_PX } from '@vfm/contract/constants';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

/** A button in the toast (e.g. "Open" the bike a warning is about); it closes the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  delay: number;
  action?: ToastAction;
}

export interface ToastInput {
  type: ToastType;
  message: string;
  /** milliseconds; SPEC §9 default 10 000 */
  delay?: number;
  action?: ToastAction;
}

export interface ToastStore {
  show(toast: ToastInput): number;
  dismiss(id: number): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

/** SPEC §4: toasts are stacked 130 px apart from the bottom; index 0 is the newest. */
export function toastOffset(index: number): number {
  return index * TOAST_SPACING_PX;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    if (!toasts.some((toast) => toast.id === id)) return;
    toasts = toasts.filter((toast) => toast.id !== id);
    notify();
  };

  return {
    show({ type, message, delay = TOAST_DEFAULT_DELAY_MS, action }) {
      const id = nextId++;
      toasts = [{ id, type, message, delay, action }, ...toasts];
      timers.set(
        id,
        setTimeout(() => dismiss(id), delay),
      );
      notify();
      return id;
    },
    dismiss,
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
