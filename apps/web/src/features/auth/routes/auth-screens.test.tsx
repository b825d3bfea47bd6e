// Sign-in screens against a fake server: wording, validation and messages of SPEC §5 and §8.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-server';
import { renderApp, tokenFor } from '../../../testing/app-harness';

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Log in' });
/** The screen titled `name` (its one h1). */
const title = (name: string) => screen.findByRole('heading', { name, level: 1 });

/** The app has gone to `path`, and shows the screen titled `name`. */
async function expectLandedOn(
  router: { state: { location: { pathname: string } } },
  name: string,
  path: string,
) {
  await title(name);
  expect(router.state.location.pathname).toBe(path);
}

async function fillLogin(mail = 'manager@vfm.demo', secret = 'VfmDemo!2026') {
  await title('Log in');
  fireEvent.change(email(), { target: { value: mail } });
  fireEvent.change(password(), { target: { value: secret } });
}

describe('login (SPEC §2, §5, §8)', () => {
  it('keeps the button disabled while the form is invalid and explains the e-mail format', async () => {
    renderApp('/auth/login');
    await title('Log in');
    expect(submit()).toBeDisabled();
    fireEvent.change(email(), { target: { value: 'manager@vfm' } });
    fireEvent.blur(email());
    expect(
      screen.getByText('Please fill in your email in the format name@example.com'),
    ).toBeInTheDocument();
    fireEvent.change(password(), { target: { value: 'x' } });
    expect(submit()).toBeDisabled();
    fireEvent.change(email(), { target: { value: 'manager@vfm.demo' } });
    expect(submit()).toBeEnabled();
  });

  it('shows and hides the password', async () => {
    renderApp('/auth/login');
    await fillLogin();
    expect(password()).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('links to the privacy policy of the application settings and to reset-password', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
  });

  it('signs in: stores both tokens, writes the settings back and lands on fleet', async () => {
    const { server, router, storage } = renderApp('/auth/login', {
      answers: {
        'POST auth/login': { jwtToken: tokenFor('user'), jwtRefreshToken: 'r-9' },
        'GET users/7f1c2f8e-0000-4000-8000-000000000001/settings': {
          applicationName: 'VFM',
          distanceUnit: 'MI',
          language: 'en',
        },
        'PUT users/7f1c2f8e-0000-4000-8000-000000000001/settings': (call: { body: unknown }) =>
          json(200, call.body),
      },
    });
    await fillLogin();
    fireEvent.click(submit());
    await expectLandedOn(router, 'Fleet inventory', '/fleet');
    expect(server.callsTo('POST auth/login')[0]?.body).toEqual({
      email: 'manager@vfm.demo',
      password: 'VfmDemo!2026',
      application: 'VFM',
    });
    expect(storage.getItem('jwtRefreshToken')).toBe('r-9');
    await waitFor(() =>
      expect(
        server.callsTo('PUT users/7f1c2f8e-0000-4000-8000-000000000001/settings')[0]?.body,
      ).toEqual({
        applicationName: 'VFM',
        distanceUnit: 'MI',
        language: 'en',
      }),
    );
  });

  it('says "Incorrect login/password" on 403', async () => {
    renderApp('/auth/login', { answers: { 'POST auth/login': () => json(403, { status: 403 }) } });
    await fillLogin();
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Incorrect login/password. Please try again or click on "Forgot password".',
    );
  });

  it('says the same for an account without the application role, and logs it out', async () => {
    const { server, storage } = renderApp('/auth/login', {
      answers: {
        'POST auth/login': { jwtToken: tokenFor('none'), jwtRefreshToken: 'r-x' },
        'POST auth/logout': () => new Response(null, { status: 204 }),
      },
    });
    await fillLogin();
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect login/password.');
    expect(server.callsTo('POST auth/logout')[0]?.body).toEqual({ refreshToken: 'r-x' });
    expect(storage.getItem('jwtToken')).toBeNull();
  });

  it('says "An error occurred during authentication" on any other status', async () => {
    for (const status of [429, 500]) {
      const { unmount } = renderApp('/auth/login', {
        answers: { 'POST auth/login': () => json(status, { status }) },
      });
      await fillLogin();
      fireEvent.click(submit());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'An error occurred during authentication. Please try again later.',
      );
      unmount();
    }
  });
});

describe('reset request (SPEC §2, §4)', () => {
  it('lands on the success page even when the call fails', async () => {
    const { server, router } = renderApp('/auth/reset-password', {
      answers: { 'POST auth/reset-password': () => json(500, { status: 500 }) },
    });
    await title('Forgot your password?');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'manager@vfm.demo' } });
    fireEvent.click(send);
    expect(await title('Check your emails')).toBeInTheDocument();
    expect(screen.getByText(/valid for 15 minutes/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password-success');
    expect(server.callsTo('POST auth/reset-password')[0]?.body).toEqual({
      email: 'manager@vfm.demo',
      application: 'VFM',
      redirectUrl: `${window.location.origin}/auth/change-password`,
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await title('Log in');
  });

  it('cancel goes back to login', async () => {
    renderApp('/auth/reset-password');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await title('Log in');
  });
});

describe('change password from the e-mailed link (SPEC §2, §4, §8)', () => {
  const link = '/auth/change-password?email=manager%40vfm.demo&token=tok-1';

  async function choose(newPassword = 'Better!2027') {
    await title('Reset password');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: newPassword } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), {
      target: { value: newPassword },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
  }

  it('sends the token, clears the tokens and goes to login on success', async () => {
    const { server, router } = renderApp(link, {
      answers: { 'POST auth/change-password': () => new Response(null, { status: 204 }) },
    });
    await choose();
    await expectLandedOn(router, 'Log in', '/auth/login');
    expect(server.callsTo('POST auth/change-password')[0]?.body).toEqual({
      email: 'manager@vfm.demo',
      newPassword: 'Better!2027',
      password: '',
      application: 'VFM',
      token: 'tok-1',
    });
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  });

  it('406: the new password must differ from the previous one', async () => {
    renderApp(link, { answers: { 'POST auth/change-password': () => json(406, { status: 406 }) } });
    await choose();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your new password must be different from the previous one.',
    );
  });

  it('any other status: the generic error', async () => {
    renderApp(link, { answers: { 'POST auth/change-password': () => json(400, { status: 400 }) } });
    await choose();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while updating the new password. Please try again later.',
    );
  });

  it('the account-validation link sets the first password the same way', async () => {
    const { server } = renderApp('/auth/account-validation?email=new%40vfm.demo&token=val-1', {
      answers: { 'POST auth/change-password': () => new Response(null, { status: 204 }) },
    });
    expect(
      await screen.findByText(/Welcome! Choose the password of your account new@vfm.demo/),
    ).toBeInTheDocument();
    await choose();
    await title('Log in');
    expect(server.callsTo('POST auth/change-password')[0]?.body).toMatchObject({
      email: 'new@vfm.demo',
      token: 'val-1',
    });
  });

  it('says when the link lacks its e-mail or token', async () => {
    renderApp('/auth/change-password?email=a%40b.cd');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
