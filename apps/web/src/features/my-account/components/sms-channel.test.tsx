// ADR 0124: the SMS channel in My account — the rule form offers SMS and, for one's own rule,
// asks for a phone number first (the server's PHONE_REQUIRED says the same); the profile's
// phone field takes a number as people write it and sends it in E.164, refuses what is not one,
// and an empty field removes it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-server';
import { renderApp, shellAnswers } from '../../../testing/app-harness';

const withPhone = (phone: string | null) => ({ ...shellAnswers['GET accounts/me'], phone });

async function newRule() {
  fireEvent.click(await screen.findByRole('button', { name: 'New rule' }));
  const form = (await screen.findByText('New alert rule')).closest('form')!;
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Thefts by SMS' } });
  return form;
}

describe('SMS in My account', () => {
  it('offers SMS in the rule form, and asks for a phone number before saving without one', async () => {
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: { 'GET accounts/me': withPhone(null) },
    });
    const form = await newRule();
    const sms = within(form).getByLabelText('SMS (phone)');
    expect(sms).not.toBeChecked();
    fireEvent.click(sms);
    expect(sms).toBeChecked();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'An SMS needs your phone number: add it in My account → Profile.',
    );
    expect(server.callsTo('POST notification-rules')).toHaveLength(0);
  });

  it('saves an SMS rule for a user with a phone number', async () => {
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        'GET accounts/me': withPhone('+33612345678'),
        'POST notification-rules': (call: { body: unknown }) =>
          json(201, { id: 'r1', ...(call.body as object) }),
      },
    });
    const form = await newRule();
    fireEvent.click(within(form).getByLabelText('SMS (phone)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST notification-rules')).toHaveLength(1));
    expect(server.callsTo('POST notification-rules')[0]?.body).toMatchObject({
      channels: expect.arrayContaining(['SMS']),
    });
  });

  it('says the server’s refusal of an SMS rule without a number in the form’s words', async () => {
    renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        // the number removed in another tab: the screen still believes it is there
        'GET accounts/me': withPhone('+33612345678'),
        'POST notification-rules': () =>
          json(400, { status: 400, code: 'PHONE_REQUIRED', title: 'Bad Request' }),
      },
    });
    const form = await newRule();
    fireEvent.click(within(form).getByLabelText('SMS (phone)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'An SMS needs your phone number',
    );
  });

  it('keeps the phone number in E.164, refuses one that is not, and removes it when emptied', async () => {
    let me = withPhone(null);
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        'GET accounts/me': () => json(200, me),
        'PUT accounts/me': (call: { body: unknown }) => {
          me = { ...me, ...(call.body as object) };
          return json(200, me);
        },
      },
    });
    const phone = await screen.findByLabelText('Phone number (SMS)');
    const profile = phone.closest('form')!;
    const save = within(profile).getByRole('button', { name: 'Save' });
    fireEvent.change(phone, { target: { value: '06 12 34 56 78' } });
    expect(
      await within(profile).findByText(
        'Enter the number in E.164 form: +, the country code and the number, without spaces.',
      ),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    fireEvent.change(phone, { target: { value: '+33 6 12 34 56 78' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT accounts/me')[0]?.body).toEqual({ phone: '+33612345678' });
    fireEvent.change(phone, { target: { value: '' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(server.callsTo('PUT accounts/me')).toHaveLength(2));
    expect(server.callsTo('PUT accounts/me')[1]?.body).toEqual({ phone: null });
  });
});
