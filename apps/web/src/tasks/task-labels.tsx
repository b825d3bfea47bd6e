// How a task reads (docs/tasks.md): its name (the kind, or a custom task's title), its status and
// priority as chips, who holds it, and what a history line says.
import { useTranslation } from 'react-i18next';
import { TASK_KINDS, type Task, type TaskHistoryEntry } from '@vfm/contract';
import styles from './tasks.module.css';

export function useTaskName() {
  const { t } = useTranslation();
  return (task: Pick<Task, 'kind' | 'title'>) =>
    task.kind === 'CUSTOM' && task.title ? task.title : t(`tasks.kind.${task.kind}`);
}

/** An <option> for each task kind, for a select of kinds. */
export function TaskKindOptions() {
  const { t } = useTranslation();
  return TASK_KINDS.map((kind) => (
    <option key={kind} value={kind}>
      {t(`tasks.kind.${kind}`)}
    </option>
  ));
}

/** What a list of tasks says while loading, when it could not load, and on its retry button. */
export function useTaskListTexts() {
  const { t } = useTranslation();
  return { loading: t('tasks.loading'), error: t('tasks.loadError'), retry: t('tasks.retry') };
}

export function TaskStatusChip({ task }: { task: Pick<Task, 'status'> }) {
  const { t } = useTranslation();
  return (
    <span className={styles.chip} data-status={task.status}>
      {t(`tasks.status.${task.status}`)}
    </span>
  );
}

export function TaskPriorityChip({ task }: { task: Pick<Task, 'priority'> }) {
  const { t } = useTranslation();
  if (task.priority === 'NORMAL') return null;
  return (
    <span className={styles.chip} data-priority={task.priority}>
      {t(`tasks.priority.${task.priority}`)}
    </span>
  );
}

type UserRef = NonNullable<Task['assignee']>;
export const userName = (user: UserRef) => user.name ?? user.email;

/** "Started by Tess", "Cancelled automatically: …" */
export function useHistoryLine() {
  const { t } = useTranslation();
  return (entry: TaskHistoryEntry) => {
    const who = entry.by ? userName(entry.by) : t('tasks.history.system');
    const item = typeof entry.data.item === 'string' ? entry.data.item : '';
    return t(`tasks.history.${entry.action}`, {
      who,
      item: item ? t(`tasks.checklist.${item}` as 'tasks.checklist.removeBattery') : '',
    });
  };
}
