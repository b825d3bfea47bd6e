// Said on a technician's page while the browser is offline: the task changes waiting in the
// outbox, sent once it is back online (docs/tasks.md).
import { useTranslation } from 'react-i18next';
import styles from './tasks.module.css';

export function OfflineBanner({ pending }: { pending: number }) {
  const { t } = useTranslation();
  return (
    <p className={styles.warning} role="status">
      {pending ? t('tasks.offline.banner', { count: pending }) : t('tasks.offline.bannerEmpty')}
    </p>
  );
}
