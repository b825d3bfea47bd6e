// The statistics screen (SPEC §2): its figures from fleet/statistics, its loading and error
// states (the error retried), the group and period kept in the address and sent with each call,
// the distributions' links to the filtered fleet list, the conflicts (a link per count, or
// "none"), and the zones' occupancy with a zone above its maximum.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Traffic } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import {
  makeFleetStatistics,
  makeGroup,
  makeListPage,
  makeWarningCounts,
} from '../../../testing/data-generators';

const figures = makeFleetStatistics({
  warnings: makeWarningCounts({ SUSPECTED_THEFT: 1, LOW_VEHICLE_BATTERY: 3 }),
});
const traffic: Traffic = {
  from: '2026-11-21T00:00:00.000Z',
  to: '2026-11-28T00:00:00.000Z',
  granularity: 'day',
  buckets: [],
};
const ZONE = '8f6a3b7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

function answers(overrides: Record<string, unknown> = {}) {
  return {
    'GET fleet/statistics': figures,
    // uPlot draws on a canvas, which jsdom has not: the traffic stays on its way here (its chart
    // is the statistics e2e's; its shaping state/shaping.test.ts's)
    'GET fleet/statistics/traffic': () => new Promise<Response>(() => {}),
    'GET fleet/chart': { from: traffic.from, to: traffic.to, days: [] },
    'GET fleet/group': [makeGroup('North', [makeGroup('North / Station')])],
    'GET fleet/list': makeListPage([]),
    'GET zones': { content: [] },
    'GET zones/occupancy': { content: [] },
    ...overrides,
  };
}

describe('statistics page', { timeout: 20_000 }, () => {
  it('shows the totals and each distribution, its buckets linked to the fleet list', async () => {
    renderApp('/statistics', { signedInAs: 'user', answers: answers() });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('789')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Traffic over time' })).toBeInTheDocument();
    const availability = screen.getByRole('heading', { name: 'Availability' }).closest('figure')!;
    expect(within(availability as HTMLElement).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/fleet?availability=AVAILABLE',
    );
    expect(screen.getByText('None: every available bike is fine.')).toBeInTheDocument();
  });

  it('says it is loading, then that it failed, and tries again', async () => {
    let fail = true;
    const { server } = renderApp('/statistics', {
      signedInAs: 'user',
      answers: answers({
        'GET fleet/statistics': () => (fail ? json(503, { status: 503 }) : json(200, figures)),
      }),
    });
    expect(await screen.findByText('Loading the statistics…')).toBeInTheDocument();
    expect(await screen.findByText('The statistics could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument();
    expect(server.callsTo('GET fleet/statistics').length).toBeGreaterThanOrEqual(2);
  });

  it('narrows every call to the group chosen, kept in the address', async () => {
    const { server } = renderApp('/statistics', { signedInAs: 'user', answers: answers() });
    await screen.findByRole('region', { name: 'Totals' });
    const group = screen.getByRole('combobox', { name: 'Group' });
    await waitFor(() => expect(within(group).getAllByRole('option')).toHaveLength(3));
    const north = within(group).getByRole('option', { name: /^\s*North \(/ }) as HTMLOptionElement;
    await userEvent.selectOptions(group, north);
    await waitFor(() =>
      expect(
        server
          .callsTo('GET fleet/statistics')
          .some((call) => call.query.get('groupId') === north.value),
      ).toBe(true),
    );
    const availability = screen.getByRole('heading', { name: 'Availability' }).closest('figure')!;
    expect(within(availability as HTMLElement).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `/fleet?availability=AVAILABLE&group=${north.value}`,
    );
  });

  it('links each conflict to the bikes concerned', async () => {
    renderApp('/statistics', {
      signedInAs: 'user',
      answers: answers({
        'GET fleet/list': ({ query }: { query: URLSearchParams }) =>
          json(200, {
            ...makeListPage([]),
            totalElements: query.get('warning') === 'SUSPECTED_THEFT' ? 4 : 0,
          }),
      }),
    });
    const link = await screen.findByRole('link', { name: /Available but suspected stolen/ });
    expect(link).toHaveAttribute('href', '/fleet?availability=AVAILABLE&warning=SUSPECTED_THEFT');
    expect(link).toHaveTextContent('4');
  });

  it("shows each zone's bikes, a zone above its maximum said so", async () => {
    renderApp('/statistics', {
      signedInAs: 'user',
      answers: answers({
        'GET zones': {
          content: [{ id: ZONE, name: 'Gare', maxBikes: 5, minBikes: null }],
        },
        'GET zones/occupancy': {
          content: [
            {
              zoneId: ZONE,
              bikes: 9,
              parked: 9,
              belowMinimum: false,
              aboveMaximum: true,
              capAlert: null,
            },
          ],
        },
      }),
    });
    const zones = (await screen.findByRole('heading', { name: 'Bikes per zone' })).closest(
      'figure',
    )!;
    expect(
      within(zones as HTMLElement).getByText('Gare — above its maximum (5)'),
    ).toBeInTheDocument();
    expect(within(zones as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/fleet?zoneId=${ZONE}`,
    );
  });
});
