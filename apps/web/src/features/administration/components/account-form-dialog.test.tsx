// Administration — creating, editing and deleting accounts (docs/web.md, docs/tasks.md
// for the technician role): the form's own checks before sending, what it sends, the server's
// conflicts shown on the form, and the deletion confirmed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { makeAccount } from '../../../testing/data-generators';

const account = makeAccount;
const ACCOUNTS = [account(1), account(2, { fullName: 'Théo Martin', email: 'theo@example.com' })];
const list = { content: ACCOUNTS, totalElements: ACCOUNTS.length, page: 0, size: 50 };

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

async function openAdministration(answers: Record<string, unknown> = {}) {
  const view = renderApp('/administration', {
    signedInAs: 'admin',
    answers: { 'GET accounts': list, ...answers },
  });
  await within(await screen.findByTestId('accounts')).findByText('User 01');
  return view;
}

// full-app renders: patient on a busy machine
describe('administration — account form', { timeout: 20_000 }, () => {
  it('checks the e-mail and the name before sending anything', async () => {
    const { server } = await openAdministration();
    await userEvent.click(screen.getByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'not-an-address');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Create and send the e-mail' }),
    );
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST accounts')).toHaveLength(0);
  });

  it('creates a field technician, sends what the form says and tells who gets the e-mail', async () => {
    const created = account(3, { email: 'lea@example.com', fullName: 'Léa Roux' });
    const { server } = await openAdministration({ 'POST accounts': () => json(201, created) });
    await userEvent.click(screen.getByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'lea@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Full name/), '  Léa Roux ');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Field technician/ }));
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Language of the e-mails and of the app' }),
      'de',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Create and send the e-mail' }),
    );
    expect(
      await screen.findByText(
        'Account created: a validation e-mail has been sent to lea@example.com.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('POST accounts')[0]!.body).toEqual({
      email: 'lea@example.com',
      fullName: 'Léa Roux',
      description: '',
      admin: false,
      technician: true,
      language: 'de',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says under the field that the e-mail is taken, and keeps the form open', async () => {
    await openAdministration({
      'POST accounts': () =>
        json(409, { status: 409, code: 'EMAIL_TAKEN', title: 'Conflict', detail: 'taken' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'theo@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Full name/), 'Théo Bis');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Create and send the e-mail' }),
    );
    expect(
      await within(dialog).findByText('An account with this e-mail already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New account' })).toBeInTheDocument();
  });

  it('edits an account without its e-mail, and says when an administrator would demote themself', async () => {
    const { server } = await openAdministration({
      [`PUT accounts/${ACCOUNTS[1]!.id}`]: () =>
        json(409, { status: 409, code: 'SELF_DEMOTION', title: 'Conflict' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit theo@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit theo@example.com' });
    expect(within(dialog).queryByLabelText(/^E-mail/)).toBeNull();
    expect(within(dialog).getByLabelText(/^Full name/)).toHaveValue('Théo Martin');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Administrator/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'You cannot remove your own administrator role: another administrator can.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo(`PUT accounts/${ACCOUNTS[1]!.id}`)[0]!.body).toMatchObject({
      fullName: 'Théo Martin',
      admin: true,
      technician: false,
    });
  });

  it('sets the SMS phone number of an account in E.164, refusing one that is not (ADR 0124)', async () => {
    const { server } = await openAdministration({
      [`PUT accounts/${ACCOUNTS[1]!.id}`]: (call: { body: unknown }) =>
        json(200, { ...ACCOUNTS[1], ...(call.body as object) }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit theo@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit theo@example.com' });
    const phone = within(dialog).getByLabelText(/^Phone number \(SMS\)/);
    expect(phone).toHaveValue('');
    await userEvent.type(phone, '0612');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText(
        'Enter the number in E.164 form: +, the country code and the number, without spaces.',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo(`PUT accounts/${ACCOUNTS[1]!.id}`)).toHaveLength(0);
    await userEvent.clear(phone);
    await userEvent.type(phone, '+49 151 1234 5678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(`PUT accounts/${ACCOUNTS[1]!.id}`)).toHaveLength(1));
    expect(server.callsTo(`PUT accounts/${ACCOUNTS[1]!.id}`)[0]!.body).toMatchObject({
      phone: '+4915112345678',
    });
  });

  it('deletes an account once confirmed', async () => {
    const { server } = await openAdministration({
      'DELETE accounts': () => new Response(null, { status: 204 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete theo@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.callsTo('DELETE accounts')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The account has been deleted.')).toBeInTheDocument();
    expect(server.callsTo('DELETE accounts')[0]!.query.getAll('ids')).toEqual([ACCOUNTS[1]!.id]);
  });
});
