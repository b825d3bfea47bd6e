// Administration — accounts tab (docs/operations.md): the server pages, searches and sorts the list;
// photos come from accounts/{id}/photo as blobs (the bearer token cannot ride on an <img>).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';
import { makeAccount } from '../../../testing/data-generators';

const account = makeAccount;
const ALL = Array.from({ length: 60 }, (_, i) => account(i + 1));

/** GET accounts as the server answers it: a page of 60 accounts */
const accountsPage = (call: { query: URLSearchParams }) => {
  const page = Number(call.query.get('page'));
  const size = Number(call.query.get('size'));
  const q = call.query.get('q') ?? '';
  const found = ALL.filter((a) => a.fullName.includes(q));
  return json(200, {
    content: found.slice(page * size, (page + 1) * size),
    totalElements: found.length,
    page,
    size,
  });
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:photo-of-user-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('administration — accounts', () => {
  it('asks the server for one page at a time, searched and sorted', async () => {
    const { server } = renderApp('/administration', {
      signedInAs: 'admin',
      answers: { 'GET accounts': accountsPage },
    });
    const table = await screen.findByTestId('accounts');
    expect(await within(table).findByText('User 01')).toBeInTheDocument();
    expect(screen.getByText('60 accounts')).toBeInTheDocument();
    const first = server.callsTo('GET accounts')[0]!.query;
    expect(Object.fromEntries(first)).toEqual({ page: '0', size: '50', sort: 'name,asc' });

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await within(table).findByText('User 51')).toBeInTheDocument();
    expect(server.callsTo('GET accounts').at(-1)!.query.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'E-mail' }));
    await waitFor(() =>
      expect(server.callsTo('GET accounts').at(-1)!.query.get('sort')).toBe('email,asc'),
    );
    expect(server.callsTo('GET accounts').at(-1)!.query.get('page')).toBe('0');

    fireEvent.change(screen.getByPlaceholderText('Search by name or e-mail'), {
      target: { value: 'User 5' },
    });
    await waitFor(() =>
      expect(server.callsTo('GET accounts').at(-1)!.query.get('q')).toBe('User 5'),
    );
    expect(await screen.findByText('10 accounts')).toBeInTheDocument();
  });

  it('shows each photo from its own call, as a blob', async () => {
    const withPhoto = account(1, { photoVersion: 'v1' });
    const { server } = renderApp('/administration', {
      signedInAs: 'admin',
      answers: {
        'GET accounts': () =>
          json(200, {
            content: [withPhoto, account(2)],
            totalElements: 2,
            page: 0,
            size: 50,
          }),
        [`GET accounts/${withPhoto.id}/photo`]: () =>
          new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), {
            status: 200,
            headers: { 'content-type': 'image/png' },
          }),
      },
    });
    const row = (await screen.findByText('User 01')).closest('tr')!;
    await waitFor(() =>
      expect(row.querySelector('img')).toHaveAttribute('src', 'blob:photo-of-user-1'),
    );
    // the account without a photo shows its initial, no call
    const other = screen.getByText('User 02').closest('tr')!;
    expect(other.querySelector('img')).toBeNull();
    expect(server.callsTo(`GET accounts/${withPhoto.id}/photo`)).toHaveLength(1);
    expect(server.calls.filter((call) => call.path.endsWith('/photo'))).toHaveLength(1);
    expect(
      server.callsTo(`GET accounts/${withPhoto.id}/photo`)[0]!.headers.get('authorization'),
    ).toMatch(/^Bearer /);
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    let fail = true;
    renderApp('/administration', {
      signedInAs: 'admin',
      answers: {
        'GET accounts': (call: { query: URLSearchParams }) =>
          fail ? json(500, { status: 500 }) : accountsPage(call),
      },
    });
    expect(await screen.findByText('The accounts could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('User 01')).toBeInTheDocument();
  });

  it('says so when no account matches', async () => {
    renderApp('/administration', {
      signedInAs: 'admin',
      answers: {
        'GET accounts': () => json(200, { content: [], totalElements: 0, page: 0, size: 50 }),
      },
    });
    expect(await screen.findByText('No account matches this search.')).toBeInTheDocument();
  });
});
