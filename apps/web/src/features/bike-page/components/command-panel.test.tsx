// The bike page's commands (SPEC §1, DESIGN §7) through the one web command path: a lock is
// confirmed, sent by the one-bike route and told; the module's acknowledgement comes by the
// stream and is told once; a failed command is sent again as it was.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/app-harness';
import { makeBike, makeCommand } from '../../../testing/data-generators';
import { json, type RecordedCall } from '../../../testing/fake-server';
import { createSseFeed } from '../../../testing/sse-feed';

const VN = 'VFM-00007';

function answers(extra: Record<string, unknown> = {}) {
  const feed = createSseFeed();
  return {
    feed,
    answers: {
      [`GET products/details/${VN}`]: makeBike({
        vehicleNumber: VN,
        moduleId: 'M-7',
        assistanceLocked: false,
      }),
      [`GET products/details/commands/${VN}`]: [],
      'GET fleet/stream': () => feed.response(),
      ...extra,
    },
  };
}

describe('the commands of a bike', { timeout: 20_000 }, () => {
  it('locks after a confirmation, by the one-bike route, and tells the acknowledgement once', async () => {
    const { feed, answers: given } = answers();
    const { server } = renderApp(`/fleet/product/${VN}`, { signedInAs: 'user', answers: given });
    const sent = makeCommand({ vehicleNumber: VN, type: 'LOCK_CONTROL', value: 'true' });
    server.on(`POST commands/lockControl/${VN}`, () => json(202, { commands: [sent] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lock the assistance' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`Lock the electric assistance of ${VN}?`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.callsTo(`POST commands/lockControl/${VN}`)).toHaveLength(1));
    const call = server.callsTo(`POST commands/lockControl/${VN}`)[0]!;
    expect(call.query.get('active')).toBe('true');
    expect(await screen.findByText('Command sent: waiting for the module.')).toBeInTheDocument();

    const acknowledged = { ...sent, status: 'ACKNOWLEDGED' as const };
    feed.send('commands', { commands: [acknowledged] });
    const told = `${VN}: the module acknowledged the command.`;
    expect(await screen.findByText(told)).toBeInTheDocument();
    feed.send('commands', { commands: [acknowledged] });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getAllByText(told)).toHaveLength(1);
  });

  it('sends a failed command again as it was', async () => {
    const failed = makeCommand({
      vehicleNumber: VN,
      type: 'ALARM',
      value: 'true',
      status: 'FAILED',
      acknowledgedAt: new Date().toISOString(),
    });
    const { answers: given } = answers({
      [`GET products/details/commands/${VN}`]: [failed],
    });
    const { server } = renderApp(`/fleet/product/${VN}`, { signedInAs: 'user', answers: given });
    server.on(`POST commands/alarm/${VN}`, (call: RecordedCall) =>
      json(202, {
        commands: [
          makeCommand({ vehicleNumber: VN, type: 'ALARM', value: call.query.get('active')! }),
        ],
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Send it again' }));
    await waitFor(() => expect(server.callsTo(`POST commands/alarm/${VN}`)).toHaveLength(1));
    expect(server.callsTo(`POST commands/alarm/${VN}`)[0]!.query.get('active')).toBe('true');
  });
});
