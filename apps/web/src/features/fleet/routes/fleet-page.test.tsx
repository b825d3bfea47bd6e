import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type RecordedCall } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { withTableLayout } from '../../../testing/table-layout';
import { createSseFeed } from '../../../testing/sse-feed';
import {
  makeCommand,
  makeFleetInformation,
  makeFleetListItem,
  makeGroup,
  makeListPage,
} from '../../../testing/data-generators';

withTableLayout();

const rows = [
  makeFleetListItem({
    vehicleNumber: 'FR-001',
    warnings: ['LOW_VEHICLE_BATTERY'],
    bikeBatteryLevel: 12,
  }),
  makeFleetListItem({ vehicleNumber: 'FR-002', availability: 'OUT', iotMode: 'PERMANENT' }),
  makeFleetListItem({ vehicleNumber: 'FR-003', lockControlPending: true }),
];

function answers() {
  return {
    'GET fleet/information': makeFleetInformation({ totalBikes: 3 }),
    'GET fleet/group': [makeGroup('Lyon', [makeGroup('Bellecour')])],
    'GET fleet/list': makeListPage(rows),
  };
}

// full-app renders: patient on a busy machine
describe('fleet page', { timeout: 20_000 }, () => {
  it("shows today's KPIs beside last week's: the bikes available at the peak, the alerts past their SLA", async () => {
    const figures = {
      trips: 87,
      activeBikes: 33,
      utilisationPercent: 82.5,
      alertsOpened: 4,
      peakHour: '2026-11-28T08:00:00.000Z',
      bikesAvailableAtPeak: 32,
      alertsPastSla: 2,
    };
    renderApp('/fleet', {
      signedInAs: 'user',
      answers: {
        ...answers(),
        'GET reports/kpis': {
          at: '2026-11-28T14:30:00.000Z',
          today: figures,
          lastWeek: { ...figures, bikesAvailableAtPeak: null, alertsPastSla: 0 },
        },
      },
    });
    const strip = await screen.findByRole('region', {
      name: 'Today against the same day last week',
    });
    expect(strip).toHaveTextContent('Bikes available at the peak32last week: —');
    expect(strip).toHaveTextContent('Alerts past their SLA2last week: 0');
  });

  it('shows the summary and the bikes with their states', async () => {
    renderApp('/fleet', { signedInAs: 'user', answers: answers() });
    const table = await screen.findByRole('table', { name: 'Bikes of the fleet' });
    expect(table).toHaveAttribute('aria-rowcount', '4');
    expect(await within(table).findByRole('link', { name: 'FR-001' })).toHaveAttribute(
      'href',
      '/fleet/product/FR-001',
    );
    const summary = screen.getByRole('navigation', { name: 'Fleet summary' });
    expect(within(summary).getByText('3 bikes')).toBeInTheDocument();
    expect(within(table).getAllByText('Low bike battery').length).toBeGreaterThan(0);
    expect(within(table).getByText('Out of service')).toBeInTheDocument();
    expect(within(table).getByText('Tracking')).toBeInTheDocument();
  });

  it('a summary count filters the list through the address, shown as a chip', async () => {
    const { server, router } = renderApp('/fleet', { signedInAs: 'user', answers: answers() });
    const summary = await screen.findByRole('navigation', { name: 'Fleet summary' });
    await userEvent.click(within(summary).getByRole('button', { name: /Out of service/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?availability=OUT'));
    const chips = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Out of service')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        server.callsTo('GET fleet/list').some((c) => c.query.get('availability') === 'OUT'),
      ).toBe(true),
    );
    await userEvent.click(within(chips).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the view from the address: sort and filters reach the server', async () => {
    const { server } = renderApp('/fleet?sort=bikeBatteryLevel,desc&mode=PERMANENT&q=FR', {
      signedInAs: 'user',
      answers: answers(),
    });
    await screen.findByRole('table', { name: 'Bikes of the fleet' });
    const call = server.callsTo('GET fleet/list')[0]!;
    expect(call.query.get('sort')).toBe('bikeBatteryLevel,desc');
    expect(call.query.getAll('mode')).toEqual(['PERMANENT']);
    expect(call.query.get('q')).toBe('FR');
    expect(screen.getByRole('columnheader', { name: /Bike battery/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('sends a bulk lock for the selected bikes after a confirmation naming the count', async () => {
    const { server } = renderApp('/fleet', { signedInAs: 'user', answers: answers() });
    server.on('POST commands/lockControl', (call: RecordedCall) =>
      json(202, {
        commands: call.query
          .getAll('vehicleNumbers')
          .map((vehicleNumber) => makeCommand({ vehicleNumber })),
      }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select FR-001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select FR-002' }));
    const bar = screen.getByRole('region', { name: 'Actions on the selection' });
    expect(within(bar).getByText('2 bikes selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Lock assistance' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Lock the electric assistance of 2 bikes?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.callsTo('POST commands/lockControl')).toHaveLength(1));
    const call = server.callsTo('POST commands/lockControl')[0]!;
    expect(call.query.getAll('vehicleNumbers')).toEqual(['FR-001', 'FR-002']);
    expect(call.query.get('active')).toBe('true');
    expect(
      await screen.findByText('Command sent to 2 bikes: waiting for their modules.'),
    ).toBeInTheDocument();
  });

  it("follows a bulk command's answers from the stream: acknowledged, failed", async () => {
    const feed = createSseFeed();
    const { server } = renderApp('/fleet', {
      signedInAs: 'user',
      answers: { ...answers(), 'GET fleet/stream': () => feed.response() },
    });
    const sent = ['FR-001', 'FR-002', 'FR-003'].map((vehicleNumber) =>
      makeCommand({ vehicleNumber, type: 'MODE', value: 'PERMANENT' }),
    );
    server.on('POST commands/mode', () => json(202, { commands: sent }));
    for (const vn of ['FR-001', 'FR-002', 'FR-003'])
      await userEvent.click(await screen.findByRole('checkbox', { name: `Select ${vn}` }));
    const bar = screen.getByRole('region', { name: 'Actions on the selection' });
    await userEvent.click(within(bar).getByRole('button', { name: /IoT mode/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Tracking' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Command sent to 3 bikes: waiting for their modules.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST commands/mode')[0]!.query.getAll('vehicleNumbers')).toEqual([
      'FR-001',
      'FR-002',
      'FR-003',
    ]);
    feed.send('commands', {
      commands: [
        { ...sent[0]!, status: 'ACKNOWLEDGED' },
        { ...sent[1]!, status: 'FAILED' },
      ],
    });
    expect(await screen.findByText('The command failed on: FR-002')).toBeInTheDocument();
    feed.send('commands', { commands: [{ ...sent[2]!, status: 'ACKNOWLEDGED' }] });
    expect(await screen.findByText('2 modules acknowledged the command.')).toBeInTheDocument();
  });

  it('says when no bike matches and when the list cannot be read', async () => {
    const { server } = renderApp('/fleet?availability=TRANSIT', {
      signedInAs: 'user',
      answers: { ...answers(), 'GET fleet/list': makeListPage([]) },
    });
    expect(await screen.findByText('No bike matches these filters.')).toBeInTheDocument();
    server.on('GET fleet/list', () => json(500, { status: 500, title: 'boom' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    });
    expect(await screen.findByText('The list of bikes could not be loaded.')).toBeInTheDocument();
  });

  it('names the CSV after the fleet, even when asked before the fleet was read', async () => {
    let release: () => void = () => {};
    const informationArrives = new Promise<void>((resolve) => (release = resolve));
    const { server } = renderApp('/fleet', {
      signedInAs: 'user',
      answers: {
        ...answers(),
        'GET fleet/information': async () => {
          await informationArrives;
          return json(200, makeFleetInformation({ name: 'Lyon Vélos' }));
        },
        'GET fleet/list/csv': () =>
          new Response('vehicleNumber\nFR-001\n', { headers: { 'content-type': 'text/csv' } }),
      },
    });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    try {
      await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: /list as shown/i }));
      release();
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatch(/^lyon-velos-list-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(server.callsTo('GET fleet/list/csv')).toHaveLength(1);
    } finally {
      click.mockRestore();
    }
  });
});
