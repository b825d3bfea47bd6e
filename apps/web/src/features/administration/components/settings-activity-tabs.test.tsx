// Administration — the fleet settings (docs/web.md) and the activity log (§4):
// thresholds checked before sending and only the changed ones sent; the log's states, its
// filters sent to the server, and its rows with who, what and which bike or account.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivityPage, VfmEvent } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { makeFleetInformation } from '../../../testing/data-generators';

const SETTINGS = 'PUT fleet/settings';
const EVENTS = 'GET fleet/events';

const event = (id: number, overrides: Partial<VfmEvent>): VfmEvent => ({
  id,
  vehicleNumber: null,
  type: 'OTHER',
  name: 'ACCOUNT_CREATED',
  source: 'MANAGER',
  userEmail: 'admin@vfm.demo',
  occurredAt: '2026-11-20T08:00:00.000Z',
  data: null,
  ...overrides,
});
const activity = (content: VfmEvent[]): ActivityPage => ({
  content,
  totalElements: content.length,
  page: 0,
  size: 50,
});

// full-app renders: patient on a busy machine
describe('administration — fleet settings', { timeout: 20_000 }, () => {
  const answers = { 'GET fleet/information': makeFleetInformation() };

  it('refuses a threshold out of its range and sends nothing', async () => {
    const { server } = renderApp('/administration?tab=settings', { signedInAs: 'admin', answers });
    const field = await screen.findByLabelText(/^Low bike battery at or under/);
    await userEvent.clear(field);
    await userEvent.type(field, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('Enter a number between 1 and 99.')).toBeInTheDocument();
    expect(server.callsTo(SETTINGS)).toHaveLength(0);
  });

  it('sends only what changed, a decimal comma read as a point, and says it is saved', async () => {
    const { server } = renderApp('/administration?tab=settings', {
      signedInAs: 'admin',
      answers: {
        ...answers,
        [SETTINGS]: (call: { body: unknown }) =>
          json(200, { ...makeFleetInformation().settings, ...(call.body as object) }),
      },
    });
    const battery = await screen.findByLabelText(/^Low bike battery at or under/);
    await userEvent.clear(battery);
    await userEvent.type(battery, '25');
    const co2 = screen.getByLabelText(/^CO2 avoided per km ridden/);
    await userEvent.clear(co2);
    await userEvent.type(co2, '0,2');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The fleet settings have been saved.')).toBeInTheDocument();
    expect(server.callsTo(SETTINGS)[0]!.body).toEqual({
      lowVehicleBatteryPercent: 25,
      co2KgPerKm: 0.2,
    });
  });

  it('says why the server refused the settings', async () => {
    renderApp('/administration?tab=settings', {
      signedInAs: 'admin',
      answers: {
        ...answers,
        [SETTINGS]: () => json(400, { status: 400, title: 'Bad Request', detail: 'Too low.' }),
      },
    });
    const hours = await screen.findByLabelText(/^No communication after/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '48');
    await userEvent.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(
      await screen.findByText('The settings could not be saved: Too low.'),
    ).toBeInTheDocument();
  });
});

describe('administration — activity', { timeout: 20_000 }, () => {
  it('shows who did what to which bike or account, newest first', async () => {
    renderApp('/administration?tab=activity', {
      signedInAs: 'admin',
      answers: {
        [EVENTS]: activity([
          event(2, {
            name: 'FLEET_SETTINGS_CHANGED',
            data: { from: { co2KgPerKm: 0.12 }, to: { co2KgPerKm: 0.2 } },
          }),
          event(1, {
            name: 'ACCOUNT_CREATED',
            userEmail: 'chef@vfm.demo',
            data: { email: 'lea@example.com' },
          }),
        ]),
      },
    });
    const table = await screen.findByRole('table', {
      name: 'Who did what in the fleet, newest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Fleet settings changed')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('co2KgPerKm: 0.2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Account created')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('chef@vfm.demo')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('lea@example.com')).toBeInTheDocument();
  });

  it('sends its filters to the server and says when nothing matches', async () => {
    const { server } = renderApp('/administration?tab=activity', {
      signedInAs: 'admin',
      answers: { [EVENTS]: activity([]) },
    });
    expect(await screen.findByText('No action matches these filters.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Kind of action'), 'thefts');
    await userEvent.type(screen.getByLabelText('Bike'), 'VFM-00019');
    await waitFor(() => {
      const asked = server.callsTo(EVENTS).at(-1)!.query;
      expect(asked.getAll('kind')).toEqual(['thefts']);
      expect(asked.get('vehicleNumber')).toBe('VFM-00019');
      expect(asked.get('page')).toBe('0');
    });
  });

  it('says when the activity cannot be read, and reads it again', async () => {
    const { server } = renderApp('/administration?tab=activity', {
      signedInAs: 'admin',
      answers: { [EVENTS]: () => json(500, { status: 500 }) },
    });
    expect(await screen.findByText('The activity could not be loaded.')).toBeInTheDocument();
    server.on(
      EVENTS,
      activity([event(1, { name: 'THEFT_DECLARED', vehicleNumber: 'VFM-00019', type: 'PRODUCT' })]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'VFM-00019' })).toHaveAttribute(
      'href',
      '/fleet/product/VFM-00019',
    );
  });
});
