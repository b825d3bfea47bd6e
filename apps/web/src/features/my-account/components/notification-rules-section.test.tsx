// My account → alert rules (issue 22 §3): a rule unsubscribed in one click says so, and the
// user turns its e-mails on again.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

describe('alert rules in My account', () => {
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
