// The background jobs tab (ADR 0081): the queues with their counts, the empty, error and
// filled states of the failed jobs, sending one again (done, or gone: 404) and the pager.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FailedJob, JobsOverview, QueueCounts } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import {
  expectListReadAgain,
  expectOlderPage,
  pageOf120,
  renderAdminTab,
} from '../../../testing/admin-tabs';

const LIST = 'GET fleet/admin/jobs';
const ID = '0b5c2f4e-8a51-4d3c-9f6e-1a2b3c4d5e6f';
const RETRY = `POST fleet/admin/jobs/${ID}/retry`;
const queues: QueueCounts[] = [
  { queue: 'alerts.reconcile', created: 3, retry: 1, active: 0, failed: 1 },
  { queue: 'webhooks.deliver', created: 0, retry: 0, active: 1, failed: 0 },
  { queue: 'reports.weekly', created: 2, retry: 0, active: 0, failed: 0 },
];
const job: FailedJob = {
  id: ID,
  queue: 'alerts.reconcile',
  event: 'battery.low',
  vehicleNumber: 'VFM-00007',
  error: 'deadlock detected',
  attempts: 9,
  createdAt: '2026-11-20T08:15:00.000Z',
  failedAt: '2026-11-20T08:20:00.000Z',
};
const overview = (content: FailedJob[], totalElements = content.length): JobsOverview => ({
  queues,
  failed: { content, totalElements, page: 0, size: 50 },
});
const noContent = () => new Response(null, { status: 204 });

describe('the background jobs tab', () => {
  it('shows the queues with their counts and says when no job failed', async () => {
    renderAdminTab('jobs', { [LIST]: overview([]) });
    expect(await screen.findByText('No failed job: every background job ran.')).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Background job queues, with their jobs per state',
    });
    const row = within(table).getByText('Alerts (events)').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Alerts (events)', '3', '1', '0', '1']);
    expect(within(table).getByText('Webhooks: delivery attempts')).toBeInTheDocument();
    // a queue the web does not know yet keeps its own name
    expect(within(table).getByText('reports.weekly')).toBeInTheDocument();
    // no badge while nothing failed
    expect(screen.getByRole('tab', { name: 'Background jobs' })).toBeInTheDocument();
  });

  it('says when the jobs cannot be read, and reads them again', async () => {
    await expectListReadAgain('jobs', LIST, {
      failure: 'The background jobs could not be loaded.',
      answer: overview([job]),
      shown: 'deadlock detected',
    });
  });

  it('shows a failed job and sends it again', async () => {
    const { server } = renderAdminTab('jobs', { [LIST]: overview([job]), [RETRY]: noContent });
    const table = await screen.findByRole('table', {
      name: 'Failed background jobs, newest first',
    });
    const row = within(table).getByText('deadlock detected').closest('tr')!;
    // the tab counts the failed jobs
    expect(screen.getByRole('tab', { name: /Background jobs/ })).toHaveTextContent('1');
    expect(within(row).getByText('Alerts (events)')).toBeInTheDocument();
    expect(within(row).getByText('battery.low')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'VFM-00007' })).toHaveAttribute(
      'href',
      expect.stringContaining('/fleet/product/VFM-00007'),
    );
    expect(within(row).getByText('9')).toBeInTheDocument();
    server.on(LIST, overview([]));
    fireEvent.click(
      within(row).getByRole('button', { name: /^Retry the Alerts \(events\) job that failed/ }),
    );
    expect(await screen.findByText('The job is sent again: one more attempt.')).toBeInTheDocument();
    expect(server.callsTo(RETRY)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('deadlock detected')).toBeNull());
    expect(screen.getByText('No failed job: every background job ran.')).toBeInTheDocument();
  });

  it('shows a job of no bike, and says when it no longer exists', async () => {
    renderAdminTab('jobs', {
      [LIST]: overview([
        { ...job, queue: 'telemetry.partitions', event: null, vehicleNumber: null },
      ]),
      [RETRY]: () => json(404, { status: 404, code: 'NOT_FOUND' }),
    });
    const row = (await screen.findByText('deadlock detected')).closest('tr')!;
    expect(within(row).getByText('Telemetry partitions')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /^Retry/ }));
    expect(await screen.findByText('This job no longer exists.')).toBeInTheDocument();
  });

  it('says when the retry fails', async () => {
    renderAdminTab('jobs', { [LIST]: overview([job]), [RETRY]: () => json(500, { status: 500 }) });
    fireEvent.click(await screen.findByRole('button', { name: /^Retry/ }));
    expect(await screen.findByText('The retry failed. Try again.')).toBeInTheDocument();
  });

  it('pages newest first: Older asks for the next page', async () => {
    const { server } = renderAdminTab('jobs', {
      [LIST]: (call: { query: URLSearchParams }) =>
        json(200, {
          queues,
          failed: pageOf120(call, { ...job, error: `error ${call.query.get('page')}` }),
        }),
    });
    await expectOlderPage(server, LIST);
    // the summary moves at once; the older page's rows follow
    expect(await screen.findByText('error 1')).toBeInTheDocument();
  });
});
