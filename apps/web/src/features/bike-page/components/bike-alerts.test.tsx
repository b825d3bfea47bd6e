// The bike page's Alerts tab (docs/web.md): its count on the tab, the empty and error states,
// and the cleared alerts with who cleared them and why (or that their cause ended).
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_KINDS } from '@vfm/contract';
import { renderApp } from '../../../testing/app-harness';
import { makeAlert, makeAlertPage, makeBike } from '../../../testing/data-generators';
import { json, type RecordedCall } from '../../../testing/fake-server';

const VN = 'VFM-00007';
const bike = { [`GET products/details/${VN}`]: makeBike({ vehicleNumber: VN }) };
const OLGA = { id: '7f1c2f8e-0000-4000-8000-000000000002', email: 'ops@vfm.demo', name: 'Olga' };

describe('the Alerts tab of a bike', () => {
  it('says when the bike has no alert at all', async () => {
    renderApp(`/fleet/product/${VN}?tab=alerts`, {
      signedInAs: 'user',
      answers: { ...bike, 'GET alerts': makeAlertPage([]) },
    });
    expect(await screen.findByText('No active alert on this bike.')).toBeInTheDocument();
    expect(
      await screen.findByText('No alert of this bike has been cleared yet.'),
    ).toBeInTheDocument();
  });

  it('says when the alerts cannot be read, and reads them again', async () => {
    const { server } = renderApp(`/fleet/product/${VN}?tab=alerts`, {
      signedInAs: 'user',
      answers: { ...bike, 'GET alerts': () => json(500, { status: 500 }) },
    });
    expect(await screen.findByText('The bike’s alerts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The cleared alerts could not be loaded.')).toBeInTheDocument();
    server.on('GET alerts', makeAlertPage([makeAlert({ vehicleNumber: VN })]));
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByTestId('active-alerts')).toHaveTextContent('Low bike battery');
  });

  it('counts the active alerts on its tab and lists the cleared ones', async () => {
    const active = makeAlert({ vehicleNumber: VN, kind: 'LACK_MODULE_COMM' });
    const cleared = [
      makeAlert({
        vehicleNumber: VN,
        state: 'CLEARED',
        clearedAt: '2026-11-21T10:00:00.000Z',
        clearedBy: OLGA,
        clearCause: 'MANUAL',
        clearReason: 'Battery replaced',
      }),
      makeAlert({
        vehicleNumber: VN,
        kind: 'LOW_MODULE_BATTERY',
        state: 'CLEARED',
        clearedAt: '2026-11-19T10:00:00.000Z',
        clearCause: 'CONDITION_ENDED',
      }),
    ];
    const { server } = renderApp(`/fleet/product/${VN}?tab=alerts`, {
      signedInAs: 'user',
      answers: {
        ...bike,
        'GET alerts': (call: RecordedCall) =>
          json(
            200,
            call.query.get('state') === 'CLEARED'
              ? makeAlertPage(cleared)
              : makeAlertPage([active]),
          ),
      },
    });
    const history = await screen.findByTestId('alert-history');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Olga');
    expect(rows[0]).toHaveTextContent('Battery replaced');
    expect(rows[1]).toHaveTextContent('Automatically (its cause ended)');
    expect(screen.getByRole('tab', { name: /Alerts/ })).toHaveTextContent('1');
    // per bike, newest first: the server filters
    const asked = server.callsTo('GET alerts').map((call) => call.query.toString());
    // one page holds one alert of each kind (ALERT_KINDS)
    expect(asked).toContain(`state=active&vehicleNumber=${VN}&size=${ALERT_KINDS.length}`);
    expect(asked).toContain(`state=CLEARED&vehicleNumber=${VN}&page=0&size=20`);
  });
});
