// The commands sent to the bike, newest first: what, its status, who sent it, when, and when
// the module acknowledged it. Live: a new command or a new status refetches it.
import { useTranslation } from 'react-i18next';
import { ZONE_REQUESTER_PREFIX } from '@vfm/contract';
import { Send } from 'lucide-react';
import { RelativeTime } from '../../../bike/bike-display';
import { useFormatters } from '../../../format/use-formatters';
import { DataTable } from '../../../ui/data-table/data-table';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { useCommandHistory } from '../api/product-queries';
import { commandLabel } from './command-panel';
import styles from './product.module.css';

export function CommandHistoryTable({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const history = useCommandHistory(vehicleNumber);

  if (history.isPending)
    return <TableStatus kind="loading" text={t('product.commandHistory.loading')} />;
  if (!history.data) {
    return (
      <TableStatus
        kind="error"
        text={t('product.commandHistory.error')}
        retry={t('product.retry')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (!history.data.length) {
    return (
      <TableStatus
        kind="empty"
        icon={<Send size={40} />}
        title={t('product.commandHistory.empty')}
      />
    );
  }
  return (
    <DataTable
      caption={t('product.commandHistory.label')}
      testId="command-history"
      rows={history.data}
      rowKey={(command) => command.id}
      columns={[
        {
          id: 'command',
          label: t('product.commandHistory.command'),
          cell: (command) => commandLabel(command, t),
        },
        {
          id: 'status',
          label: t('product.commandHistory.status'),
          cell: (command) => (
            <>
              <span className={styles.status} data-status={command.status}>
                {t(`product.commandHistory.statuses.${command.status}`)}
              </span>
              {command.detail && <span className={styles.muted}> {command.detail}</span>}
            </>
          ),
        },
        {
          id: 'by',
          label: t('product.commandHistory.by'),
          cell: (command) =>
            command.requestedBy === 'RIDER'
              ? t('product.commandHistory.rider')
              : command.requestedBy.startsWith(ZONE_REQUESTER_PREFIX)
                ? t('product.commandHistory.zone', {
                    name: command.requestedBy.slice(ZONE_REQUESTER_PREFIX.length),
                  })
                : command.requestedBy,
        },
        {
          id: 'requestedAt',
          label: t('product.commandHistory.requestedAt'),
          cell: (command) => (
            <time dateTime={command.requestedAt}>{format.dateTime(command.requestedAt)}</time>
          ),
        },
        {
          id: 'acknowledgedAt',
          label: t('product.commandHistory.acknowledgedAt'),
          cell: (command) =>
            command.acknowledgedAt ? <RelativeTime iso={command.acknowledgedAt} /> : '—',
        },
      ]}
    />
  );
}
