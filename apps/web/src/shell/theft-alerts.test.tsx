// The live theft notices: one toast per theft, a burst gathered into one toast that counts the
// bikes and leads to the warnings, the user's own declaration not announced, nothing for a field
// technician (docs/web.md).
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { VfmEvent } from '@vfm/contract';
import { LiveProvider } from '../live/live-context';
import { ServicesContext, type AppServices } from '../services/services';
import { createFakeLive } from '../testing/fake-live';
import { testI18n } from '../testing/i18n';
import { createToastStore } from '../ui/toast/toast-store';
import { TheftAlerts } from './theft-alerts';

function setup({ technician = false } = {}) {
  const live = createFakeLive();
  const toasts = createToastStore();
  const snapshot = { email: 'me@vfm.test', technician };
  const services = {
    toasts,
    session: {
      on: () => () => undefined,
      subscribe: () => () => undefined,
      getSnapshot: () => snapshot,
    },
  } as unknown as AppServices;
  render(
    <I18nextProvider i18n={testI18n}>
      <ServicesContext value={services}>
        <MemoryRouter>
          <LiveProvider controller={live.controller}>
            <TheftAlerts />
          </LiveProvider>
        </MemoryRouter>
      </ServicesContext>
    </I18nextProvider>,
  );
  const stream = (...events: Array<Partial<VfmEvent>>) =>
    live.stream({ events: events as VfmEvent[] });
  const shown = () => toasts.getSnapshot().map((toast) => [toast.message, toast.action?.label]);
  return { stream, shown, listening: live.listening };
}

const theft = (vehicleNumber: string, userEmail = 'other@vfm.test'): Partial<VfmEvent> => ({
  name: 'THEFT_DECLARED',
  vehicleNumber,
  userEmail,
});

describe('the live theft notices', () => {
  it('announce a theft with a way to its bike, not the reader’s own', async () => {
    const { stream, shown } = setup();
    await stream(theft('VN-1', 'me@vfm.test'));
    expect(shown()).toEqual([]);
    await stream(theft('VN-2'));
    expect(shown()).toEqual([['Theft reported: VN-2', 'Open the bike']]);
  });

  it('gather a burst into one toast that counts the bikes and leads to the warnings', async () => {
    const { stream, shown } = setup();
    await stream(theft('VN-1'), { name: 'ALARM_TRIGGERED', vehicleNumber: 'VN-2' });
    await stream(...['VN-3', 'VN-4', 'VN-5', 'VN-6', 'VN-1'].map((bike) => theft(bike)));
    expect(shown()).toEqual([['6 thefts reported or suspected', 'See the warnings']]);
  });

  it('say nothing to a field technician', () => {
    const { listening } = setup({ technician: true });
    expect(listening()).toBe(0);
  });
});
