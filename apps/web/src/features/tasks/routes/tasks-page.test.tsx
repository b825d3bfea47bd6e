// The service book (docs/tasks.md): a task finishes with the parts used and their cost, checked
// before they are sent; a done task shows who did it, the parts and the cost.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/app-harness';
import { makeTask, makeTaskPage } from '../../../testing/data-generators';
import { json } from '../../../testing/fake-server';

const WORKING = makeTask({
  id: '0b8c6f4e-0000-4000-8000-000000000011',
  kind: 'REPAIR',
  vehicleNumber: 'FR-11',
  status: 'IN_PROGRESS',
});
const DONE = makeTask({
  id: '0b8c6f4e-0000-4000-8000-000000000012',
  kind: 'REPAIR',
  vehicleNumber: 'FR-12',
  status: 'DONE',
  closedAt: '2026-11-25T09:30:00.000Z',
  closedBy: {
    id: '0b8c6f4e-0000-4000-8000-00000000aaaa',
    email: 'ines@vfm.demo',
    name: 'Inès Moreau',
  },
  parts: 'Brake pads',
  cost: { amount: 42.5, currency: 'EUR' },
});

// the page's statistics and maintenance schedules, empty: these tests look at the list only
const quietPanels = {
  'GET tasks/statistics': {
    from: '2026-10-27',
    to: '2026-11-25',
    perDay: [],
    byKind: [],
    byTechnician: [],
  },
  'GET maintenance/schedules': { content: [] },
};

describe('the service book', () => {
  it('finishes a task with its parts and cost, and shows those of a done task', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/tasks', {
      signedInAs: 'user',
      answers: {
        'GET tasks': makeTaskPage([WORKING, DONE]),
        ...quietPanels,
        [`POST tasks/${WORKING.id}/finish`]: { ...WORKING, status: 'DONE' },
      },
    });
    const done = (await screen.findByRole('heading', { name: 'Repair · FR-12' })).closest(
      'article',
    )!;
    expect(within(done).getByText(/Done by Inès Moreau/)).toBeInTheDocument();
    expect(within(done).getByText('Parts: Brake pads')).toBeInTheDocument();
    expect(within(done).getByText(/Cost: €42\.50/)).toBeInTheDocument();

    const card = screen.getByRole('heading', { name: 'Repair · FR-11' }).closest('article')!;
    await user.click(within(card).getByRole('button', { name: 'Finish with parts and cost' }));
    await user.type(within(card).getByLabelText('Parts used (optional)'), 'Chain');
    await user.type(within(card).getByLabelText('Cost (optional)'), '-3');
    await user.click(within(card).getByRole('button', { name: 'Finish' }));
    expect(
      within(card).getByText('Enter an amount of 0 or more and a 3-letter currency code (EUR).'),
    ).toBeInTheDocument();
    expect(server.callsTo(`POST tasks/${WORKING.id}/finish`)).toEqual([]);
    await user.clear(within(card).getByLabelText('Cost (optional)'));
    await user.type(within(card).getByLabelText('Cost (optional)'), '12,5');
    await user.click(within(card).getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(server.callsTo(`POST tasks/${WORKING.id}/finish`)[0]?.body).toEqual({
        parts: 'Chain',
        cost: { amount: 12.5, currency: 'EUR' },
      }),
    );
  });
});

describe('the pages of the list (keyset, ADR 0105)', () => {
  it("asks the next page after the last one's cursor, and goes back without one", async () => {
    const user = userEvent.setup();
    const task = (n: number) =>
      makeTask({
        id: `0b8c6f4e-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
        kind: 'INSPECT',
        vehicleNumber: `FR-${n}`,
      });
    const { server } = renderApp('/tasks', {
      signedInAs: 'user',
      answers: {
        'GET tasks': ({ query }: { query: URLSearchParams }) =>
          json(200, {
            ...makeTaskPage(query.get('after') === 'cursor-1' ? [task(2)] : [task(1)]),
            totalElements: 51,
            size: 50,
            next: query.get('after') === 'cursor-1' ? null : 'cursor-1',
          }),
        ...quietPanels,
      },
    });
    await screen.findByRole('heading', { name: 'Inspection · FR-1' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Inspection · FR-2' });
    expect(server.callsTo('GET tasks').at(-1)!.query.get('after')).toBe('cursor-1');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { name: 'Inspection · FR-1' });
    expect(server.callsTo('GET tasks').at(-1)!.query.has('after')).toBe(false);
  });
});
