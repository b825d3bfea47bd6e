// The commands sent to the bike, newest first: what, its status, who sent it, when, and when
// the module acknowledged it. Live: a new command or a new status refetches it.
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { RelativeTime } from '../../../bike/bike-display';
import { useFormatters } from '../../../format/use-formatters';
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
  const head = {
    command: t('product.commandHistory.command'),
    status: t('product.commandHistory.status'),
    by: t('product.commandHistory.by'),
    requestedAt: t('product.commandHistory.requestedAt'),
    acknowledgedAt: t('product.commandHistory.acknowledgedAt'),
  };
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="command-history">
        <caption className="visually-hidden">{t('product.commandHistory.label')}</caption>
        <thead>
          <tr>
            {Object.values(head).map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {history.data.map((command) => (
            <tr key={command.id}>
              <td data-label={head.command}>{commandLabel(command, t)}</td>
              <td data-label={head.status}>
                <span className={styles.status} data-status={command.status}>
                  {t(`product.commandHistory.statuses.${command.status}`)}
                </span>
                {command.detail && <span className={styles.muted}> {command.detail}</span>}
              </td>
              <td data-label={head.by}>
                {command.requestedBy === 'RIDER'
                  ? t('product.commandHistory.rider')
                  : command.requestedBy}
              </td>
              <td data-label={head.requestedAt}>
                <time dateTime={command.requestedAt}>{format.dateTime(command.requestedAt)}</time>
              </td>
              <td data-label={head.acknowledgedAt}>
                {command.acknowledgedAt ? <RelativeTime iso={command.acknowledgedAt} /> : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
