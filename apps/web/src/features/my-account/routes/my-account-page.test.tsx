// My account: profile, own password, language and distance unit.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-server';
import { USER_ID, renderApp, shellAnswers, tokenFor } from '../../../testing/app-harness';

const settingsRoute = `users/${USER_ID}/settings`;

describe('my account', () => {
  it('saves the profile (full name and description)', async () => {
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        'PUT accounts/me': (call: { body: unknown }) =>
          json(200, { ...shellAnswers['GET accounts/me'], ...(call.body as object) }),
      },
    });
    const name = await screen.findByLabelText('Full name');
    expect(name).toHaveValue('manon petit');
    const save = screen.getAllByRole('button', { name: 'Save' })[0]!;
    expect(save).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Manon Petit' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Night shift' } });
    fireEvent.click(save);
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT accounts/me')[0]?.body).toEqual({
      fullName: 'Manon Petit',
      description: 'Night shift',
    });
    expect(server.callsTo('PUT accounts/me')[0]?.headers.get('x-xsrf-token')).toBe('xsrf');
  });

  it('shows the own photo from its own call and removes it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:my-photo');
    URL.revokeObjectURL = vi.fn();
    const me = { ...shellAnswers['GET accounts/me'], photoVersion: 'v1' };
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        'GET accounts/me': me,
        [`GET accounts/${USER_ID}/photo`]: () =>
          new Response(new Blob([new Uint8Array([1])], { type: 'image/png' }), {
            headers: { 'content-type': 'image/png' },
          }),
        'PUT accounts/me': () => json(200, { ...me, photoVersion: null }),
      },
    });
    const profile = (await screen.findByLabelText('Full name')).closest('form')!;
    await waitFor(() =>
      expect(profile.querySelector('img')).toHaveAttribute('src', 'blob:my-photo'),
    );
    // the profile menu shows the same photo, fetched once
    expect(server.callsTo(`GET accounts/${USER_ID}/photo`)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the photo' }));
    expect(profile.querySelector('img')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT accounts/me')[0]?.body).toEqual({ photo: null });
  });

  it('refuses an empty full name', async () => {
    renderApp('/my-account', { signedInAs: 'user' });
    const name = await screen.findByLabelText('Full name');
    fireEvent.change(name, { target: { value: '  ' } });
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Save' })[0]).toBeDisabled();
  });

  it('changes the own password with the current one, then signs in again', async () => {
    const { server, storage } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: {
        'POST auth/change-password': () => new Response(null, { status: 204 }),
        'POST auth/login': { jwtToken: tokenFor('user'), jwtRefreshToken: 'after-change' },
      },
    });
    fireEvent.change(await screen.findByLabelText('Current password'), {
      target: { value: 'VfmDemo!2026' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Better!2027' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'Better!2027' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    const [change] = server.callsTo('POST auth/change-password');
    expect(change?.body).toEqual({
      email: 'user@vfm.demo',
      newPassword: 'Better!2027',
      password: 'VfmDemo!2026',
      application: 'VFM',
      token: '',
    });
    // SPEC §7: change-password is a public endpoint, no Bearer
    expect(change?.headers.get('authorization')).toBeNull();
    expect(storage.getItem('jwtRefreshToken')).toBe('after-change');
  });

  it('explains a 406 on the own password change', async () => {
    renderApp('/my-account', {
      signedInAs: 'user',
      answers: { 'POST auth/change-password': () => json(406, { status: 406 }) },
    });
    fireEvent.change(await screen.findByLabelText('Current password'), {
      target: { value: 'VfmDemo!2026' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'VfmDemo!2026' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: 'VfmDemo!2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your new password must be different from the previous one.',
    );
  });

  it('saves the distance unit to the user settings, keeping the language', async () => {
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: { [`PUT ${settingsRoute}`]: (call: { body: unknown }) => json(200, call.body) },
    });
    const km = await screen.findByLabelText('Kilometres (km)');
    expect(screen.getByLabelText('Miles (mi)')).toBeChecked();
    fireEvent.click(km);
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(await screen.findByText('Your preferences have been saved.')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${settingsRoute}`)[0]?.body).toEqual({
      applicationName: 'VFM',
      distanceUnit: 'KM',
      language: 'en',
      theme: 'SYSTEM',
    });
  });

  it('saves a time zone for the daily digests (ADR 0099)', async () => {
    const { server } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: { [`PUT ${settingsRoute}`]: (call: { body: unknown }) => json(200, call.body) },
    });
    const zone = await screen.findByLabelText('Time zone');
    expect(zone).toHaveValue('');
    expect(zone).toHaveAccessibleDescription(
      'The alert rules’ daily summaries arrive at 7:00 in this zone.',
    );
    fireEvent.change(zone, { target: { value: 'Asia/Tokyo' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(await screen.findByText('Your preferences have been saved.')).toBeInTheDocument();
    expect(server.callsTo(`PUT ${settingsRoute}`)[0]?.body).toMatchObject({
      timeZone: 'Asia/Tokyo',
    });
  });

  it('reloads under the new language after saving it', async () => {
    const { server, services } = renderApp('/my-account', {
      signedInAs: 'user',
      answers: { [`PUT ${settingsRoute}`]: (call: { body: unknown }) => json(200, call.body) },
    });
    fireEvent.change(await screen.findByLabelText('Language'), { target: { value: 'de' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    await waitFor(() => expect(services.reload).toHaveBeenCalled());
    expect(server.callsTo(`PUT ${settingsRoute}`)[0]?.body).toMatchObject({
      language: 'de',
      distanceUnit: 'MI',
    });
    expect(
      String((services.reload as unknown as { mock: { calls: string[][] } }).mock.calls[0]?.[0]),
    ).toMatch(/^\/de\//);
  });
});
