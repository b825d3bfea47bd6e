// The bike page's Battery tab and the fleet's Battery page (docs/battery.md): the figures, the
// swap reasons and the trend chart; the empty and error states.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BikeBattery } from '@vfm/contract';
import { renderApp } from '../testing/app-harness';
import { makeBatteryPack, makeBike, makeFleetBattery } from '../testing/data-generators';
import { json } from '../testing/fake-server';

const VN = 'VFM-00007';
const bike = { [`GET products/details/${VN}`]: makeBike({ vehicleNumber: VN }) };

const pack = makeBatteryPack({ vehicleNumber: VN });
const battery: BikeBattery = {
  vehicleNumber: VN,
  level: 54,
  hoursTo20: 6.5,
  predictedAt: '2026-11-21T16:30:00.000Z',
  pack,
  history: [
    { day: '2026-11-19', stateOfHealth: 77.1, equivalentCycles: 40 },
    { day: '2026-11-20', stateOfHealth: 76.8, equivalentCycles: 40.6 },
    { day: '2026-11-21', stateOfHealth: 76.4, equivalentCycles: 41.2 },
  ],
  swapReasons: ['SHORT_BEFORE_PEAK', 'STATE_OF_HEALTH_ROTATION'],
  sohThreshold: 80,
};

describe('the Battery tab of a bike', () => {
  it('shows the time to 20 %, the reasons, the state of health and its trend', async () => {
    renderApp(`/fleet/product/${VN}?tab=battery`, {
      signedInAs: 'user',
      answers: { ...bike, [`GET battery/bikes/${VN}`]: battery },
    });
    expect(await screen.findByText('Pack BAT-0042')).toBeInTheDocument();
    expect(screen.getByText('in about 6.5 h')).toBeInTheDocument();
    expect(screen.getByText('Short before the next peak')).toBeInTheDocument();
    expect(screen.getByText('Pack to rotate (state of health)')).toBeInTheDocument();
    expect(screen.getByText("Under the fleet's state of health threshold")).toBeInTheDocument();
    expect(screen.getAllByText('76.4 %')).not.toHaveLength(0);
    expect(screen.getByRole('img', { name: 'State of health by day' })).toBeInTheDocument();
  });

  it('says when nothing is estimated yet, and when the call fails', async () => {
    const { server } = renderApp(`/fleet/product/${VN}?tab=battery`, {
      signedInAs: 'user',
      answers: { ...bike, [`GET battery/bikes/${VN}`]: () => json(500, { status: 500 }) },
    });
    expect(await screen.findByText("The bike's battery could not be loaded.")).toBeInTheDocument();
    server.on(`GET battery/bikes/${VN}`, { ...battery, pack: null, hoursTo20: null, history: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No battery estimate yet')).toBeInTheDocument();
  });
});

describe('the fleet Battery page', () => {
  it('shows the totals, the distribution and the worst packs', async () => {
    const fleet = makeFleetBattery({
      distribution: [
        { from: 75, packs: 1 },
        { from: 90, packs: 1 },
      ],
      worst: [pack],
      peakHour: 17,
    });
    renderApp('/battery', { signedInAs: 'user', answers: { 'GET battery/fleet': fleet } });
    expect(await screen.findByText('Worst packs')).toBeInTheDocument();
    expect(screen.getByText('75–80 %')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: VN })).toBeInTheDocument();
    expect(screen.getByText('17:00 UTC')).toBeInTheDocument();
  });
});
