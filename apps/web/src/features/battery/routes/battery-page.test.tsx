// The Batteries page (docs/battery.md): a manager reads the fleet's packs — totals, the state of
// health distribution against the threshold, consumption per model, the worst packs linking to
// their bikes — and the empty and error rungs of the ladder; an administrator is offered the
// thresholds' settings.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FleetBattery } from '@vfm/contract';
import { renderApp } from '../../../testing/app-harness';
import { makeBatteryPack, makeFleetBattery } from '../../../testing/data-generators';
import { json } from '../../../testing/fake-server';

const PACK = makeBatteryPack({
  packId: 'BAT-40750B',
  vehicleNumber: 'VFM-00009',
  stateOfHealth: 71.4,
});
const FLEET = makeFleetBattery({ worst: [PACK] });

const EMPTY: FleetBattery = {
  ...FLEET,
  packs: 0,
  estimated: 0,
  alerted: 0,
  medianStateOfHealth: null,
  distribution: [],
  models: [],
  worst: [],
  peakHour: null,
};

describe('the Batteries page', () => {
  it("shows the fleet's packs, the worst first, each linking to its bike", async () => {
    renderApp('/battery', { signedInAs: 'user', answers: { 'GET battery/fleet': FLEET } });
    const worst = await screen.findByRole('heading', { name: 'Worst packs' });
    expect(screen.getByText('Median state of health').parentElement).toHaveTextContent('89.9 %');
    expect(screen.getByText('Alerted packs').parentElement).toHaveTextContent('12');
    expect(
      screen.getByText('Packs by state of health; under 80 % they are due for rotation.'),
    ).toBeInTheDocument();
    const table = worst.closest('section') ?? document.body;
    const row = within(table).getByRole('row', { name: /BAT-40750B/ });
    expect(within(row).getByRole('link', { name: 'VFM-00009' })).toHaveAttribute(
      'href',
      expect.stringContaining('VFM-00009'),
    );
    expect(row).toHaveTextContent('71.4 %');
    // a manager is not offered the administrators' settings
    expect(screen.queryByRole('link', { name: /Thresholds/ })).not.toBeInTheDocument();
  });

  it("offers an administrator the thresholds' settings", async () => {
    renderApp('/battery', { signedInAs: 'admin', answers: { 'GET battery/fleet': FLEET } });
    expect(await screen.findByRole('link', { name: /Thresholds/ })).toHaveAttribute(
      'href',
      expect.stringContaining('tab=settings'),
    );
  });

  it('says when no pack is estimated yet', async () => {
    renderApp('/battery', { signedInAs: 'user', answers: { 'GET battery/fleet': EMPTY } });
    expect(await screen.findByText('No pack estimated yet')).toBeInTheDocument();
  });

  it('shows the error rung with a retry', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/battery', {
      signedInAs: 'user',
      answers: { 'GET battery/fleet': () => json(500, { status: 500 }) },
    });
    expect(await screen.findByText('The batteries could not be loaded.')).toBeInTheDocument();
    server.on('GET battery/fleet', FLEET);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Worst packs' })).toBeInTheDocument();
  });
});
