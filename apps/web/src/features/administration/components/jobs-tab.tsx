// The jobs home seen by a fleet administrator (ADR 0081): each queue with its fleet's jobs
// (ADR 0120: never another fleet's nor the operator's) waiting, to retry, running and failed,
// then the jobs that failed after every retry (the dead letters), newest first, a page at a
// time, with the event and bike they were for and their last error. An administrator sends one
// again once the cause is fixed (one more attempt).
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { QUEUE_LABEL_KEYS, type FailedJob } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { DateTimeText } from '../../../format/date-time-text';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { DataTable } from '../../../ui/data-table/data-table';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { AdminTab } from './admin-tab';
import { useJobs, useRetryJob } from '../api/jobs';
import { NewerOlderPager } from './newer-older-pager';
import styles from './administration.module.css';
import { bikePath } from '../../../bike/bike-path';

const PAGE_SIZE = 50;

const COUNTS = ['created', 'retry', 'active', 'failed'] as const;

export function JobsTab() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const format = useFormatters();
  const [page, setPage] = useState(0);
  const jobs = useJobs(page, PAGE_SIZE);
  const retry = useRetryJob();

  /** a queue's human name; one the web does not know yet keeps its own */
  const queueName = (queue: string) => {
    const key = QUEUE_LABEL_KEYS[queue as keyof typeof QUEUE_LABEL_KEYS];
    return key ? t(`administration.jobs.queues.${key}`) : queue;
  };
  const send = (job: FailedJob) =>
    retry.mutate(job.id, {
      onSuccess: () => toasts.show({ type: 'success', message: t('administration.jobs.retried') }),
      onError: (error) =>
        toasts.show({
          type: 'error',
          message: isApiError(error, 404)
            ? t('administration.jobs.gone')
            : t('administration.jobs.retryFailed'),
        }),
    });

  return (
    <AdminTab
      label={t('administration.jobs.label')}
      intro={t('administration.jobs.intro')}
      query={jobs}
      texts={{
        loading: t('administration.jobs.loading'),
        error: t('administration.jobs.error'),
        retry: t('administration.jobs.reload'),
      }}
    >
      {(data) => {
        const failed = data.failed;
        return (
          <>
            <h2 className={styles.cardTitle}>{t('administration.jobs.queuesTitle')}</h2>
            <DataTable
              caption={t('administration.jobs.queuesLabel')}
              testId="job-queues"
              rows={data.queues}
              rowKey={(queue) => queue.queue}
              columns={[
                {
                  id: 'queue',
                  label: t('administration.jobs.queue'),
                  cell: (queue) => <span title={queue.queue}>{queueName(queue.queue)}</span>,
                },
                ...COUNTS.map((state) => ({
                  id: state,
                  label: t(`administration.jobs.states.${state}`),
                  cell: (queue: (typeof data.queues)[number]) => format.number(queue[state]),
                })),
              ]}
            />
            <h2 className={styles.cardTitle}>{t('administration.jobs.failedTitle')}</h2>
            {!failed.content.length ? (
              <TableStatus
                kind="empty"
                icon={<CircleCheck size={40} />}
                title={t('administration.jobs.empty')}
              />
            ) : (
              <DataTable
                caption={t('administration.jobs.failedLabel')}
                testId="failed-jobs"
                rows={failed.content}
                rowKey={(job) => job.id}
                columns={[
                  {
                    id: 'failedAt',
                    label: t('administration.jobs.failedAt'),
                    cell: (job) => <DateTimeText iso={job.failedAt ?? job.createdAt} />,
                  },
                  {
                    id: 'queue',
                    label: t('administration.jobs.queue'),
                    cell: (job) => <span title={job.queue}>{queueName(job.queue)}</span>,
                  },
                  {
                    id: 'event',
                    label: t('administration.jobs.event'),
                    cell: (job) => (job.event ? <code>{job.event}</code> : '—'),
                  },
                  {
                    id: 'bike',
                    label: t('administration.jobs.bike'),
                    cell: (job) =>
                      job.vehicleNumber ? (
                        <Link className={styles.nowrap} to={bikePath(job.vehicleNumber)}>
                          {job.vehicleNumber}
                        </Link>
                      ) : (
                        '—'
                      ),
                  },
                  {
                    id: 'error',
                    label: t('administration.jobs.lastError'),
                    cell: (job) => <span className={styles.jobError}>{job.error}</span>,
                  },
                  {
                    id: 'attempts',
                    label: t('administration.jobs.attempts'),
                    cell: (job) => format.number(job.attempts),
                  },
                  {
                    id: 'actions',
                    label: t('administration.jobs.actions'),
                    cell: (job) => (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('administration.jobs.retryNamed', {
                          queue: queueName(job.queue),
                          when: format.dateTime(job.failedAt ?? job.createdAt),
                        })}
                        disabled={retry.isPending}
                        onClick={() => send(job)}
                      >
                        <RotateCcw size={16} aria-hidden="true" />
                        {t('administration.jobs.retry')}
                      </Button>
                    ),
                  },
                ]}
              />
            )}
            {failed.totalElements > PAGE_SIZE && (
              <NewerOlderPager
                label={t('administration.jobs.failedLabel')}
                page={page}
                size={PAGE_SIZE}
                shown={failed.content.length}
                total={failed.totalElements}
                onPage={setPage}
                newer={t('administration.jobs.previous')}
                older={t('administration.jobs.next')}
                summary={(range) => t('administration.jobs.page', range)}
              />
            )}
          </>
        );
      }}
    </AdminTab>
  );
}
