// What happened to the bike, newest first, a page at a time: each event's fixed label (a
// rider's and a manager's theft declaration told apart by source; an unknown name reads
// Unknown — SPEC §4), when, its source, who, and what changed. Live: new events refetch it.
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import type { VfmEvent } from '@vfm/contract';
import { availabilityKey, modeKey } from '../../../bike/labels';
import { DateTimeText } from '../../../format/date-time-text';
import { Button } from '../../../ui/button/button';
import { DataTable } from '../../../ui/data-table/data-table';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { useEventHistory } from '../api/bike-queries';
import { eventLabel } from '../state/bike-fields';
import styles from './bike-page.module.css';

export function EventHistory({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const history = useEventHistory(vehicleNumber);

  if (history.isPending) return <TableStatus kind="loading" text={t('bikePage.history.loading')} />;
  if (!history.data) {
    return (
      <TableStatus
        kind="error"
        text={t('bikePage.history.error')}
        retry={t('bikePage.retry')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const events = history.data.pages.flatMap((page) => page.content);
  if (!events.length) {
    return (
      <TableStatus kind="empty" icon={<History size={40} />} title={t('bikePage.history.empty')} />
    );
  }

  /** what changed, for the events that say it */
  const detail = (event: VfmEvent) => {
    const data = event.data ?? {};
    if (typeof data.from === 'string' && typeof data.to === 'string') {
      return t('bikePage.history.change', {
        from: t(availabilityKey(data.from)),
        to: t(availabilityKey(data.to)),
      });
    }
    const mode = data.type === 'MODE' ? data.value : data.mode;
    if (typeof mode === 'string') return t('bikePage.history.mode', { mode: t(modeKey(mode)) });
    return '';
  };
  return (
    <div className={styles.historyBlock}>
      <DataTable
        caption={t('bikePage.history.label')}
        testId="event-history"
        rows={events}
        rowKey={(event) => event.id}
        rowProps={(event) => ({ 'data-event': event.name })}
        columns={[
          {
            id: 'event',
            label: t('bikePage.history.event'),
            cell: (event) =>
              t(`bikePage.history.names.${eventLabel(event)}` as 'bikePage.history.names.UNKNOWN'),
          },
          {
            id: 'when',
            label: t('bikePage.history.when'),
            cell: (event) => <DateTimeText iso={event.occurredAt} />,
          },
          {
            id: 'source',
            label: t('bikePage.history.source'),
            cell: (event) => t(`bikePage.history.sources.${event.source}`),
          },
          { id: 'by', label: t('bikePage.history.by'), cell: (event) => event.userEmail ?? '—' },
          {
            id: 'detail',
            label: t('bikePage.history.detail'),
            cell: (event) => detail(event) || '—',
          },
        ]}
      />
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('bikePage.history.more')}
        </Button>
      ) : (
        <p className={styles.muted}>{t('bikePage.history.end')}</p>
      )}
    </div>
  );
}
