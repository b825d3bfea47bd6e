// The quarantine tab (docs/operations.md): its empty, error and filled states, storing a message again
// (stored, or still refused) and clearing one after the confirmation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuarantinedMessage } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import {
  expectListReadAgain,
  expectOlderPage,
  pageOf120,
  renderAdminTab,
} from '../../../testing/admin-tabs';

const LIST = 'GET fleet/admin/quarantine';
const message: QuarantinedMessage = {
  id: 7,
  moduleId: 'M12345',
  vehicleNumber: 'VFM-00007',
  kind: 'telemetry',
  payload: '{"seq":1,"ts":"2026-06-30T23:59:60Z"}',
  reason: 'RangeError: Invalid time value',
  receivedAt: '2026-11-20T08:15:00.000Z',
  quarantinedAt: '2026-11-20T08:15:01.000Z',
  attempts: 1,
};
const page = (content: QuarantinedMessage[]) => ({
  content,
  totalElements: content.length,
  page: 0,
  size: 50,
});

describe('the quarantine tab', () => {
  it('says when every module message was stored', async () => {
    renderAdminTab('quarantine', { [LIST]: page([]) });
    expect(
      await screen.findByText('No message in quarantine: every module message was stored.'),
    ).toBeInTheDocument();
  });

  it('says when the quarantine cannot be read, and reads it again', async () => {
    await expectListReadAgain('quarantine', LIST, {
      failure: 'The quarantine could not be loaded.',
      answer: page([message]),
      shown: 'RangeError: Invalid time value',
    });
  });

  it('shows a message and stores it again', async () => {
    const { server } = renderAdminTab('quarantine', {
      [LIST]: page([message]),
      'POST fleet/admin/quarantine/7/retry': { outcome: 'stored' },
    });
    const row = (await screen.findByText('RangeError: Invalid time value')).closest('tr')!;
    // the tab counts the messages waiting
    expect(screen.getByRole('tab', { name: /Quarantine/ })).toHaveTextContent('1');
    expect(within(row).getByRole('link', { name: 'VFM-00007' })).toBeInTheDocument();
    expect(within(row).getByText('Telemetry')).toBeInTheDocument();
    server.on(LIST, page([]));
    fireEvent.click(
      within(row).getByRole('button', { name: /^Store again the message of VFM-00007/ }),
    );
    expect(await screen.findByText('The message is stored.')).toBeInTheDocument();
    expect(server.callsTo('POST fleet/admin/quarantine/7/retry')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('RangeError: Invalid time value')).toBeNull());
  });

  it('says when a message still cannot be stored', async () => {
    renderAdminTab('quarantine', {
      [LIST]: page([message]),
      'POST fleet/admin/quarantine/7/retry': () =>
        json(409, { status: 409, code: 'STILL_QUARANTINED', detail: 'still' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Store again/ }));
    expect(
      await screen.findByText('The message still cannot be stored; its new reason is shown.'),
    ).toBeInTheDocument();
  });

  it('says when the module moved since (nothing stored)', async () => {
    renderAdminTab('quarantine', {
      [LIST]: page([message]),
      'POST fleet/admin/quarantine/7/retry': () =>
        json(409, { status: 409, code: 'QUARANTINE_MODULE_MOVED', detail: 'moved' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Store again/ }));
    expect(
      await screen.findByText(
        'Its IoT module has moved to another bike or fleet since: nothing was stored. Clear the message.',
      ),
    ).toBeInTheDocument();
  });

  it('clears a message after the confirmation', async () => {
    const { server } = renderAdminTab('quarantine', {
      [LIST]: page([message]),
      'DELETE fleet/admin/quarantine/7': () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Clear the message of VFM-00007/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear this message?' });
    expect(server.callsTo('DELETE fleet/admin/quarantine/7')).toHaveLength(0);
    server.on(LIST, page([]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('The message is cleared.')).toBeInTheDocument();
    expect(server.callsTo('DELETE fleet/admin/quarantine/7')).toHaveLength(1);
  });

  it('pages newest first: Older asks for the next page', async () => {
    const { server } = renderAdminTab('quarantine', {
      [LIST]: (call: { query: URLSearchParams }) =>
        json(200, pageOf120(call, { ...message, id: 100 + Number(call.query.get('page')) })),
    });
    await expectOlderPage(server, LIST);
  });
});
