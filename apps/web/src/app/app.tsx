import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ServicesContext, type AppServices } from '../services/services';
import { ToastContext } from '../ui/toast/toast-context';
import { ToastViewport } from '../ui/toast/toast-viewport';
import type { createAppRouter } from './router';

export interface AppProps {
  services: AppServices;
  i18n: I18n;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ services, i18n, router }: AppProps) {
  return (
    <ServicesContext value={services}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={services.queryClient}>
          <ToastContext value={services.toasts}>
            <RouterProvider router={router} />
            <ToastViewport store={services.toasts} />
          </ToastContext>
        </QueryClientProvider>
      </I18nextProvider>
    </ServicesContext>
  );
}
