// The battery swap queue (docs/tasks.md), phone-first, for technicians and managers: the bikes
// that need a battery on a map and in a list of numbered stops to follow — the nearest stop
// first from the browser's position, else the most urgent — each bike with its charge, range
// left, battery and swap task. A technician takes the swap and records it (the battery fitted
// updates the bike's battery record); a manager also opens swap tasks for the bikes without one.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatteryFull } from 'lucide-react';
import { TASK_BULK_MAX } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useFormatters } from '../../../format/use-formatters';
import { usePageTitle } from '../../../services/use-page-title';
import { useServices, useSession } from '../../../services/services';
import { Page } from '../../../ui/page/page';
import { Button } from '../../../ui/button/button';
import { Spinner } from '../../../ui/spinner/spinner';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { useCreateTasks } from '../../../tasks/api/create-tasks';
import { usePosition } from '../../../tasks/use-position';
import { OfflineBanner } from '../../../tasks/offline-banner';
import { useTaskOutbox } from '../../../tasks/use-task-outbox';
import { useBatteryQueue } from '../api/battery-queue';
import { BatteryQueueStop } from '../components/battery-queue-stop';
import styles from '../components/battery-queue.module.css';

const BatteryQueueMap = lazy(() => import('../../../map/battery-queue-map'));

export function BatteryQueuePage() {
  const { t } = useTranslation();
  usePageTitle(t('tasks.queue.title'));
  const format = useFormatters();
  const { toasts } = useServices();
  const { technician } = useSession();
  const position = usePosition();
  const { pending, online } = useTaskOutbox();
  const near = position.state === 'known' ? position.near : undefined;
  const queue = useBatteryQueue(near, position.state !== 'asking');
  const create = useCreateTasks();
  const [selected, setSelected] = useState<number | null>(null);
  const data = queue.data;
  const withoutTask = data?.bikes.filter((bike) => !bike.task).map((b) => b.vehicleNumber) ?? [];
  const unplaced = data?.bikes.filter((bike) => bike.group === null) ?? [];

  const createTasks = () => {
    const vehicleNumbers = withoutTask.slice(0, TASK_BULK_MAX);
    create.mutate(
      { kind: 'BATTERY_SWAP', vehicleNumbers, priority: 'HIGH' },
      {
        onSuccess: (created) =>
          toasts.show({
            type: 'success',
            message: t('tasks.queue.created', { count: created.tasks.length }),
          }),
        onError: (error) =>
          toasts.show({
            type: 'error',
            message: (isApiError(error) && error.problem?.detail) || t('tasks.errors.generic'),
          }),
      },
    );
  };

  return (
    <Page wide>
      <div className={styles.layout}>
        <div className={styles.intro}>
          {!online && <OfflineBanner pending={pending.length} />}
          <p className={styles.notice} role="status">
            {position.state === 'known'
              ? t('tasks.queue.byDistance')
              : position.state === 'asking'
                ? t('tasks.mine.locating')
                : t('tasks.queue.byUrgency')}
          </p>
          {data && (
            <>
              <p className={styles.meta}>
                {t('tasks.queue.intro', { level: format.percent(data.maxLevel) })}
              </p>
              <div className={styles.summary}>
                <strong>{t('tasks.queue.count', { count: data.total })}</strong>
                {data.total > data.bikes.length && (
                  <span className={styles.meta}>
                    {t('tasks.queue.more', { shown: data.bikes.length })}
                  </span>
                )}
                {!technician && withoutTask.length > 0 && (
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={create.isPending}
                    onClick={createTasks}
                  >
                    {t('tasks.queue.createTasks', {
                      count: Math.min(withoutTask.length, TASK_BULK_MAX),
                    })}
                  </Button>
                )}
              </div>
            </>
          )}
        </div>
        {position.state === 'asking' || (queue.isPending && !data) ? (
          <div className={styles.full}>
            <TableStatus
              kind="loading"
              text={t(position.state === 'asking' ? 'tasks.mine.locating' : 'tasks.queue.loading')}
            />
          </div>
        ) : !data ? (
          <div className={styles.full}>
            <TableStatus
              kind="error"
              text={t('tasks.queue.loadError')}
              retry={t('tasks.retry')}
              onRetry={() => void queue.refetch()}
            />
          </div>
        ) : !data.bikes.length ? (
          <div className={styles.full}>
            <TableStatus
              kind="empty"
              icon={<BatteryFull size={40} />}
              title={t('tasks.queue.none')}
              hint={t('tasks.queue.noneHint')}
            />
          </div>
        ) : (
          <>
            {data.groups.length > 0 && (
              <div className={styles.map}>
                <Suspense fallback={<Spinner />}>
                  <BatteryQueueMap
                    queue={data}
                    label={t('tasks.queue.map')}
                    stopLabel={(n) => t('tasks.queue.stop', { n })}
                    selected={selected}
                    onSelect={setSelected}
                  />
                </Suspense>
              </div>
            )}
            <div className={styles.stops} aria-label={t('tasks.queue.title')} role="region">
              {data.groups.map((group, index) => (
                <BatteryQueueStop
                  key={`${index}-${group.latitude}`}
                  index={index}
                  group={group}
                  bikes={data.bikes.filter((bike) => bike.group === index)}
                  selected={selected === index}
                  onSelect={() => setSelected(index)}
                />
              ))}
              {unplaced.length > 0 && (
                <BatteryQueueStop
                  index={null}
                  group={null}
                  bikes={unplaced}
                  selected={false}
                  onSelect={() => undefined}
                />
              )}
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
