// The bike page (SPEC §2): the bike's header and its sections as tabs in the address (the
// alerts tab counting the active ones, no Share tab for a technician, an empty section saying
// so), the loading state, an error retried, and a clear not-found state with the way back to
// the fleet.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { makeAlert, makeAlertPage, makeBike, makeTaskPage } from '../../../testing/data-generators';

// jsdom has no WebGL: the small map is its label here (map/bike-map has its own tests)
// no position: the overview draws no map (jsdom has no WebGL; the map is the e2e's), and web
// tests never mock a module with a hoisted vi.mock (they share their worker's modules)
const bike = makeBike({ vehicleNumber: 'FR-42', model: 'City 9', latitude: null, longitude: null });

function answers(overrides: Record<string, unknown> = {}) {
  return {
    'GET products/details/FR-42': bike,
    'GET alerts': makeAlertPage([makeAlert({ vehicleNumber: 'FR-42' })]),
    ...overrides,
  };
}

describe('bike page', { timeout: 20_000 }, () => {
  it("shows the bike's header and its sections, the alerts tab counting the active ones", async () => {
    renderApp('/fleet/product/FR-42', { signedInAs: 'user', answers: answers() });
    const name = await screen.findByRole('heading', { name: 'FR-42', level: 2 });
    expect(name.parentElement).toHaveTextContent('City 9');
    expect(name.parentElement).toHaveTextContent(/Group: Centre/);
    const tabs = screen.getByRole('tablist', { name: 'Bike sections' });
    expect(within(tabs).getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const alerts = await within(tabs).findByRole('tab', { name: /Alerts\s*1/ });
    expect(alerts).toHaveAttribute('href', '/fleet/product/FR-42?tab=alerts');
    expect(within(tabs).getByRole('tab', { name: 'Share position' })).toBeInTheDocument();
  });

  it('opens the section the address names; a technician has no Share tab', async () => {
    renderApp('/fleet/product/FR-42?tab=commands', {
      signedInAs: 'technician',
      answers: answers(),
    });
    const tabs = await screen.findByRole('tablist', { name: 'Bike sections' });
    expect(within(tabs).getByRole('tab', { name: 'Commands' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(tabs).queryByRole('tab', { name: 'Share position' })).toBeNull();
  });

  it('says what each section holds when it is empty: no command, no task', async () => {
    const { unmount } = renderApp('/fleet/product/FR-42?tab=commands', {
      signedInAs: 'user',
      answers: answers({ 'GET products/details/commands/FR-42': [] }),
    });
    expect(
      await screen.findByRole('heading', { name: 'No command was sent to this bike yet.' }),
    ).toBeInTheDocument();
    unmount();
    renderApp('/fleet/product/FR-42?tab=tasks', {
      signedInAs: 'user',
      answers: answers({ 'GET tasks': makeTaskPage([]) }),
    });
    expect(
      await screen.findByRole('heading', { name: 'No task for this bike' }),
    ).toBeInTheDocument();
  });

  it('says it is loading, then that it failed, and tries again', async () => {
    let fail = true;
    renderApp('/fleet/product/FR-42', {
      signedInAs: 'user',
      answers: answers({
        'GET products/details/FR-42': () => (fail ? json(503, { status: 503 }) : json(200, bike)),
      }),
    });
    expect(await screen.findByText('Loading the bike…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The bike could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'FR-42', level: 2 })).toBeInTheDocument();
  });

  it('says plainly when no bike of the fleet has this number, with the way back', async () => {
    renderApp('/fleet/product/NOPE-1', { signedInAs: 'user', answers: answers() });
    expect(
      await screen.findByRole('heading', { name: 'Bike NOPE-1 not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the fleet' })).toHaveAttribute(
      'href',
      '/fleet',
    );
  });
});
