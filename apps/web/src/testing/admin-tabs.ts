// What the tests of the administration tabs with a paged list share: opening a tab as an
// administrator, a list that cannot be read and is read again, and the pager of 120 items.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { json } from './fake-server';
import { renderApp } from './app-harness';

export function renderAdminTab(tab: string, answers: Record<string, unknown>) {
  return renderApp(`/administration?tab=${tab}`, { signedInAs: 'admin', answers });
}

/** The tab says its list could not be loaded; Try again reads it again and shows `shown`. */
export async function expectListReadAgain(
  tab: string,
  list: string,
  { failure, answer, shown }: { failure: string; answer: unknown; shown: string },
) {
  const { server } = renderAdminTab(tab, { [list]: () => json(500, { status: 500 }) });
  expect(await screen.findByText(failure)).toBeInTheDocument();
  server.on(list, answer);
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(shown)).toBeInTheDocument();
}

/** One page of a list of 120 items, as asked by `call`, holding `item`. */
export const pageOf120 = (call: { query: URLSearchParams }, item: unknown) => ({
  content: [item],
  totalElements: 120,
  page: Number(call.query.get('page')),
  size: Number(call.query.get('size')),
});

/** Newest first: Older asks for the next page and Newer comes back. */
export async function expectOlderPage(
  server: { callsTo(route: string): { query: URLSearchParams }[] },
  list: string,
) {
  expect(await screen.findByText('1–1 of 120')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Older' }));
  expect(await screen.findByText('51–51 of 120')).toBeInTheDocument();
  await waitFor(() =>
    expect(server.callsTo(list).some((call) => call.query.get('page') === '1')).toBe(true),
  );
  expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled();
}
