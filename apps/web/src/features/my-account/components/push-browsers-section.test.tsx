// My account → the browsers receiving push (docs/notifications.md): listed by name, system, day and push
// service; one removed after a confirmation; none, with the way to add this one.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PushSubscription } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { describeBrowser } from '../../../notifications/api/push-subscriptions';

const PHONE: PushSubscription = {
  id: '0d6c1f0e-9a4b-4c7e-8f3a-1b2c3d4e5f60',
  service: 'https://fcm.googleapis.com',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  createdAt: '2026-11-20T08:30:00.000Z',
};
const LAPTOP: PushSubscription = {
  id: '5a7e2c41-3b6d-4f8e-9c0a-2d3e4f5a6b7c',
  service: 'https://updates.push.services.mozilla.com',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  createdAt: '2026-11-25T18:00:00.000Z',
};

describe('browsers receiving push in My account', () => {
  it('lists the browsers and removes one after a confirmation', async () => {
    let current = [PHONE, LAPTOP];
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        'GET push-subscriptions': () => json(200, { content: current }),
        [`DELETE push-subscriptions/${PHONE.id}`]: () => {
          current = [LAPTOP];
          return new Response(null, { status: 204 });
        },
      },
    });
    const items = await screen.findAllByTestId('push-browser');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome on Android');
    expect(items[0]).toHaveTextContent('fcm.googleapis.com');
    expect(items[0]).toHaveTextContent('Nov 20, 2026');
    expect(items[1]).toHaveTextContent('Firefox on Linux');

    fireEvent.click(screen.getByRole('button', { name: 'Remove the browser “Chrome on Android”' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove the browser “Chrome on Android”?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Browser removed.')).toBeInTheDocument();
    expect(server.callsTo(`DELETE push-subscriptions/${PHONE.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('push-browser')).toHaveLength(1));
    expect(screen.getByTestId('push-browser')).toHaveTextContent('Firefox on Linux');
  });

  it('says how to add this browser when none receives push', async () => {
    renderApp('/my-account', { signedInAs: 'user' });
    expect(
      await screen.findByText(/No browser receives your push notifications\./),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('push-browser')).toBeNull();
  });

  it('names the common browsers and systems from their user agents', () => {
    expect(
      describeBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      describeBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(describeBrowser(null)).toEqual({ browser: null, system: null });
  });
});
