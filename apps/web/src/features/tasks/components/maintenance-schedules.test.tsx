// Maintenance schedules on the Tasks page (docs/tasks.md): listed with their period and the bikes
// due; a new one needs a name and a period, and is sent as the server expects it.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/app-harness';
import { makeTaskPage } from '../../../testing/data-generators';
import { json } from '../../../testing/fake-server';

const schedule = {
  id: '5f0e8c1a-0000-4000-8000-000000000004',
  name: 'Cargo brakes',
  model: 'Cargo 7',
  groupId: null,
  everyKm: 500,
  everyDays: null,
  everyCycles: null,
  bikes: 12,
  due: 2,
  createdAt: '2026-11-25T08:00:00.000Z',
};

const STATS = {
  from: '2026-10-27',
  to: '2026-11-25',
  perDay: [
    { day: '2026-11-24', opened: 3, closed: 1 },
    { day: '2026-11-25', opened: 2, closed: 2 },
  ],
  byKind: [{ kind: 'BATTERY_SWAP', done: 3, medianMinutesToClose: 42 }],
  byTechnician: [
    {
      user: { id: '1d1c2f8e-0000-4000-8000-000000000009', email: 'ines@vfm.demo', name: 'Inès' },
      done: 3,
      medianMinutesToClose: 42,
    },
  ],
};

describe('task statistics', () => {
  it('shows the totals, by kind and by technician', async () => {
    renderApp('/tasks', {
      signedInAs: 'user',
      answers: {
        'GET tasks': makeTaskPage([]),
        'GET fleet/group': [],
        'GET maintenance/schedules': { content: [] },
        'GET tasks/statistics': STATS,
      },
    });
    expect(
      await screen.findByText('From Oct 27, 2026 to Nov 25, 2026: 5 opened, 3 closed.'),
    ).toBeInTheDocument();
    const byKind = screen.getByRole('table', { name: 'By kind' });
    expect(byKind).toHaveTextContent('Battery swap');
    expect(screen.getByRole('table', { name: 'By technician' })).toHaveTextContent('Inès');
    expect(screen.getByRole('button', { name: 'Download the CSV' })).toBeInTheDocument();
  });
});

describe('maintenance schedules', () => {
  it('lists the schedules and adds one with its period', async () => {
    const { server } = renderApp('/tasks', {
      signedInAs: 'user',
      answers: {
        'GET tasks': makeTaskPage([]),
        'GET fleet/group': [],
        'GET maintenance/schedules': { content: [schedule] },
        'POST maintenance/schedules': () => json(201, { ...schedule, name: 'Tyres' }),
        'GET tasks/statistics': STATS,
      },
    });
    expect(await screen.findByText('Cargo brakes')).toBeInTheDocument();
    expect(screen.getByText('every 500 km')).toBeInTheDocument();
    expect(screen.getByText('Bikes covered: 12 · due now: 2')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name'), 'Tyres');
    await userEvent.click(screen.getByRole('button', { name: 'Add the schedule' }));
    expect(
      await screen.findByText('Give at least one period: km, days or charge cycles.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST maintenance/schedules')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Every … days'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Add the schedule' }));
    await waitFor(() => expect(server.callsTo('POST maintenance/schedules')).toHaveLength(1));
    expect(server.callsTo('POST maintenance/schedules')[0]!.body).toEqual({
      name: 'Tyres',
      model: null,
      groupId: null,
      everyKm: null,
      everyDays: 90,
      everyCycles: null,
    });
  });
});
