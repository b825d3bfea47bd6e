// Routes and guards of SPEC §2 and §6, through the real route tree.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/app-harness';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const loginHeading = () => screen.findByRole('heading', { name: 'Log in', level: 1 });

describe('routes and guards', () => {
  it('sends a signed-out visitor of a protected route to login, with a console warning', async () => {
    const { router } = renderApp('/warnings');
    await loginHeading();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/warnings'));
  });

  it('sends an empty or unknown path to fleet (and so to login when signed out)', async () => {
    const { router } = renderApp('/');
    await loginHeading();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends an empty or unknown path under auth to login without a warning', async () => {
    for (const path of ['/auth', '/auth/nope']) {
      const { router, unmount } = renderApp(path);
      await loginHeading();
      expect(router.state.location.pathname).toBe('/auth/login');
      unmount();
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('opens every auth screen without signing in', async () => {
    const screens: [string, string][] = [
      ['/auth/reset-password', 'Forgot your password?'],
      ['/auth/reset-password-success', 'Check your emails'],
      ['/auth/reset-password-error', 'An error has occurred'],
      ['/auth/change-password?email=a%40b.cd&token=t', 'Reset password'],
      ['/auth/account-validation?email=a%40b.cd&token=t', 'Reset password'],
    ];
    for (const [path, title] of screens) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
      unmount();
    }
  });

  it('sends a signed-in user who opens a public path home', async () => {
    const { router } = renderApp('/auth/login', { signedInAs: 'user' });
    expect(
      await screen.findByRole('heading', { name: 'Fleet inventory', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fleet');
  });

  it('lets a user into fleet, warnings, statistics, my-account and a bike page', async () => {
    const pages: [string, string][] = [
      ['/fleet', 'Fleet inventory'],
      ['/warnings', 'Warnings'],
      ['/statistics', 'Statistics'],
      ['/my-account', 'My Account'],
      ['/fleet/product/FR-42', 'Bike FR-42'],
    ];
    for (const [path, title] of pages) {
      const { unmount } = renderApp(path, { signedInAs: 'user' });
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
      unmount();
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps a user out of administration (login, then home) and hides its menu entry', async () => {
    const { router } = renderApp('/administration', { signedInAs: 'user' });
    expect(
      await screen.findByRole('heading', { name: 'Fleet inventory', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fleet');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/administration'));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'VFM',
      'Fleet inventory',
      'Warnings',
      'Statistics',
      'Batteries',
      'Zones',
      'Tasks',
      'Battery swaps',
      'Reports',
      'Rebalancing',
      'Rules',
    ]);
  });

  it("sends a field technician to My tasks, away from the managers' pages (docs/tasks.md)", async () => {
    const { router } = renderApp('/statistics', {
      signedInAs: 'technician',
      answers: { 'GET tasks': { content: [], totalElements: 0, page: 0, size: 100 } },
    });
    expect(await screen.findByRole('heading', { name: 'My tasks', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tasks/mine');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['VFM', 'My tasks', 'Battery swaps', 'Rebalancing', 'Fleet inventory']);
  });

  it('lets an admin into administration and lists it in the menu', async () => {
    renderApp('/administration', { signedInAs: 'admin' });
    expect(
      await screen.findByRole('heading', { name: 'Administration', level: 1 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Administration' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('sends a signed-in user from an unknown path to fleet', async () => {
    const { router } = renderApp('/no/such/page', { signedInAs: 'admin' });
    await screen.findByRole('heading', { name: 'Fleet inventory', level: 1 });
    expect(router.state.location.pathname).toBe('/fleet');
  });

  it('does not let a token without the application role in', async () => {
    const { router } = renderApp('/fleet', { signedInAs: 'none' });
    await loginHeading();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('goes to login without a warning when the session ends under a page', async () => {
    const { services, router } = renderApp('/fleet', { signedInAs: 'user' });
    await screen.findByRole('heading', { name: 'Fleet inventory', level: 1 });
    services.session.clear();
    await loginHeading();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(warn).not.toHaveBeenCalled();
  });
});
