// The warnings screen (SPEC §2): the tabs with their live counts, the loading,
// empty and error states of a tab, the tab and its order in the address, the theft actions
// confirmed and sent, and "Assigned to me".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WarnedBike, Warnings } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { withTableLayout } from '../../../testing/table-layout';
import {
  makeAlert,
  makeAlertPage,
  makeFleetInformation,
  makeFleetListItem,
  makeWarningCounts,
} from '../../../testing/data-generators';

withTableLayout();

const WARNINGS = 'GET products/warnings';
const since = '2026-11-20T08:00:00.000Z';

function warned(
  vehicleNumber: string,
  type: WarnedBike['warnings'][number]['type'],
  theft: WarnedBike['theft']['state'] = 'NONE',
): WarnedBike {
  return {
    ...makeFleetListItem({ vehicleNumber, bikeBatteryLevel: 9 }),
    warnings: [{ type, since }],
    theft: { state: theft, since: theft === 'NONE' ? null : since, by: null },
  };
}

const bikes = [
  warned('FR-010', 'SUSPECTED_THEFT', 'SUSPECTED'),
  warned('FR-011', 'REPORTED_THEFT', 'REPORTED'),
  warned('FR-012', 'LOW_VEHICLE_BATTERY'),
];
const counts = makeWarningCounts({ SUSPECTED_THEFT: 1, REPORTED_THEFT: 1, LOW_VEHICLE_BATTERY: 1 });
const page = (content: WarnedBike[], total = content.length): Warnings => ({
  counts,
  content,
  totalElements: total,
  page: 0,
  size: 100,
});

function answers(content = bikes) {
  return {
    'GET fleet/information': makeFleetInformation({ totalBikes: 3 }),
    // the list's calls carry a size of 100; the tabs' counters ask for one bike
    [WARNINGS]: page(content),
    'GET alerts': makeAlertPage([]),
    'GET zones/occupancy': { zones: [] },
  };
}

// full-app renders: patient on a busy machine
describe('warnings page', { timeout: 20_000 }, () => {
  it('shows every tab with its count and the warned bikes with their theft actions', async () => {
    renderApp('/warnings', { signedInAs: 'user', answers: answers() });
    const table = await screen.findByRole('table', { name: 'All warnings' });
    expect(within(table).getByRole('link', { name: 'FR-010' })).toHaveAttribute(
      'href',
      '/fleet/product/FR-010',
    );
    const tabs = screen.getByRole('tablist', { name: 'Kinds of warning' });
    expect(within(tabs).getByRole('tab', { name: /All warnings/ })).toHaveTextContent('3');
    expect(within(tabs).getByRole('tab', { name: /Suspected theft/ })).toHaveTextContent('1');
    // a suspicion is acknowledged or reported, a reported theft cancelled, a battery has none
    const suspected = within(table).getByText('FR-010').closest('[role="row"]') as HTMLElement;
    expect(within(suspected).getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument();
    expect(within(suspected).getByRole('button', { name: 'Report as theft' })).toBeInTheDocument();
    const reported = within(table).getByText('FR-011').closest('[role="row"]') as HTMLElement;
    expect(within(reported).getByRole('button', { name: 'Cancel the theft' })).toBeInTheDocument();
    const battery = within(table).getByText('FR-012').closest('[role="row"]') as HTMLElement;
    expect(within(battery).queryByRole('button')).toBeNull();
  });

  it('says when the whole fleet is fine, and when a tab has no bike', async () => {
    const { router } = renderApp('/warnings', { signedInAs: 'user', answers: answers([]) });
    expect(
      await screen.findByText('No open warning: the whole fleet is fine.'),
    ).toBeInTheDocument();
    await router.navigate('/warnings?type=LOW_MODULE_BATTERY');
    expect(await screen.findByText('No bike has this warning.')).toBeInTheDocument();
  });

  it('says when the bikes cannot be read, and reads them again', async () => {
    const { server } = renderApp('/warnings', {
      signedInAs: 'user',
      answers: { ...answers(), [WARNINGS]: () => json(500, { status: 500 }) },
    });
    expect(await screen.findByText('The warned bikes could not be loaded.')).toBeInTheDocument();
    server.on(WARNINGS, page(bikes));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'All warnings' })).toBeInTheDocument();
  });

  it('keeps the tab and its order in the address and asks the server for them', async () => {
    const { server, router } = renderApp('/warnings', { signedInAs: 'user', answers: answers() });
    await screen.findByRole('table', { name: 'All warnings' });
    await userEvent.click(screen.getByRole('tab', { name: /Low bike battery/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=LOW_VEHICLE_BATTERY'));
    const typed = () =>
      server.callsTo(WARNINGS).filter((call) => call.query.get('type') === 'LOW_VEHICLE_BATTERY');
    // a tab of one kind: newest warning first
    await waitFor(() => expect(typed().at(-1)?.query.get('sort')).toBe('since,desc'));
    const table = await screen.findByRole('table', { name: 'Low bike battery' });
    await userEvent.click(within(table).getByRole('button', { name: 'Frame no.' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?type=LOW_VEHICLE_BATTERY&sort=vehicleNumber%2Casc',
      ),
    );
    await waitFor(() => expect(typed().at(-1)?.query.get('sort')).toBe('vehicleNumber,asc'));
  });

  it('reports a suspected theft once confirmed, and says so', async () => {
    const { server } = renderApp('/warnings', {
      signedInAs: 'user',
      answers: {
        ...answers(),
        'POST products/theft/FR-010': { vehicleNumber: 'FR-010', theft: 'REPORTED' },
      },
    });
    const table = await screen.findByRole('table', { name: 'All warnings' });
    const row = within(table).getByText('FR-010').closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Report as theft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the theft of FR-010?' });
    // nothing is sent before the manager confirms
    expect(server.callsTo('POST products/theft/FR-010')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The theft of FR-010 is reported.')).toBeInTheDocument();
    expect(server.callsTo('POST products/theft/FR-010')).toHaveLength(1);
  });

  it('says why a theft action failed', async () => {
    renderApp('/warnings', {
      signedInAs: 'user',
      answers: {
        ...answers(),
        'DELETE products/theft/FR-011': () =>
          json(409, { status: 409, title: 'Conflict', detail: 'The theft is already cancelled.' }),
      },
    });
    const table = await screen.findByRole('table', { name: 'All warnings' });
    const row = within(table).getByText('FR-011').closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel the theft' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The action failed: The theft is already cancelled.'),
    ).toBeInTheDocument();
  });

  it('lists the alerts assigned to me instead of the bikes', async () => {
    const mine = makeAlert({ vehicleNumber: 'FR-012', kind: 'LOW_VEHICLE_BATTERY' });
    const { server } = renderApp('/warnings', {
      signedInAs: 'user',
      answers: { ...answers(), 'GET alerts': makeAlertPage([mine]) },
    });
    await screen.findByRole('table', { name: 'All warnings' });
    await userEvent.click(screen.getByRole('button', { name: 'Assigned to me' }));
    expect(await screen.findByRole('link', { name: 'FR-012' })).toHaveAttribute(
      'href',
      '/fleet/product/FR-012?tab=alerts',
    );
    const asked = server.callsTo('GET alerts').at(-1)!;
    expect(asked.query.get('mine')).toBe('true');
    expect(asked.query.get('state')).toBe('active');
    expect(screen.getByRole('button', { name: 'Assigned to me' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
