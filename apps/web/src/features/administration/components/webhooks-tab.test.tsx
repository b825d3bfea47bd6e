// Administration → Webhooks (docs/webhooks.md): empty, loading-failed and listed states; a creation
// whose secret shows once, a URL the server refuses named under its field, a delivery log with
// its attempts and a redelivery, turning an endpoint off.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Webhook, WebhookDeliveryPage } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';

const hook: Webhook = {
  id: '6f1c2b1e-0000-4000-8000-000000000001',
  url: 'https://hooks.example.com/vfm',
  kinds: ['SUSPECTED_THEFT'],
  events: ['alert.opened'],
  description: 'Night desk',
  enabled: false,
  disabledReason: 'FAILING',
  failingSince: '2026-11-24T19:00:00.000Z',
  secretHint: 'whsec_AbCd…',
  createdAt: '2026-11-24T19:00:00.000Z',
  updatedAt: '2026-11-25T19:00:00.000Z',
  updatedBy: null,
};
const log: WebhookDeliveryPage = {
  content: [
    {
      id: '6f1c2b1e-0000-4000-8000-0000000000d1',
      event: 'alert.opened',
      vehicleNumber: 'VN-42',
      kind: 'SUSPECTED_THEFT',
      state: 'FAILED',
      createdAt: '2026-11-24T19:00:00.000Z',
      nextAttemptAt: null,
      attempts: [
        {
          at: '2026-11-24T19:00:01.000Z',
          status: 503,
          latencyMs: 42,
          response: 'busy',
          error: null,
          manual: false,
        },
        {
          at: '2026-11-24T19:00:00.500Z',
          status: null,
          latencyMs: 10_000,
          response: '',
          error: 'timeout (10 s)',
          manual: false,
        },
      ],
    },
  ],
  totalElements: 1,
  page: 0,
  size: 20,
};
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2UtMDEyMzQ1Njc4OWFiY2RlZg==';

describe('the webhooks tab', () => {
  it('starts empty, creates one and shows its secret once', async () => {
    const { server } = renderApp('/administration?tab=webhooks', {
      signedInAs: 'admin',
      answers: {
        'GET webhooks': { content: [] },
        'POST webhooks': ({ body }: { body: unknown }) =>
          json(201, {
            webhook: { ...hook, ...(body as object), enabled: true, disabledReason: null },
            secret: SECRET,
          }),
        [`GET webhooks/${hook.id}/deliveries`]: { ...log, content: [], totalElements: 0 },
      },
    });
    expect(await screen.findByText('No webhook yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a webhook' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create the webhook' }));
    expect(await screen.findByText('Enter an https address.')).toBeInTheDocument();
    expect(server.callsTo('POST webhooks')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Receiver URL (https)'), {
      target: { value: 'https://hooks.example.com/vfm' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Low bike battery' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create the webhook' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(server.callsTo('POST webhooks')[0]!.body).toEqual({
      url: 'https://hooks.example.com/vfm',
      description: '',
      kinds: ['SUSPECTED_THEFT', 'REPORTED_THEFT', 'LOW_VEHICLE_BATTERY'],
      events: ['alert.opened'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have copied the secret' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('names the URL the server refused under its field', async () => {
    renderApp('/administration?tab=webhooks', {
      signedInAs: 'admin',
      answers: {
        'GET webhooks': { content: [] },
        'POST webhooks': () =>
          json(400, {
            status: 400,
            code: 'WEBHOOK_URL_REFUSED',
            title: 'Bad request',
            detail: 'The webhook URL must not point to a private address.',
            errors: [{ field: 'url', message: 'must not point to a private address' }],
          }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a webhook' }));
    fireEvent.change(screen.getByLabelText('Receiver URL (https)'), {
      target: { value: 'https://10.0.0.5/hook' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create the webhook' }));
    expect(
      await screen.findByText('The webhook URL must not point to a private address.'),
    ).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const { server } = renderApp('/administration?tab=webhooks', {
      signedInAs: 'admin',
      answers: { 'GET webhooks': () => json(500, { status: 500, code: 'INTERNAL' }) },
    });
    expect(await screen.findByText('The webhooks could not be loaded.')).toBeInTheDocument();
    server.on('GET webhooks', { content: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No webhook yet.')).toBeInTheDocument();
  });

  it('shows an endpoint turned off by failures, its log, a redelivery and turning it on', async () => {
    const { server } = renderApp('/administration?tab=webhooks', {
      signedInAs: 'admin',
      answers: {
        'GET webhooks': { content: [hook] },
        [`GET webhooks/${hook.id}/deliveries`]: log,
        [`POST webhooks/${hook.id}/deliveries/${log.content[0]!.id}/redeliver`]: {
          deliveryId: log.content[0]!.id,
        },
        [`PUT webhooks/${hook.id}`]: ({ body }: { body: unknown }) =>
          json(200, { ...hook, ...(body as object), disabledReason: null }),
      },
    });
    const item = await screen.findByTestId('webhook');
    expect(item).toHaveTextContent('Off: failed for 24 hours');
    expect(item).toHaveTextContent('secret whsec_AbCd…');
    fireEvent.click(within(item).getByRole('button', { name: 'Delivery log' }));
    const deliveries = await screen.findByTestId('webhook-deliveries');
    expect(deliveries).toHaveTextContent('Failed');
    expect(deliveries).toHaveTextContent('VN-42');
    expect(within(deliveries).getByRole('cell', { name: '503' })).toBeInTheDocument();
    expect(within(deliveries).getByRole('cell', { name: 'timeout (10 s)' })).toBeInTheDocument();
    expect(deliveries).toHaveTextContent('busy');
    fireEvent.click(within(deliveries).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(
        server.callsTo(`POST webhooks/${hook.id}/deliveries/${log.content[0]!.id}/redeliver`),
      ).toHaveLength(1),
    );
    fireEvent.click(within(item).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(server.callsTo(`PUT webhooks/${hook.id}`)).toHaveLength(1));
    expect(server.callsTo(`PUT webhooks/${hook.id}`)[0]!.body).toEqual({
      url: hook.url,
      kinds: hook.kinds,
      events: hook.events,
      description: hook.description,
      enabled: true,
    });
  });

  it('edits the kinds of an endpoint and sends only what may change', async () => {
    const on = { ...hook, enabled: true, disabledReason: null, failingSince: null };
    const { server } = renderApp('/administration?tab=webhooks', {
      signedInAs: 'admin',
      answers: {
        'GET webhooks': { content: [on] },
        [`GET webhooks/${hook.id}/deliveries`]: { ...log, content: [], totalElements: 0 },
        [`PUT webhooks/${hook.id}`]: ({ body }: { body: unknown }) =>
          json(200, { ...on, ...(body as object) }),
      },
    });
    const item = await screen.findByTestId('webhook');
    fireEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(item).getByRole('checkbox', { name: 'Reported theft' }));
    fireEvent.click(within(item).getByRole('checkbox', { name: 'When an alert clears' }));
    fireEvent.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(`PUT webhooks/${hook.id}`)).toHaveLength(1));
    expect(server.callsTo(`PUT webhooks/${hook.id}`)[0]!.body).toEqual({
      url: hook.url,
      kinds: ['SUSPECTED_THEFT', 'REPORTED_THEFT'],
      events: ['alert.opened', 'alert.cleared'],
      description: hook.description,
      enabled: true,
    });
    expect(await screen.findByText('The webhook has been saved.')).toBeInTheDocument();
  });
});
