// render() with the providers every component may need: English translations, toasts.
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ToastContext } from '../ui/toast/toast-context';
import { createToastStore, type ToastStore } from '../ui/toast/toast-store';
import { testI18n } from './i18n';

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions & { toasts?: ToastStore } = {},
) {
  const toasts = options.toasts ?? createToastStore();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={testI18n}>
      <ToastContext value={toasts}>{children}</ToastContext>
    </I18nextProvider>
  );
  return { toasts, ...render(ui, { wrapper: Wrapper, ...options }) };
}
