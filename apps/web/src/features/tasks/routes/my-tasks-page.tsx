// "My tasks" (docs/tasks.md), phone-first: the technician's active tasks and the open ones nobody
// has taken, nearest first from the browser's position; without a position (refused,
// unavailable) by due time then priority, and the page says so. Each card navigates, shows
// the checklist and starts or finishes in one tap; offline actions wait and are sent when the
// connection is back (the banner counts them).
import { useTranslation } from 'react-i18next';
import { ClipboardCheck } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { Page } from '../../../ui/page/page';
import { QueryState } from '../../../ui/query-state/query-state';
import { useTasks } from '../../../tasks/api/get-tasks';
import { TaskCardList } from '../../../tasks/task-card';
import { OfflineBanner } from '../../../tasks/offline-banner';
import { useTaskOutbox } from '../../../tasks/use-task-outbox';
import { usePosition } from '../../../tasks/use-position';
import styles from '../../../tasks/tasks.module.css';
import { useTaskListTexts } from '../../../tasks/task-labels';

export function MyTasksPage() {
  const { t } = useTranslation();
  const taskListTexts = useTaskListTexts();
  usePageTitle(t('tasks.mine.title'));
  const position = usePosition();
  const { pending, online } = useTaskOutbox();
  const near = position.state === 'known' ? position.near : undefined;
  const tasks = useTasks(
    {
      mine: true,
      unassigned: true,
      status: 'active',
      ...(near ? { near, sort: 'distance' as const } : { sort: 'due' as const }),
      size: 100,
    },
    position.state !== 'asking',
  );

  return (
    <Page>
      <div className={styles.list}>
        {!online && <OfflineBanner pending={pending.length} />}
        {online && pending.length > 0 && (
          <p className={styles.notice} role="status">
            {t('tasks.offline.sending', { count: pending.length })}
          </p>
        )}
        {position.state === 'known' && (
          <p className={styles.notice}>{t('tasks.mine.byDistance')}</p>
        )}
        {(position.state === 'refused' || position.state === 'unavailable') && (
          <p className={styles.notice} role="status">
            {t(
              position.state === 'refused'
                ? 'tasks.mine.positionRefused'
                : 'tasks.mine.positionUnavailable',
            )}
          </p>
        )}
        <QueryState
          // the tasks wait for the position, nearest first
          query={{
            isPending: position.state === 'asking' || tasks.isPending,
            data: tasks.data,
            refetch: tasks.refetch,
          }}
          texts={{
            ...taskListTexts,
            ...(position.state === 'asking' && { loading: t('tasks.mine.locating') }),
          }}
          empty={{
            icon: <ClipboardCheck size={40} />,
            title: t('tasks.mine.none'),
            hint: t('tasks.mine.noneHint'),
          }}
          isEmpty={(data) => !data.content.length}
        >
          {(data) => (
            <TaskCardList tasks={data.content} pending={pending} label={t('tasks.mine.title')} />
          )}
        </QueryState>
      </div>
    </Page>
  );
}
