// My account → alert rules (docs/notifications.md): a rule unsubscribed in one click says so, and the
// user turns its e-mails on again.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationRule } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';

const RULE: NotificationRule = {
  id: '7b0f3a52-3d4e-4a57-9d0c-3f1a2b3c4d5e',
  name: 'Night thefts',
  enabled: true,
  kinds: ['SUSPECTED_THEFT'],
  bikeScope: 'ALL',
  groupIds: [],
  vehicleNumbers: [],
  channels: ['IN_APP'],
  minSeverity: 'MINOR',
  quietHours: null,
  alwaysNotify: [],
  digest: 'NONE',
  fleetWide: false,
  isDefault: false,
  emailUnsubscribed: true,
  version: 2,
  updatedAt: '2026-11-26T02:00:00.000Z',
  updatedBy: 'manon@vfm.demo',
};

/** What a browser that can push has (jsdom has none of it). */
function browserWithPush(permission: NotificationPermission) {
  const globals = window as unknown as Record<string, unknown>;
  globals.PushManager = class {};
  globals.Notification = { requestPermission: () => Promise.resolve(permission) };
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}

afterEach(() => {
  const globals = window as unknown as Record<string, unknown>;
  delete globals.PushManager;
  delete globals.Notification;
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

describe('alert rules in My account', () => {
  it('offers push only where the browser can push, and says when notifications are blocked', async () => {
    renderApp('/my-account', { signedInAs: 'user' });
    fireEvent.click(await screen.findByRole('button', { name: 'New rule' }));
    expect(await screen.findByLabelText('By e-mail')).toBeInTheDocument();
    expect(screen.queryByLabelText('Push notification (browser)')).toBeNull();
  });

  it('leaves push off with the reason when the browser blocks notifications', async () => {
    browserWithPush('denied');
    renderApp('/my-account', { signedInAs: 'user' });
    fireEvent.click(await screen.findByRole('button', { name: 'New rule' }));
    const push = await screen.findByLabelText('Push notification (browser)');
    fireEvent.click(push);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications are blocked for this site in this browser.',
    );
    expect(push).not.toBeChecked();
  });

  it('turns the e-mails of a rule unsubscribed in one click on again', async () => {
    let current = RULE;
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        'GET notification-rules': () => json(200, { content: [current] }),
        [`POST notification-rules/${RULE.id}/resubscribe`]: () => {
          current = { ...RULE, channels: ['IN_APP', 'EMAIL'], emailUnsubscribed: false };
          return json(200, current);
        },
      },
    });
    expect(await screen.findByTestId('rule-unsubscribed')).toHaveTextContent(
      'You unsubscribed from its e-mails.',
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Receive the e-mails of the rule “Night thefts” again' }),
    );
    expect(await screen.findByText('You will receive its e-mails again.')).toBeInTheDocument();
    expect(server.callsTo(`POST notification-rules/${RULE.id}/resubscribe`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('rule-unsubscribed')).toBeNull());
  });
});
