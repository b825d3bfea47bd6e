// One stop of the battery swap queue (docs/tasks.md): its number, size and distance, a
// navigation link, and its bikes by rank — each with its charge, range left and battery, and
// the one action that moves it on: take the swap task, then record the swap (the battery fitted).
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Navigation } from 'lucide-react';
import type { BatteryQueueBike, BatteryQueueGroup } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useFormatters } from '../../../format/use-formatters';
import { useServices, useSession } from '../../../services/services';
import { Button, buttonClassName } from '../../../ui/button/button';
import { outcomeToast, useChangeTask, type TaskChange } from '../../../tasks/api/change-task';
import { BatterySwapForm } from '../../../tasks/battery-swap-form';
import { geoUri } from '../../../tasks/task-card';
import { userName } from '../../../tasks/task-labels';
import styles from './battery-queue.module.css';
import { bikePath } from '../../../bike/bike-path';

export function BatteryQueueStop({
  index,
  group,
  bikes,
  selected,
  onSelect,
}: {
  /** null: the bikes without a known position */
  index: number | null;
  group: BatteryQueueGroup | null;
  bikes: BatteryQueueBike[];
  selected: boolean;
  onSelect(): void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const headingId = `stop-${index ?? 'none'}`;
  return (
    <section
      className={styles.stop}
      aria-labelledby={headingId}
      data-selected={selected || undefined}
      data-testid="battery-stop"
    >
      <header className={styles.stopHead}>
        {index !== null && (
          <span className={styles.stopNumber} aria-hidden>
            {index + 1}
          </span>
        )}
        <h2 id={headingId} className={styles.stopTitle}>
          {index === null ? (
            t('tasks.queue.noPosition')
          ) : (
            <button type="button" className={styles.stopButton} onClick={onSelect}>
              {t('tasks.queue.stop', { n: index + 1 })}
            </button>
          )}
        </h2>
        <span className={styles.meta}>
          {t('tasks.queue.stopBikes', { count: bikes.length })}
          {group?.distanceMeters != null &&
            ` · ${t('tasks.queue.away', { distance: format.distance(group.distanceMeters / 1000, 1) })}`}
        </span>
        {group && (
          <a
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            href={geoUri(group)}
            aria-label={`${t('tasks.queue.navigate')} ${index! + 1}`}
          >
            <Navigation size={16} aria-hidden /> {t('tasks.card.navigate')}
          </a>
        )}
      </header>
      <ul className={styles.bikes}>
        {bikes.map((bike) => (
          <li key={bike.vehicleNumber}>
            <QueueBike bike={bike} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueBike({ bike }: { bike: BatteryQueueBike }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { toasts } = useServices();
  const { userId, technician } = useSession();
  const change = useChangeTask();
  const [recording, setRecording] = useState(false);
  const task = bike.task;
  const mine = task?.assignee?.id === userId;
  // the server lets nobody take a task assigned to somebody else (ADR 0092)
  const canTake = task?.status === 'OPEN' && (!task.assignee || mine);
  const canRecord = task?.status === 'IN_PROGRESS' && (mine || !technician);
  const level = bike.bikeBatteryLevel;

  const run = (next: TaskChange, done: string) =>
    change.mutate(next, {
      onSuccess: (outcome) => toasts.show(outcomeToast(outcome, done, t('tasks.offline.queued'))),
      onError: (error) =>
        toasts.show({
          type: 'error',
          message: (isApiError(error) && error.problem?.detail) || t('tasks.errors.generic'),
        }),
    });
  const name = t('tasks.kind.BATTERY_SWAP');

  return (
    <article
      className={styles.bike}
      aria-labelledby={`bike-${bike.vehicleNumber}`}
      data-testid="battery-bike"
    >
      <div className={styles.bikeHead}>
        <span className={styles.rank}>{t('tasks.queue.rank', { rank: bike.rank })}</span>
        <h3 id={`bike-${bike.vehicleNumber}`} className={styles.bikeTitle}>
          <Link to={bikePath(bike.vehicleNumber)}>{bike.vehicleNumber}</Link>
        </h3>
        <span
          className={styles.level}
          data-level={level === null ? 'unknown' : level < 10 ? 'critical' : 'low'}
          aria-label={`${t('tasks.queue.charge')} ${format.percent(level)}`}
        >
          {format.percent(level)}
        </span>
      </div>
      <p className={styles.meta}>
        <span>
          {bike.autonomyKm === null
            ? t('tasks.queue.rangeUnknown')
            : t('tasks.queue.range', { distance: format.distance(bike.autonomyKm, 0) })}
        </span>
        {bike.batteryNumber && (
          <span>{t('tasks.queue.battery', { number: bike.batteryNumber })}</span>
        )}
        {/* why it needs a battery (docs/battery.md) */}
        {bike.reasons?.map((reason) => (
          <span key={reason} className={styles.reason} data-reason={reason}>
            {t(`battery.reasons.${reason}`)}
          </span>
        ))}
        {bike.distanceMeters !== null && (
          <span>
            {t('tasks.card.distance', { distance: format.distance(bike.distanceMeters / 1000, 1) })}
          </span>
        )}
        <span>
          {!task
            ? t('tasks.queue.noTask')
            : !task.assignee
              ? t('tasks.queue.taskOpen')
              : t(task.status === 'IN_PROGRESS' ? 'tasks.queue.taskBy' : 'tasks.card.assignee', {
                  who: mine ? t('tasks.card.you') : userName(task.assignee),
                })}
        </span>
      </p>
      {canRecord && recording && (
        <BatterySwapForm
          busy={change.isPending}
          onBack={() => setRecording(false)}
          onSubmit={(record) => {
            setRecording(false);
            run(
              {
                taskId: task.id,
                vehicleNumber: bike.vehicleNumber,
                action: 'finish',
                record,
              },
              t('tasks.actions.finishDone', { name, vehicleNumber: bike.vehicleNumber }),
            );
          }}
        />
      )}
      {(canTake || (canRecord && !recording)) && (
        <div className={styles.actions}>
          {canTake && (
            <Button
              className={styles.primary}
              busy={change.isPending}
              onClick={() =>
                run(
                  { taskId: task.id, vehicleNumber: bike.vehicleNumber, action: 'start' },
                  t('tasks.actions.startDone', { name, vehicleNumber: bike.vehicleNumber }),
                )
              }
            >
              {t('tasks.queue.take')}
            </Button>
          )}
          {canRecord && !recording && (
            <Button className={styles.primary} onClick={() => setRecording(true)}>
              {t('tasks.queue.record')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
