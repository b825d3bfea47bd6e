// The bell of the shell (docs/notifications.md): the unread count, the list (kind, bike), a click opens the
// bike and marks it read, "mark all read"; the stream's count replaces the one read.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/query-keys';
import { json } from '../testing/fake-server';
import { renderApp } from '../testing/app-harness';

const NOTIFICATIONS = {
  content: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'SUSPECTED_THEFT',
      severity: 'CRITICAL',
      vehicleNumber: 'VN-1',
      alertId: null,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      readAt: null,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'LOW_VEHICLE_BATTERY',
      severity: 'MINOR',
      vehicleNumber: 'VN-2',
      alertId: null,
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
      readAt: new Date().toISOString(),
    },
  ],
  totalElements: 2,
  page: 0,
  size: 20,
  unread: 1,
};

describe('notification bell', () => {
  it('shows the unread count, opens a bike and marks it read, marks all read', async () => {
    const { server, router, services } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        'GET notifications/unread': { unread: 1 },
        'GET notifications': NOTIFICATIONS,
        [`POST notifications/${NOTIFICATIONS.content[0]!.id}/read`]: () => json(200, { unread: 0 }),
        'POST notifications/read-all': () => json(200, { unread: 0 }),
      },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications, unread: 1' });
    expect(within(bell).getByText('1')).toBeInTheDocument();

    fireEvent.keyDown(bell, { key: 'Enter' });
    // the menu is named by its trigger (Radix: aria-labelledby)
    const menu = await screen.findByRole('menu', { name: /^Notifications/ });
    const items = await within(menu).findAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Theft alarm'),
      expect.stringContaining('Low bike battery'),
    ]);
    expect(items[0]).toHaveTextContent('Bike VN-1');
    fireEvent.click(items[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/fleet/product/VN-1'));
    await waitFor(() =>
      expect(
        server.callsTo(`POST notifications/${NOTIFICATIONS.content[0]!.id}/read`),
      ).toHaveLength(1),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(),
    );

    // the stream says another one came: the count follows without a read
    services.queryClient.setQueryData(queryKeys.notifications.unread, { unread: 3 });
    const again = await screen.findByRole('button', { name: 'Notifications, unread: 3' });
    fireEvent.keyDown(again, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.callsTo('POST notifications/read-all')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(),
    );
  });

  it('says when there is nothing yet', async () => {
    renderApp('/my-account', { signedInAs: 'user' });
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Notifications' }), {
      key: 'Enter',
    });
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    expect(await within(menu).findByText(/No notification yet/)).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Mark all as read' })).toHaveAttribute(
      'data-disabled',
    );
  });
});
