// The Reports screen (ADR 0127): its figures beside the period before, its tables, the loading,
// error (retried) and empty states, and the period and scope kept in the address and sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Report, ReportFigures } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { makeGroup } from '../../../testing/data-generators';

const figures: ReportFigures = {
  trips: 120,
  km: 340.5,
  rideMinutes: 2400,
  tripsPerBikePerDay: 1.2,
  idlePercent: 96.4,
  deployedBikesAverage: 10,
  activeBikes: 9,
  inactiveBikes: 1,
  hoursAvailable: 7000,
  alertsOpened: 4,
  tasksDone: 5,
  tasksWithinSlaPercent: 80,
  batterySwaps: 3,
};
const empty: ReportFigures = {
  ...figures,
  trips: 0,
  km: 0,
  rideMinutes: 0,
  tripsPerBikePerDay: null,
  idlePercent: null,
  deployedBikesAverage: 0,
  activeBikes: 0,
  inactiveBikes: 0,
  hoursAvailable: 0,
  alertsOpened: 0,
  tasksDone: 0,
  tasksWithinSlaPercent: null,
  batterySwaps: 0,
};
const report = (f: ReportFigures = figures): Report => ({
  period: 'month',
  from: '2026-11-01',
  to: '2026-11-30',
  days: 30,
  previous: { from: '2026-10-01', to: '2026-10-31' },
  scope: { kind: 'fleet', id: null, name: 'Demo Fleet' },
  figures: f,
  previousFigures: { ...f, trips: f.trips ? 100 : 0 },
  perDay: [
    {
      day: '2026-11-01',
      trips: 4,
      km: 10,
      rideMinutes: 60,
      activeBikes: 3,
      idlePercent: 97,
      hoursAvailable: 200,
    },
  ],
  zones: [],
  alerts: f.alertsOpened
    ? [
        {
          kind: 'LOW_VEHICLE_BATTERY',
          opened: 4,
          acknowledged: 3,
          medianMinutesToAcknowledge: 30,
          cleared: 2,
          medianMinutesToClear: 120,
        },
      ]
    : [],
  tasksByPriority: [],
  technicians: [],
});

describe('reports page', { timeout: 20_000 }, () => {
  it('shows the figures beside the period before, and the alerts per kind', async () => {
    renderApp('/reports', {
      signedInAs: 'user',
      answers: { 'GET reports': report(), 'GET fleet/group': [] },
    });
    const region = await screen.findByRole('region', { name: 'Figures' });
    expect(within(region).getByText('120')).toBeInTheDocument();
    expect(within(region).getByText('+20 % · before: 100')).toBeInTheDocument();
    const alerts = screen.getByRole('table', { name: 'Alerts' });
    expect(within(alerts).getByText('Low bike battery')).toBeInTheDocument();
  });

  it("shows each zone's time parked and occupancy against its caps", async () => {
    renderApp('/reports', {
      signedInAs: 'user',
      answers: {
        'GET reports': {
          ...report(),
          zones: [
            {
              id: '7b0c1a2e-5d6f-4a8b-9c0d-1e2f3a4b5c6d',
              name: 'Centre',
              type: 'PREFERRED_PARKING',
              trips: 12,
              km: 30,
              rideMinutes: 180,
              bikesPerDay: 2.5,
              parkedHours: 26,
              meanParked: 1.1,
              peakParked: 2,
              minutesAboveMax: 480,
              minutesBelowMin: 360,
              minBikes: 1,
              maxBikes: 1,
            },
          ],
        },
        'GET fleet/group': [],
      },
    });
    const zones = await screen.findByRole('table', { name: 'Zones' });
    const row = within(zones).getByRole('row', { name: /Centre/ });
    for (const cell of ['12', '26', '1.1', '2', '1–1']) expect(row).toHaveTextContent(cell);
    expect(within(zones).getByRole('columnheader', { name: 'Peak parked' })).toBeInTheDocument();
  });

  it('says it is loading, then that it failed, and tries again; an empty period says so', async () => {
    let answer: Response | null = json(503, { status: 503 });
    const { server } = renderApp('/reports', {
      signedInAs: 'user',
      answers: {
        'GET reports': () => answer ?? json(200, report(empty)),
        'GET fleet/group': [],
      },
    });
    expect(await screen.findByText('Loading the report…')).toBeInTheDocument();
    expect(await screen.findByText('The report could not be loaded.')).toBeInTheDocument();
    answer = null;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing happened in this period.')).toBeInTheDocument();
    expect(server.callsTo('GET reports').length).toBeGreaterThanOrEqual(2);
  });

  it('sends the period and the group chosen, kept in the address', async () => {
    const { server } = renderApp('/reports?period=week&from=2026-11-18', {
      signedInAs: 'user',
      answers: { 'GET reports': report(), 'GET fleet/group': [makeGroup('North')] },
    });
    await screen.findByRole('region', { name: 'Figures' });
    expect(server.callsTo('GET reports').at(-1)!.query.get('period')).toBe('week');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Report of' }), 'group');
    const group = await screen.findByRole('combobox', { name: 'A group' });
    await waitFor(() => expect(within(group).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(group, within(group).getByRole('option', { name: /North/ }));
    await waitFor(() =>
      expect(server.callsTo('GET reports').at(-1)!.query.get('groupId')).toBeTruthy(),
    );
  });

  it('adds a schedule with its recipients, and sends one now', async () => {
    const schedule = {
      id: '5f0c2a1e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
      name: 'City',
      frequency: 'MONTHLY',
      format: 'pdf',
      groupId: null,
      zoneId: null,
      recipients: ['city@example.org'],
      timeZone: 'UTC',
      hour: 7,
      nextFrom: '2026-11-01',
      lastDelivery: null,
    };
    const { server } = renderApp('/reports', {
      signedInAs: 'user',
      answers: {
        'GET reports': report(),
        'GET fleet/group': [],
        'GET report-schedules': { content: [schedule] },
        'POST report-schedules': schedule,
        [`POST report-schedules/${schedule.id}/send`]: {
          periodFrom: '2026-10-01',
          periodTo: '2026-10-31',
          deliveries: 1,
        },
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'City');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Recipients (e-mail addresses)' }),
      'city@example.org, ana@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.callsTo('POST report-schedules')).toHaveLength(1));
    expect(server.callsTo('POST report-schedules')[0]!.body).toMatchObject({
      name: 'City',
      frequency: 'MONTHLY',
      recipients: ['city@example.org', 'ana@example.com'],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send City now' }));
    await waitFor(() =>
      expect(server.callsTo(`POST report-schedules/${schedule.id}/send`)).toHaveLength(1),
    );
  });
});
