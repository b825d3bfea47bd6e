// The commands sent to the bike, newest first: what, its status, who sent it, when, and when
// the module acknowledged it. Live: a new command or a new status refetches it.
import { useTranslation } from 'react-i18next';
import { ZONE_REQUESTER_PREFIX } from '@vfm/contract';
import { Send } from 'lucide-react';
import { RelativeTime } from '../../../bike/bike-display';
import { DateTimeText } from '../../../format/date-time-text';
import { DataTable } from '../../../ui/data-table/data-table';
import { QueryState } from '../../../ui/query-state/query-state';
import { useCommandHistory } from '../api/bike-queries';
import { commandLabel } from './command-panel';
import styles from './bike-page.module.css';

export function CommandHistoryTable({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const history = useCommandHistory(vehicleNumber);

  return (
    <QueryState
      query={history}
      texts={{
        loading: t('bikePage.commandHistory.loading'),
        error: t('bikePage.commandHistory.error'),
        retry: t('bikePage.retry'),
      }}
      empty={{ icon: <Send size={40} />, title: t('bikePage.commandHistory.empty') }}
      isEmpty={(commands) => !commands.length}
    >
      {(commands) => (
        <DataTable
          caption={t('bikePage.commandHistory.label')}
          testId="command-history"
          rows={commands}
          rowKey={(command) => command.id}
          columns={[
            {
              id: 'command',
              label: t('bikePage.commandHistory.command'),
              cell: (command) => commandLabel(command, t),
            },
            {
              id: 'status',
              label: t('bikePage.commandHistory.status'),
              cell: (command) => (
                <>
                  <span className={styles.status} data-status={command.status}>
                    {t(`bikePage.commandHistory.statuses.${command.status}`)}
                  </span>
                  {command.detail && <span className={styles.muted}> {command.detail}</span>}
                </>
              ),
            },
            {
              id: 'by',
              label: t('bikePage.commandHistory.by'),
              cell: (command) =>
                command.requestedBy === 'RIDER'
                  ? t('bikePage.commandHistory.rider')
                  : command.requestedBy.startsWith(ZONE_REQUESTER_PREFIX)
                    ? t('bikePage.commandHistory.zone', {
                        name: command.requestedBy.slice(ZONE_REQUESTER_PREFIX.length),
                      })
                    : command.requestedBy,
            },
            {
              id: 'requestedAt',
              label: t('bikePage.commandHistory.requestedAt'),
              cell: (command) => <DateTimeText iso={command.requestedAt} />,
            },
            {
              id: 'acknowledgedAt',
              label: t('bikePage.commandHistory.acknowledgedAt'),
              cell: (command) =>
                command.acknowledgedAt ? <RelativeTime iso={command.acknowledgedAt} /> : '—',
            },
          ]}
        />
      )}
    </QueryState>
  );
}
