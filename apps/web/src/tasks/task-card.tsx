// One task as a card (docs/tasks.md): "My tasks" on a phone and the bike page's Tasks tab. What to
// do and where — the bike's last position with a `geo:` link (the phone's navigation app) and
// a map link, and a move's drop-off likewise —, the checklist, and one tap to start or to
// finish. A manager also cancels and reopens. An action taken offline waits in the outbox and
// the card says so.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapPin, Navigation } from 'lucide-react';
import type { Task, TaskFinish } from '@vfm/contract';
import { isApiError } from '../api/api-error';
import { useFormatters } from '../format/use-formatters';
import { useServices, useSession } from '../services/services';
import { Button, buttonClassName } from '../ui/button/button';
import { outcomeToast, useChangeTask, type TaskChange } from './api/change-task';
import { TaskFinishForm } from './battery-swap-form';
import { TaskPriorityChip, TaskStatusChip, useTaskName, userName } from './task-labels';
import styles from './tasks.module.css';
import { bikePath } from '../bike/bike-path';

export const geoUri = (p: { latitude: number; longitude: number }) =>
  `geo:${p.latitude},${p.longitude}`;
export const mapsUrl = (p: { latitude: number; longitude: number }) =>
  `https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=18/${p.latitude}/${p.longitude}`;
