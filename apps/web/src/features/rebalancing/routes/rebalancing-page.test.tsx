// The rebalancing page (docs/rebalancing.md): a manager reads the moves suggested and accepts
// one (the tasks are made server-side; the list is read again), is told when the server
// re-planned a move whose bikes left; the empty and error rungs of the ladder; a technician sees
// their route only, as an ordered list.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AcceptResult, Recommendation, RouteList } from '@vfm/contract';
import { renderApp, USER_ID } from '../../../testing/app-harness';
import { json } from '../../../testing/fake-server';

const MOVE: Recommendation = {
  id: '5a0c6f4e-0000-4000-8000-000000000001',
  fromCell: '881fb46625fffff',
  toCell: '881fb46627fffff',
  from: [4.83, 45.76],
  to: [4.84, 45.765],
  bikes: 3,
  vehicleNumbers: ['FR-1', 'FR-2', 'FR-3'],
  before: '2026-11-28T18:00:00.000Z',
  extraRides: 2.5,
  state: 'OPEN',
  snoozedUntil: null,
  createdAt: '2026-11-28T15:00:00.000Z',
  taskIds: [],
};

const ROUTES: RouteList = {
  content: [
    {
      technicianId: USER_ID,
      technicianName: 'Tess Technician',
      shiftStart: '2026-11-28T15:00:00.000Z',
      shiftEnd: '2026-11-28T23:00:00.000Z',
      plannedAt: '2026-11-28T15:00:00.000Z',
      lengthKm: 4.2,
      stops: [
        {
          kind: 'PICKUP',
          taskId: MOVE.id,
          vehicleNumber: 'FR-1',
          position: [4.83, 45.76],
          at: '2026-11-28T15:10:00.000Z',
          load: 1,
        },
        {
          kind: 'SWAP',
          taskId: null,
          vehicleNumber: 'FR-9',
          position: [4.835, 45.762],
          at: '2026-11-28T15:20:00.000Z',
          load: 1,
        },
        {
          kind: 'DROP',
          taskId: MOVE.id,
          vehicleNumber: 'FR-1',
          position: [4.84, 45.765],
          at: '2026-11-28T15:30:00.000Z',
          load: 0,
        },
      ],
    },
  ],
};

describe('rebalancing', () => {
  it('a manager accepts a move; the suggestions are read again', async () => {
    const user = userEvent.setup();
    const accepted: AcceptResult = {
      outcome: 'ACCEPTED',
      recommendation: { ...MOVE, state: 'ACCEPTED', taskIds: [MOVE.id] },
      replacement: null,
    };
    const { server } = renderApp('/rebalancing', {
      signedInAs: 'user',
      answers: {
        'GET rebalancing/recommendations': { content: [MOVE] },
        'GET rebalancing/routes': { content: [] },
        [`POST rebalancing/recommendations/${MOVE.id}/accept`]: accepted,
      },
    });
    const card = await screen.findByTestId('recommendation');
    expect(card).toHaveTextContent('Move 3 bikes from cell …6625 to cell …6627');
    expect(card).toHaveTextContent('About 2.5 more rides');
    // [4.83, 45.76] → [4.84, 45.765]: 0.95 km north-east, in the miles this user reads
    expect(card).toHaveTextContent('0.6 mi north-east');
    expect(await screen.findByText('No route planned')).toBeInTheDocument();
    server.on('GET rebalancing/recommendations', { content: [] });
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('3 rebalancing tasks created')).toBeInTheDocument();
    expect(await screen.findByText('No move to suggest')).toBeInTheDocument();
    expect(server.callsTo(`POST rebalancing/recommendations/${MOVE.id}/accept`)).toHaveLength(1);
  });

  it('says one more ride in the singular, and 1.4 in the plural', async () => {
    renderApp('/rebalancing', {
      signedInAs: 'user',
      answers: {
        'GET rebalancing/recommendations': {
          content: [
            { ...MOVE, extraRides: 1 },
            { ...MOVE, id: '5a0c6f4e-0000-4000-8000-000000000002', extraRides: 1.4 },
          ],
        },
        'GET rebalancing/routes': { content: [] },
      },
    });
    const [one, more] = await screen.findAllByTestId('recommendation');
    expect(one).toHaveTextContent('About 1 more ride');
    expect(one).not.toHaveTextContent('rides');
    expect(more).toHaveTextContent('About 1.4 more rides');
  });

  it('says when the bikes moved and the move was planned again', async () => {
    const user = userEvent.setup();
    renderApp('/rebalancing', {
      signedInAs: 'user',
      answers: {
        'GET rebalancing/recommendations': { content: [MOVE] },
        'GET rebalancing/routes': { content: [] },
        [`POST rebalancing/recommendations/${MOVE.id}/accept`]: {
          outcome: 'REPLANNED',
          recommendation: { ...MOVE, state: 'SUPERSEDED' },
          replacement: { ...MOVE, id: '5a0c6f4e-0000-4000-8000-000000000002', bikes: 2 },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(/The bikes moved meanwhile/)).toBeInTheDocument();
  });

  it('shows the error rung with a retry', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/rebalancing', {
      signedInAs: 'user',
      answers: {
        'GET rebalancing/recommendations': () => json(500, { status: 500 }),
        'GET rebalancing/routes': { content: [] },
      },
    });
    expect(await screen.findByText('The suggestions could not be read.')).toBeInTheDocument();
    server.on('GET rebalancing/recommendations', { content: [MOVE] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('recommendation')).toBeInTheDocument();
  });

  it('a technician sees their route as an ordered list, and no suggestions', async () => {
    const { server } = renderApp('/rebalancing', {
      signedInAs: 'technician',
      answers: { 'GET rebalancing/routes': ROUTES },
    });
    const route = await screen.findByTestId('route');
    expect(screen.getByRole('heading', { name: 'My route' })).toBeInTheDocument();
    const stops = within(route).getAllByRole('listitem');
    expect(stops.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Pick up FR-1'),
      expect.stringContaining('Battery swap FR-9'),
      expect.stringContaining('Drop off FR-1'),
    ]);
    await waitFor(() => expect(server.callsTo('GET rebalancing/recommendations')).toHaveLength(0));
  });
});
