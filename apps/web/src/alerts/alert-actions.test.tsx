// An alert's state chip and its actions (docs/web.md), on the bike page's Alerts tab over a fake
// server: who acknowledged and who is assigned ("you" for the signed-in user), acknowledge with
// or without a comment, assign to me or to nobody, clear only with a reason, and what a 409
// says.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@vfm/contract';
import { USER_ID, renderApp } from '../testing/app-harness';
import { makeAlert, makeAlertPage, makeBike } from '../testing/data-generators';
import { json, type RecordedCall } from '../testing/fake-server';

const VN = 'VFM-00042';
const OTHER = { id: '7f1c2f8e-0000-4000-8000-000000000002', email: 'ops@vfm.demo', name: 'Olga' };
const ME = { id: USER_ID, email: 'manager@vfm.demo', name: 'Manon Petit' };

function renderAlerts(alert: Alert, answers: Record<string, unknown> = {}) {
  const active = (call: RecordedCall) =>
    json(200, call.query.get('state') === 'CLEARED' ? makeAlertPage([]) : makeAlertPage([alert]));
  return renderApp(`/fleet/product/${VN}?tab=alerts`, {
    signedInAs: 'user',
    answers: {
      [`GET products/details/${VN}`]: makeBike({ vehicleNumber: VN }),
      'GET alerts': active,
      'GET alerts/assignees': { users: [ME, OTHER] },
      ...answers,
    },
  });
}

const card = async () => within(await screen.findByTestId('active-alerts'));

describe('an alert', () => {
  it('shows who acknowledged it, with the comment, and who it is assigned to', async () => {
    renderAlerts(
      makeAlert({
        vehicleNumber: VN,
        state: 'ACKNOWLEDGED',
        acknowledgedBy: OTHER,
        acknowledgedAt: '2026-11-20T09:00:00.000Z',
        comment: 'Battery on its way',
        assignee: ME,
      }),
    );
    const alert = await card();
    expect(alert.getByTestId('alert-state')).toHaveTextContent('Acknowledged by Olga');
    expect(alert.getByTestId('alert-assignee')).toHaveTextContent('Assigned to you');
    // its tooltip: the state, when, and the comment
    expect(
      alert.getByTitle(/^Acknowledged by Olga — .+ — comment: Battery on its way$/),
    ).toBeInTheDocument();
    // acknowledged already: assign and clear remain
    expect(alert.queryByRole('button', { name: /^Acknowledge the alert/ })).toBeNull();
    expect(alert.getByRole('button', { name: /^Assign the alert/ })).toBeInTheDocument();
  });

  it('is acknowledged with a comment, or without one', async () => {
    const alert = makeAlert({ vehicleNumber: VN });
    const { server } = renderAlerts(alert, {
      [`POST alerts/${alert.id}/acknowledge`]: { ...alert, state: 'ACKNOWLEDGED' },
    });
    const open = await card();
    expect(open.getByTestId('alert-state')).toHaveTextContent('Open');
    fireEvent.click(
      open.getByRole('button', { name: `Acknowledge the alert “Low bike battery” of ${VN}` }),
    );
    let dialog = await screen.findByRole('dialog', {
      name: `Acknowledge the alert “Low bike battery” of ${VN}?`,
    });
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), {
      target: { value: '  Swapping it today  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText(`The alert of ${VN} is acknowledged.`)).toBeInTheDocument();
    expect(server.callsTo(`POST alerts/${alert.id}/acknowledge`)[0]!.body).toEqual({
      comment: 'Swapping it today',
    });

    fireEvent.click(open.getByRole('button', { name: /^Acknowledge the alert/ }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() =>
      expect(server.callsTo(`POST alerts/${alert.id}/acknowledge`)).toHaveLength(2),
    );
    expect(server.callsTo(`POST alerts/${alert.id}/acknowledge`)[1]!.body).toEqual({});
  });

  it('is assigned to me in one click, or to nobody', async () => {
    const alert = makeAlert({ vehicleNumber: VN, assignee: OTHER });
    const { server } = renderAlerts(alert, {
      [`POST alerts/${alert.id}/assign`]: (call: RecordedCall) => {
        const { assigneeId } = call.body as { assigneeId: string | null };
        return json(200, { ...alert, assignee: assigneeId === USER_ID ? ME : null });
      },
    });
    const open = await card();
    fireEvent.click(open.getByRole('button', { name: /^Assign the alert/ }));
    let dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText('Assign to');
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue(OTHER.id);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nobody', 'Manon Petit (manager@vfm.demo)', 'Olga (ops@vfm.demo)']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText(`The alert of ${VN} is assigned to you.`)).toBeInTheDocument();
    expect(server.callsTo(`POST alerts/${alert.id}/assign`)[0]!.body).toEqual({
      assigneeId: USER_ID,
    });

    fireEvent.click(open.getByRole('button', { name: /^Assign the alert/ }));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Assign to'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await screen.findByText(`The alert of ${VN} is no longer assigned.`),
    ).toBeInTheDocument();
    expect(server.callsTo(`POST alerts/${alert.id}/assign`)[1]!.body).toEqual({
      assigneeId: null,
    });
  });

  it('is cleared only with a reason', async () => {
    const alert = makeAlert({ vehicleNumber: VN });
    const { server } = renderAlerts(alert, {
      [`POST alerts/${alert.id}/clear`]: { ...alert, state: 'CLEARED' },
    });
    fireEvent.click((await card()).getByRole('button', { name: /^Clear the alert/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear the alert' }));
    expect(within(dialog).getByText('Give a reason to clear the alert.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(`POST alerts/${alert.id}/clear`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Battery replaced' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear the alert' }));
    expect(await screen.findByText(`The alert of ${VN} is cleared.`)).toBeInTheDocument();
    expect(server.callsTo(`POST alerts/${alert.id}/clear`)[0]!.body).toEqual({
      reason: 'Battery replaced',
    });
  });

  it('says when it had ended before it was cleared (409)', async () => {
    const alert = makeAlert({ vehicleNumber: VN });
    renderAlerts(alert, {
      [`POST alerts/${alert.id}/clear`]: () =>
        json(409, { status: 409, code: 'ALERT_CLEARED', detail: 'already cleared' }),
    });
    fireEvent.click((await card()).getByRole('button', { name: /^Clear the alert/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Fixed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear the alert' }));
    expect(
      await screen.findByText(`The alert “Low bike battery” of ${VN} had already ended.`),
    ).toBeInTheDocument();
  });
});
