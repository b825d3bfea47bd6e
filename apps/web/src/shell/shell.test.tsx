// The shell of SPEC §2: rail, header (title, back button, loading bar), profile menu, search.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../testing/fake-server';
import { renderApp } from '../testing/app-harness';
import { showsBackButton } from './app-header';

const fleetTitle = () => screen.findByRole('heading', { name: 'Fleet inventory', level: 1 });

describe('navigation rail (SPEC §2, §9)', () => {
  it('expands and collapses, and the page follows its state', async () => {
    const { container } = renderApp('/fleet', { signedInAs: 'user' });
    await fleetTitle();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toHaveAttribute('data-open', 'true');
    expect(container.querySelector('[data-rail]')).toHaveAttribute('data-rail', 'expanded');
    expect(within(nav).getByText('Version 2.17.0-rc.1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse the menu' }));
    expect(nav).toHaveAttribute('data-open', 'false');
    expect(container.querySelector('[data-rail]')).toHaveAttribute('data-rail', 'collapsed');
    expect(screen.getByRole('button', { name: 'Expand the menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(window.localStorage.getItem('vfm.navRailOpen')).toBe('false');
  });

  it('makes room for the page below 1024 px: the rail collapsed unless opened before, the avatar alone', async () => {
    const width = window.innerWidth;
    window.innerWidth = 800;
    try {
      window.localStorage.removeItem('vfm.navRailOpen');
      const first = renderApp('/fleet', { signedInAs: 'user' });
      await fleetTitle();
      expect(first.container.querySelector('[data-rail]')).toHaveAttribute(
        'data-rail',
        'collapsed',
      );
      const trigger = await screen.findByRole('button', { name: 'Profile menu of manon petit' });
      expect(trigger).toHaveTextContent(/^M$/);
      first.unmount();

      window.localStorage.setItem('vfm.navRailOpen', 'true');
      const second = renderApp('/fleet', { signedInAs: 'user' });
      await fleetTitle();
      expect(second.container.querySelector('[data-rail]')).toHaveAttribute(
        'data-rail',
        'expanded',
      );
    } finally {
      window.innerWidth = width;
      window.localStorage.removeItem('vfm.navRailOpen');
    }
  });
});

describe('mobile layout (SPEC §9: below 600 px)', () => {
  const width = window.innerWidth;
  afterEach(() => {
    window.innerWidth = width;
  });

  it('turns the rail into a drawer opened from the header', async () => {
    window.innerWidth = 390;
    renderApp('/fleet', { signedInAs: 'admin' });
    await fleetTitle();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('link', { name: 'Warnings' }));
    expect(await screen.findByRole('heading', { name: 'Warnings', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('header (SPEC §2)', () => {
  it('shows a back button only on flagged routes with history behind', () => {
    expect(showsBackButton({ hasPrevious: true }, 2)).toBe(true);
    expect(showsBackButton({ hasPrevious: true }, 1)).toBe(false);
    expect(showsBackButton({ role: 'user' }, 5)).toBe(false);
    expect(showsBackButton(undefined, 5)).toBe(false);
  });

  it('shows the loading bar while a request is in flight', async () => {
    const { services } = renderApp('/fleet', { signedInAs: 'user' });
    await fleetTitle();
    await waitFor(() => expect(screen.queryByTestId('loading-bar')).not.toBeInTheDocument());
    act(() => services.http.loading.start());
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    act(() => services.http.loading.stop());
    expect(screen.queryByTestId('loading-bar')).not.toBeInTheDocument();
  });
});

describe('profile menu (SPEC §2)', () => {
  it('shows the capital initial, full name and description; holds My Account, Help, Logout', async () => {
    const { server, storage, router } = renderApp('/fleet', {
      signedInAs: 'user',
      answers: { 'POST auth/logout': () => new Response(null, { status: 204 }) },
    });
    await fleetTitle();
    const trigger = await screen.findByRole('button', { name: 'Profile menu of manon petit' });
    expect(trigger).toHaveTextContent('Mmanon petitFleet manager');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My Account', 'Help', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Help' })).toHaveAttribute(
      'href',
      'https://help.example/vfm',
    );
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(server.callsTo('POST auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(storage.getItem('jwtToken')).toBeNull();
    expect(storage.getItem('jwtRefreshToken')).toBeNull();
  });

  it('opens My Account', async () => {
    renderApp('/fleet', { signedInAs: 'user' });
    const trigger = await screen.findByRole('button', { name: 'Profile menu of manon petit' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'My Account' }));
    expect(
      await screen.findByRole('heading', { name: 'My Account', level: 1 }),
    ).toBeInTheDocument();
  });
});

describe('global search (SPEC §2)', () => {
  const box = () => screen.getByRole('searchbox', { name: 'Search a bike' });
  const search = (text: string) => {
    fireEvent.change(box(), { target: { value: text } });
    fireEvent.keyDown(box(), { key: 'Enter' });
  };

  it('has the SPEC placeholder', async () => {
    renderApp('/fleet', { signedInAs: 'user' });
    await fleetTitle();
    expect(box()).toHaveAttribute('placeholder', 'Frame or IoT No. or bike unique ID');
  });

  it('opens the bike of a single match and clears the box', async () => {
    const { server, router } = renderApp('/fleet', {
      signedInAs: 'user',
      answers: { 'GET products/find/A12': { vehicleNumbers: ['FR-0012'] } },
    });
    await fleetTitle();
    search('A12');
    expect(
      await screen.findByRole('heading', { name: 'Bike FR-0012', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fleet/product/FR-0012');
    expect(box()).toHaveValue('');
    expect(server.callsTo('GET products/find/A12')).toHaveLength(1);
  });

  it('says so when several bikes match', async () => {
    renderApp('/fleet', {
      signedInAs: 'user',
      answers: { 'GET products/find/FR': { vehicleNumbers: ['FR-1', 'FR-2'] } },
    });
    await fleetTitle();
    search('FR');
    expect(
      await screen.findByText('Several bikes or IoT found. Refine your search.'),
    ).toBeInTheDocument();
    expect(box()).toHaveValue('FR');
  });

  it('says so when nothing matches (empty list or 404)', async () => {
    const { server } = renderApp('/fleet', {
      signedInAs: 'user',
      answers: {
        'GET products/find/ZZ': { vehicleNumbers: [] },
        'GET products/find/QQ': () => json(404, {}),
      },
    });
    await fleetTitle();
    search('ZZ');
    expect(await screen.findByText('Bike or IoT not found.')).toBeInTheDocument();
    search('QQ');
    await waitFor(() => expect(screen.getAllByText('Bike or IoT not found.')).toHaveLength(2));
    expect(server.callsTo('GET products/find/QQ')).toHaveLength(1);
  });

  it('ignores empty text and a search while one is loading; Escape clears', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { server } = renderApp('/fleet', {
      signedInAs: 'user',
      answers: {
        'GET products/find/SLOW': () => new Promise<Response>((resolve) => (answer = resolve)),
      },
    });
    await fleetTitle();
    search('   ');
    expect(server.calls.filter((c) => c.path.startsWith('products/find'))).toHaveLength(0);
    search('SLOW');
    await waitFor(() => expect(server.callsTo('GET products/find/SLOW')).toHaveLength(1));
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(server.callsTo('GET products/find/SLOW')).toHaveLength(1);
    answer(json(200, { vehicleNumbers: [] }));
    await screen.findByText('Bike or IoT not found.');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box()).toHaveValue('');
  });
});
