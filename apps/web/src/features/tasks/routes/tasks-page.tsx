// The fleet's tasks (docs/tasks.md), for managers: active ones by default, filtered by status and
// kind, soonest due first; each card with its actions. Tasks are created from the bike page,
// the fleet selection and the warnings screen.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardList } from 'lucide-react';
import { TASK_STATUSES, type TaskKind } from '@vfm/contract';
import { usePageTitle } from '../../../services/use-page-title';
import { Page } from '../../../ui/page/page';
import { Button } from '../../../ui/button/button';
import { QueryState } from '../../../ui/query-state/query-state';
import { useTasks, type TasksQuery } from '../../../tasks/api/get-tasks';
import { TaskCardList } from '../../../tasks/task-card';
import { useTaskOutbox } from '../../../tasks/use-task-outbox';
import styles from '../../../tasks/tasks.module.css';
import { MaintenanceSchedules } from '../components/maintenance-schedules';
import { TaskStatisticsPanel } from '../components/task-statistics';
import { TaskKindOptions, useTaskListTexts } from '../../../tasks/task-labels';

const SIZE = 50;

export function TasksPage() {
  const { t } = useTranslation();
  const taskListTexts = useTaskListTexts();
  usePageTitle(t('tasks.list.title'));
  const [status, setStatus] = useState<NonNullable<TasksQuery['status']>>('active');
  const [kind, setKind] = useState<TaskKind | ''>('');
  // keyset paging (ADR 0105): the `after` of each page shown so far; the last one is this page's
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const page = cursors.length;
  const { pending } = useTaskOutbox();
  const tasks = useTasks({
    status,
    ...(kind ? { kind } : {}),
    sort: 'due',
    ...(after ? { after } : {}),
    page,
    size: SIZE,
  });
  const total = tasks.data?.totalElements ?? 0;
  const next = tasks.isPlaceholderData ? null : (tasks.data?.next ?? null);

  return (
    <Page wide>
      <div className={styles.toolbar}>
        <label className={styles.field}>
          <span>{t('tasks.fields.status')}</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setCursors([]);
            }}
          >
            <option value="active">{t('tasks.list.active')}</option>
            {TASK_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`tasks.status.${value}`)}
              </option>
            ))}
            <option value="all">{t('tasks.list.all')}</option>
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('tasks.fields.kind')}</span>
          <select
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as TaskKind | '');
              setCursors([]);
            }}
          >
            <option value="">{t('tasks.list.allKinds')}</option>
            <TaskKindOptions />
          </select>
        </label>
        {tasks.data && (
          <p className={styles.meta} role="status">
            {t('tasks.list.count', { count: total })}
          </p>
        )}
      </div>
      <QueryState
        query={tasks}
        texts={taskListTexts}
        empty={{
          icon: <ClipboardList size={40} />,
          title: t('tasks.list.none'),
          hint: t('tasks.list.noneHint'),
        }}
        isEmpty={(data) => !data.content.length}
      >
        {(data) => (
          <TaskCardList tasks={data.content} pending={pending} label={t('tasks.list.title')} />
        )}
      </QueryState>
      {(page > 0 || next) && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={page === 0}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            {t('tasks.list.newer')}
          </Button>
          <Button
            variant="secondary"
            disabled={!next}
            onClick={() => next && setCursors([...cursors, next])}
          >
            {t('tasks.list.older')}
          </Button>
        </div>
      )}
      <MaintenanceSchedules />
      <TaskStatisticsPanel />
    </Page>
  );
}
