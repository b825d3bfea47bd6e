// The bike page's Tasks tab (docs/tasks.md): the bike's active tasks, then its closed ones, each
// with its actions; managers create a task for the bike here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardList, Plus } from 'lucide-react';
import { useSession } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { QueryState } from '../../../ui/query-state/query-state';
import { useTasks } from '../../../tasks/api/get-tasks';
import { TaskCard } from '../../../tasks/task-card';
import { TaskCreateDialog } from '../../../tasks/task-create-dialog';
import styles from '../../../tasks/tasks.module.css';
import { useTaskListTexts } from '../../../tasks/task-labels';

export function BikeTasks({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const taskListTexts = useTaskListTexts();
  const { technician } = useSession();
  const [creating, setCreating] = useState(false);
  const tasks = useTasks({ vehicleNumber, status: 'all', sort: 'created', size: 50 });
  const list = tasks.data?.content ?? [];
  const active = list.filter((task) => task.status === 'OPEN' || task.status === 'IN_PROGRESS');
  const closed = list.filter((task) => task.status === 'DONE' || task.status === 'CANCELLED');

  return (
    <div className={styles.list}>
      {!technician && (
        <div className={styles.actions}>
          <Button onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden /> {t('tasks.create.button')}
          </Button>
        </div>
      )}
      {creating && (
        <TaskCreateDialog vehicleNumbers={[vehicleNumber]} onClose={() => setCreating(false)} />
      )}
      <QueryState
        query={tasks}
        texts={taskListTexts}
        empty={{ icon: <ClipboardList size={40} />, title: t('tasks.bike.none') }}
        isEmpty={() => !list.length}
      >
        {() => (
          <>
            <section aria-labelledby="tasks-active">
              <h2 id="tasks-active" className={styles.cardTitle}>
                {t('tasks.bike.active')}
              </h2>
              {active.length ? (
                <ul className={styles.list}>
                  {active.map((task) => (
                    <li key={task.id}>
                      <TaskCard task={task} headingLevel={3} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.meta}>{t('tasks.bike.noneActive')}</p>
              )}
            </section>
            {closed.length > 0 && (
              <section aria-labelledby="tasks-closed">
                <h2 id="tasks-closed" className={styles.cardTitle}>
                  {t('tasks.bike.closed')}
                </h2>
                <ul className={styles.list}>
                  {closed.map((task) => (
                    <li key={task.id}>
                      <TaskCard task={task} headingLevel={3} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
