// The jobs home for a fleet administrator (ADR 0081): counts per queue, the dead letters, and
// a retry that sends a failed job again (one more attempt) — of the caller's fleet only (ADR
// 0120): another fleet's job and the operator's answer 404, as if they did not exist.
import type { JobsOverview, JobsQuery } from '@vfm/contract';
import { isQueueName } from '../../jobs/queues';
import { notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { selectFailedJobQueue, selectFailedJobs, selectQueueCounts } from './queries';

export async function getJobs(scope: RequestScope, query: JobsQuery): Promise<JobsOverview> {
  const { page, size } = query;
  const [queues, failed] = await Promise.all([
    selectQueueCounts(scope.database, scope.fleetId),
    selectFailedJobs(scope.database, scope.fleetId, page, size),
  ]);
  return { queues, failed: { content: failed.content, totalElements: failed.total, page, size } };
}

export async function retryJob(scope: RequestScope, id: string): Promise<void> {
  const queue = await selectFailedJobQueue(scope.database, scope.fleetId, id);
  if (!queue || !isQueueName(queue))
    throw notFound('No failed job with this id is visible to your fleet.');
  await scope.ctx.jobs.retry(queue, id);
  scope.log.info({ jobId: id, queue }, 'failed job sent again');
}