/** a place as a phone's navigation app and a map take it: "45.77151, 4.81213" (about a metre) */
const coordinates = (p: { latitude: number; longitude: number }) =>
  `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;

/** A place of the task — what it is, then a link to the phone's navigation and one to a map. */
function PlaceLinks(props: {
  place: { latitude: number; longitude: number };
  says: string;
  navigate: string;
  map: string;
}) {
  return (
    <div className={styles.links}>
      <span className={styles.meta}>{props.says}</span>
      <a
        className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        href={geoUri(props.place)}
      >
        <Navigation size={16} aria-hidden /> {props.navigate}
      </a>
      <a
        className={buttonClassName({ variant: 'ghost', size: 'sm' })}
        href={mapsUrl(props.place)}
        target="_blank"
        rel="noreferrer"
      >
        <MapPin size={16} aria-hidden /> {props.map}
      </a>
    </div>
  );
}

/** an amount in its currency, in the reader's language */
export function formatCost(cost: { amount: number; currency: string }, language: string) {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: cost.currency }).format(
      cost.amount,
    );
  } catch {
    return `${cost.amount.toFixed(2)} ${cost.currency}`;
  }
}

type Action = 'start' | 'finish' | 'cancel' | 'reopen';

export function TaskCard({
  task,
  pending = [],
  headingLevel = 2,
}: {
  task: Task;
  /** this task's actions waiting in the offline outbox */
  pending?: TaskChange[];
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const { userId, technician } = useSession();
  const format = useFormatters();
  const nameOf = useTaskName();
  const change = useChangeTask();
  const name = nameOf(task);
  const mine = task.assignee?.id === userId;
  const canWork = task.status === 'IN_PROGRESS' && (mine || !technician);
  // a battery swap finishes with its swap record (the battery fitted, docs/tasks.md)
  const [recording, setRecording] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // a ticked item shows at once; the task as read again (a new version) replaces it, a refusal
  // takes it back
  const [ticks, setTicks] = useState<{ at: string; items: Record<string, boolean> }>({
    at: task.updatedAt,
    items: {},
  });
  const ticked = ticks.at === task.updatedAt ? ticks.items : {};
  const tick = (item: string, checked: boolean | undefined) =>
    setTicks({
      at: task.updatedAt,
      items: { ...ticked, [item]: checked } as Record<string, boolean>,
    });

  const run = (next: TaskChange, done: string) => {
    if (next.action === 'check') tick(next.item, next.checked);
    change.mutate(next, {
      onSuccess: (outcome) => toasts.show(outcomeToast(outcome, done, t('tasks.offline.queued'))),
      onError: (error) => {
        if (next.action === 'check') tick(next.item, undefined);
        toasts.show({
          type: 'error',
          message: isApiError(error, 409)
            ? (error.problem?.detail ?? t('tasks.errors.conflict'))
            : isApiError(error, 404)
              ? t('tasks.errors.gone')
              : (isApiError(error) && error.problem?.detail) || t('tasks.errors.generic'),
        });
      },
    });
  };
  const act = (action: Action, record?: TaskFinish) =>
    run(
      action === 'finish'
        ? {
            taskId: task.id,
            vehicleNumber: task.vehicleNumber,
            action,
            ...(record ? { record } : {}),
          }
        : { taskId: task.id, vehicleNumber: task.vehicleNumber, action },
      t(`tasks.actions.${action}Done`, { name, vehicleNumber: task.vehicleNumber }),
    );

  return (
    <article className={styles.card} aria-labelledby={`task-${task.id}`} data-testid="task-card">
      <div className={styles.cardHead}>
        <Heading id={`task-${task.id}`} className={styles.cardTitle}>
          {name} · {task.vehicleNumber}
        </Heading>
        <TaskStatusChip task={task} />
        <TaskPriorityChip task={task} />
      </div>
      <p className={styles.meta}>
        {task.dueAt && <span>{t('tasks.card.due', { when: format.dateTime(task.dueAt) })}</span>}
        {task.distanceMeters !== null && (
          <span>
            {t('tasks.card.distance', { distance: format.distance(task.distanceMeters / 1000, 1) })}
          </span>
        )}
        <span>
          {task.assignee
            ? t('tasks.card.assignee', {
                who: mine ? t('tasks.card.you') : userName(task.assignee),
              })
            : t('tasks.card.unassigned')}
        </span>
        {task.cause && (
          <span>{t('tasks.card.automatic', { cause: t(`tasks.cause.${task.cause}`) })}</span>
        )}
        {task.rule && (
          <span>
            {t('tasks.card.byRule', {
              rule: task.rule.builtin ? t(`bike.warning.${task.rule.builtin}`) : task.rule.name,
            })}
          </span>
        )}
      </p>
      {task.notes && <p className={styles.meta}>{task.notes}</p>}
      {task.batterySwap && (
        <p className={styles.meta}>
          {task.batterySwap.batteryNumber
            ? t('tasks.swap.recordedNumber', {
                level: format.percent(task.batterySwap.batteryLevel),
                number: task.batterySwap.batteryNumber,
              })
            : t('tasks.swap.recorded', { level: format.percent(task.batterySwap.batteryLevel) })}
        </p>
      )}
      {/* the service book (docs/tasks.md): who did it and when, the parts and what it cost */}
      {task.status === 'DONE' && (
        <p className={styles.meta}>
          {task.closedBy && (
            <span>
              {t('tasks.finish.doneBy', {
                who: userName(task.closedBy),
                when: format.dateTime(task.closedAt),
              })}
            </span>
          )}
          {task.parts && <span>{t('tasks.finish.recordedParts', { parts: task.parts })}</span>}
          {task.cost && (
            <span>
              {t('tasks.finish.recordedCost', {
                cost: formatCost(task.cost, i18n.language),
              })}
            </span>
          )}
        </p>
      )}
      {task.position ? (
        <PlaceLinks
          place={task.position}
          says={t('tasks.card.lastPosition', { when: format.dateTime(task.position.at) })}
          navigate={t('tasks.card.navigate')}
          map={t('tasks.card.openMap')}
        />
      ) : (
        <p className={styles.meta}>{t('tasks.card.noPosition')}</p>
      )}
      {task.dropOff && (
        // a rebalancing move: where to leave the bike (docs/tasks.md "Rebalancing moves")
        <PlaceLinks
          place={task.dropOff}
          says={t('tasks.card.dropOff', { place: coordinates(task.dropOff) })}
          navigate={t('tasks.card.navigateDropOff')}
          map={t('tasks.card.dropOffMap')}
        />
      )}
      {task.checklist.length > 0 && task.status !== 'CANCELLED' && (
        <fieldset className={styles.checklist}>
          <legend>{t('tasks.card.checklist')}</legend>
          {task.checklist.map((entry) => (
            <label key={entry.item} className={styles.check}>
              <input
                type="checkbox"
                checked={ticked[entry.item] ?? entry.checked}
                disabled={!canWork || change.isPending}
                onChange={(event) =>
                  run(
                    {
                      taskId: task.id,
                      vehicleNumber: task.vehicleNumber,
                      action: 'check',
                      item: entry.item,
                      checked: event.target.checked,
                    },
                    t('tasks.actions.checkDone'),
                  )
                }
              />
              {t(`tasks.checklist.${entry.item}` as 'tasks.checklist.removeBattery')}
            </label>
          ))}
        </fieldset>
      )}
      {pending.length > 0 && (
        <p className={styles.warning} role="status">
          {t('tasks.offline.pendingOnTask', { count: pending.length })}
        </p>
      )}
      {canWork && recording && (
        <TaskFinishForm
          swap={task.kind === 'BATTERY_SWAP'}
          details
          busy={change.isPending}
          onBack={() => setRecording(false)}
          onSubmit={(record) => {
            setRecording(false);
            act('finish', record);
          }}
        />
      )}
      <div className={styles.actions}>
        {task.status === 'OPEN' && (
          <Button className={styles.primary} busy={change.isPending} onClick={() => act('start')}>
            {t('tasks.actions.start')}
          </Button>
        )}
        {canWork && !recording && (
          <Button
            className={styles.primary}
            busy={change.isPending}
            onClick={() => (task.kind === 'BATTERY_SWAP' ? setRecording(true) : act('finish'))}
          >
            {t(task.kind === 'BATTERY_SWAP' ? 'tasks.queue.record' : 'tasks.actions.finish')}
          </Button>
        )}
        {canWork && !recording && (
          <Button
            variant="secondary"
            disabled={change.isPending}
            onClick={() => (task.kind === 'BATTERY_SWAP' ? act('finish') : setRecording(true))}
          >
            {t(task.kind === 'BATTERY_SWAP' ? 'tasks.actions.finish' : 'tasks.finish.open')}
          </Button>
        )}
        {!technician && (task.status === 'OPEN' || task.status === 'IN_PROGRESS') && (
          <Button variant="secondary" disabled={change.isPending} onClick={() => act('cancel')}>
            {t('tasks.actions.cancel')}
          </Button>
        )}
        {!technician && (task.status === 'DONE' || task.status === 'CANCELLED') && (
          <Button variant="secondary" disabled={change.isPending} onClick={() => act('reopen')}>
            {t('tasks.actions.reopen')}
          </Button>
        )}
        <Link
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          to={bikePath(task.vehicleNumber)}
        >
          {t('tasks.card.bike')}
        </Link>
      </div>
    </article>
  );
}

/** Task cards as a list, each with the changes still waiting to be sent for it (offline). */
export function TaskCardList({
  tasks,
  pending,
  label,
}: {
  tasks: readonly Task[];
  pending: readonly TaskChange[];
  label: string;
}) {
  return (
    <ul className={styles.list} aria-label={label}>
      {tasks.map((task) => (
        <li key={task.id}>
          <TaskCard task={task} pending={pending.filter((c) => c.taskId === task.id)} />
        </li>
      ))}
    </ul>
  );
}
