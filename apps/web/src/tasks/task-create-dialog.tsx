// Creating tasks by hand (docs/tasks.md): from the bike page (one bike), the fleet selection (up
// to 100: one task each) or the warnings screen. Kind, a title for a custom task, priority,
// due time, assignee and notes; the server's refusals (a bike not of the fleet, an assignee
// outside it) are said in the dialog, and nothing is made.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TASK_BULK_MAX,
  TASK_NOTES_MAX,
  TASK_PRIORITIES,
  TASK_TITLE_MAX,
  type TaskKind,
  type TaskPriority,
} from '@vfm/contract';
import { isApiError } from '../api/api-error';
import { useServices } from '../services/services';
import { ConfirmDialog } from '../ui/confirm-dialog/confirm-dialog';
import { useCreateTasks } from './api/create-tasks';
import { useTaskAssignees } from './api/get-assignees';
import styles from './tasks.module.css';
import { TaskKindOptions } from './task-labels';

/** `<input type="datetime-local">` → ISO, in the browser's time zone */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

export function TaskCreateDialog({
  vehicleNumbers,
  initialKind = 'INSPECT',
  onClose,
}: {
  vehicleNumbers: string[];
  initialKind?: TaskKind;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const create = useCreateTasks();
  const assignees = useTaskAssignees(true);
  const [kind, setKind] = useState<TaskKind>(initialKind);
  const [title, setTitle] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('NORMAL');
  const [due, setDue] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [showTitleError, setShowTitleError] = useState(false);
  const tooMany = vehicleNumbers.length > TASK_BULK_MAX;
  const titleMissing = kind === 'CUSTOM' && !title.trim();

  const confirm = () => {
    if (titleMissing) {
      setShowTitleError(true);
      return;
    }
    setError(null);
    create.mutate(
      {
        kind,
        vehicleNumbers,
        ...(kind === 'CUSTOM' ? { title: title.trim() } : {}),
        priority,
        dueAt: isoOf(due),
        assigneeId: assigneeId || null,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      },
      {
        onSuccess: (created) => {
          onClose();
          toasts.show({
            type: 'success',
            message: t('tasks.create.done', { count: created.tasks.length }),
          });
        },
        onError: (failure) =>
          setError(
            isApiError(failure, 404)
              ? t('tasks.create.bikesMissing', {
                  vehicleNumbers:
                    (failure.problem as { missing?: string[] } | null)?.missing?.join(', ') ?? '',
                })
              : (isApiError(failure) && failure.problem?.detail) || t('tasks.errors.generic'),
          ),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm();
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        vehicleNumbers.length === 1
          ? t('tasks.create.titleOne', { vehicleNumber: vehicleNumbers[0] })
          : t('tasks.create.titleMany', { count: vehicleNumbers.length })
      }
      description={vehicleNumbers.length > 1 ? t('tasks.create.oneEach') : undefined}
      confirmLabel={t('tasks.create.confirm')}
      cancelLabel={t('tasks.actions.close')}
      busy={create.isPending}
      confirmDisabled={tooMany}
      onConfirm={confirm}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {tooMany && (
          <p className={styles.error} role="alert">
            {t('tasks.create.tooMany', { max: TASK_BULK_MAX })}
          </p>
        )}
        <label className={styles.field}>
          <span>{t('tasks.fields.kind')}</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as TaskKind)}>
            <TaskKindOptions />
          </select>
        </label>
        {kind === 'CUSTOM' && (
          <label className={styles.field}>
            <span>{t('tasks.fields.title')}</span>
            <input
              value={title}
              maxLength={TASK_TITLE_MAX}
              required
              aria-invalid={(showTitleError && titleMissing) || undefined}
              aria-describedby={showTitleError && titleMissing ? 'task-title-error' : undefined}
              onChange={(e) => setTitle(e.target.value)}
            />
          </label>
        )}
        {showTitleError && titleMissing && (
          <p id="task-title-error" className={styles.error}>
            {t('tasks.create.titleRequired')}
          </p>
        )}
        <label className={styles.field}>
          <span>{t('tasks.fields.priority')}</span>
          <select value={priority} onChange={(e) => setPriority(e.target.value as TaskPriority)}>
            {TASK_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {t(`tasks.priority.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('tasks.fields.due')}</span>
          <input type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>{t('tasks.fields.assignee')}</span>
          <select
            value={assigneeId}
            disabled={!assignees.data}
            onChange={(e) => setAssigneeId(e.target.value)}
          >
            <option value="">{t('tasks.fields.nobody')}</option>
            {(assignees.data?.users ?? []).map((user) => (
              <option key={user.id} value={user.id}>
                {user.name ? `${user.name} (${user.email})` : user.email}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('tasks.fields.notes')}</span>
          <textarea
            rows={3}
            value={notes}
            maxLength={TASK_NOTES_MAX}
            onChange={(e) => setNotes(e.target.value)}
          />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
