import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState, type QueryLike } from './query-state';

const texts = {
  loading: 'Loading rides…',
  error: 'The rides could not be read.',
  retry: 'Try again',
};
const empty = { icon: <span />, title: 'No rides yet', hint: 'Rides appear once a bike moves.' };

function ladder(query: QueryLike<string[]>) {
  return render(
    <QueryState query={query} texts={texts} empty={empty} isEmpty={(rides) => !rides.length}>
      {(rides) => (
        <ul aria-label="Rides">
          {rides.map((ride) => (
            <li key={ride}>{ride}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('says it is loading while the first read runs', () => {
    ladder({ isPending: true, data: undefined, refetch: vi.fn() });
    expect(screen.getByText('Loading rides…').closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the error as an alert, and its button reads again', async () => {
    const refetch = vi.fn();
    ladder({ isPending: false, data: undefined, refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('The rides could not be read.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says what to do when there is nothing to show', () => {
    ladder({ isPending: false, data: [], refetch: vi.fn() });
    expect(screen.getByRole('heading', { name: 'No rides yet' })).toBeVisible();
    expect(screen.getByText('Rides appear once a bike moves.')).toBeVisible();
  });

  it('renders its content with the data', () => {
    ladder({ isPending: false, data: ['Morning ride'], refetch: vi.fn() });
    expect(screen.getByRole('list', { name: 'Rides' })).toHaveTextContent('Morning ride');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
