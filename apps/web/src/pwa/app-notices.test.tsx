import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { AppNotices } from './app-notices';

function fakeServiceWorker(controller: object | null) {
  const listeners: Record<string, () => void> = {};
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller,
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    },
  });
  return listeners;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('app notices', () => {
  it('says plainly when the device goes offline, and stops saying it when back', async () => {
    renderWithProviders(<AppNotices register={async () => undefined} />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-notice')).toHaveTextContent(/You are offline/);
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('offers a waiting new version; Reload asks it to take over and reloads when it has', async () => {
    const swListeners = fakeServiceWorker({});
    const waiting = { postMessage: vi.fn() };
    const registration = { waiting, addEventListener: vi.fn() };
    renderWithProviders(
      <AppNotices register={async () => registration as unknown as ServiceWorkerRegistration} />,
    );
    expect(await screen.findByTestId('update-notice')).toHaveTextContent(
      'A new version of VFM is available.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(waiting.postMessage).toHaveBeenCalledWith('SKIP_WAITING');
    expect(swListeners.controllerchange).toBeTypeOf('function');
  });

  it('offers nothing on the first install (no running version to replace)', async () => {
    fakeServiceWorker(null);
    const registration = { waiting: { postMessage: vi.fn() }, addEventListener: vi.fn() };
    renderWithProviders(
      <AppNotices register={async () => registration as unknown as ServiceWorkerRegistration} />,
    );
    await act(async () => undefined);
    expect(screen.queryByTestId('update-notice')).toBeNull();
  });
});
