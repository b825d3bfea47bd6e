// Administration → Settings, the battery health's card (docs/battery.md): a value out of its
// range is said as it is typed and nothing is sent; only what changed is sent; a field the
// server refuses is named on that field.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { makeFleetInformation } from '../../../testing/data-generators';

const SAVE = 'PUT battery/settings';
const current = { nominalCapacityWh: 500, sohThreshold: 80, fastDropPoints: 4 };
const answers = {
  'GET fleet/information': makeFleetInformation(),
  'GET battery/settings': current,
};

describe('administration — battery settings', { timeout: 20_000 }, () => {
  it('says a value is out of range as it is typed, and sends nothing', async () => {
    const { server } = renderApp('/administration?tab=settings', { signedInAs: 'admin', answers });
    const threshold = await screen.findByLabelText(/^Alert and rotate a pack under/);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '80.5');
    // live: before any save
    expect(await screen.findByText('Enter a whole number between 1 and 100.')).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '75');
    expect(screen.queryByText('Enter a whole number between 1 and 100.')).not.toBeInTheDocument();
    const capacity = screen.getByLabelText(/^Nominal capacity of a new pack/);
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save the battery settings' }));
    expect(await screen.findByText('Enter a number between 50 and 10000.')).toBeInTheDocument();
    expect(server.callsTo(SAVE)).toHaveLength(0);
  });

  it('sends only what changed, a decimal comma read as a point', async () => {
    const { server } = renderApp('/administration?tab=settings', {
      signedInAs: 'admin',
      answers: {
        ...answers,
        [SAVE]: (call: { body: unknown }) => json(200, { ...current, ...(call.body as object) }),
      },
    });
    const drop = await screen.findByLabelText(/^Abnormally fast drop from/);
    await userEvent.clear(drop);
    await userEvent.type(drop, '2,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save the battery settings' }));
    expect(
      await screen.findByText(
        'The battery settings have been saved; every pack follows within seconds.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo(SAVE)[0]!.body).toEqual({ fastDropPoints: 2.5 });
  });

  it('names on its field what the server refused', async () => {
    renderApp('/administration?tab=settings', {
      signedInAs: 'admin',
      answers: {
        ...answers,
        [SAVE]: () =>
          json(400, {
            status: 400,
            title: 'Bad Request',
            detail: 'Invalid body.',
            errors: [{ field: '/sohThreshold', message: 'must be <= 90 for this fleet' }],
          }),
      },
    });
    const threshold = await screen.findByLabelText(/^Alert and rotate a pack under/);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '95');
    await userEvent.click(screen.getByRole('button', { name: 'Save the battery settings' }));
    expect(await screen.findByText('must be <= 90 for this fleet')).toBeInTheDocument();
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
  });
});
