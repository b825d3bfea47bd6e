// The battery swap queue (docs/tasks.md): without a position the most urgent stop first, and the
// page says so; a technician takes an open swap and records the battery fitted — checked before
// it is sent, then sent with the finish.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BatteryQueue, BatteryQueueBike } from '@vfm/contract';
import { renderApp, USER_ID } from '../../../testing/app-harness';
import { makeTask } from '../../../testing/data-generators';

function refusePosition() {
  const geolocation: Pick<Geolocation, 'getCurrentPosition'> = {
    getCurrentPosition: (_success, failure) =>
      failure?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  window.localStorage.clear();
});

const bike = (overrides: Partial<BatteryQueueBike>): BatteryQueueBike => ({
  rank: 1,
  vehicleNumber: 'FR-1',
  bikeBatteryLevel: 5,
  autonomyKm: 3,
  batteryNumber: 'BAT-1',
  lastBatteryChangeDate: null,
  position: null,
  distanceMeters: null,
  group: null,
  task: null,
  ...overrides,
});

// bikes without a position: no stop, no map (the list alone)
const QUEUE: BatteryQueue = {
  maxLevel: 20,
  total: 2,
  groups: [],
  bikes: [
    bike({
      task: {
        id: '0b8c6f4e-0000-4000-8000-000000000001',
        status: 'OPEN',
        assignee: null,
      },
    }),
    bike({
      rank: 2,
      vehicleNumber: 'FR-2',
      bikeBatteryLevel: 12,
      task: {
        id: '0b8c6f4e-0000-4000-8000-000000000002',
        status: 'IN_PROGRESS',
        assignee: { id: USER_ID, email: 'technician@vfm.demo', name: null },
      },
    }),
  ],
};

describe('the battery swap queue', () => {
  it('takes an open swap, and records the battery fitted once it is valid', async () => {
    refusePosition();
    const user = userEvent.setup();
    const { server } = renderApp('/tasks/battery-queue', {
      signedInAs: 'technician',
      answers: {
        'GET tasks/battery-queue': QUEUE,
        'POST tasks/0b8c6f4e-0000-4000-8000-000000000001/start': makeTask({
          status: 'IN_PROGRESS',
        }),
        'POST tasks/0b8c6f4e-0000-4000-8000-000000000002/finish': makeTask({ status: 'DONE' }),
      },
    });
    expect(
      await screen.findByText('Your position is not known: the most urgent stop comes first.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('2 bikes need a battery')).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('battery-bike');
    expect(within(first!).getByText('Swap task open, nobody on it')).toBeInTheDocument();
    expect(within(second!).getByText('Taken by you')).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Take the swap' }));
    await waitFor(() =>
      expect(server.callsTo('POST tasks/0b8c6f4e-0000-4000-8000-000000000001/start')).toHaveLength(
        1,
      ),
    );

    await user.click(within(second!).getByRole('button', { name: 'Record the swap' }));
    const level = within(second!).getByLabelText('Charge of the battery fitted (%)');
    await user.clear(level);
    await user.type(level, '101');
    await user.click(within(second!).getByRole('button', { name: 'Finish with this battery' }));
    expect(within(second!).getByText('Enter a charge between 0 and 100.')).toBeInTheDocument();
    expect(server.callsTo('POST tasks/0b8c6f4e-0000-4000-8000-000000000002/finish')).toEqual([]);

    await user.clear(level);
    await user.type(level, '90');
    await user.type(within(second!).getByLabelText('Battery number (optional)'), 'BAT-9');
    await user.click(within(second!).getByRole('button', { name: 'Finish with this battery' }));
    await waitFor(() =>
      expect(
        server.callsTo('POST tasks/0b8c6f4e-0000-4000-8000-000000000002/finish')[0]?.body,
      ).toEqual({ batterySwap: { batteryLevel: 90, batteryNumber: 'BAT-9' } }),
    );
  });
});
