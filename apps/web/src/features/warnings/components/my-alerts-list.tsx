// "Assigned to me" on the warnings screen (docs/web.md): the active alerts of the tab's kind (or
// of every kind) assigned to the signed-in user, newest first, with their state and actions.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserRoundCheck } from 'lucide-react';
import type { Alert, AlertKind } from '@vfm/contract';
import { AlertActions } from '../../../alerts/alert-actions';
import { AlertStateChip } from '../../../alerts/alert-state';
import { useMyAlerts } from '../../../alerts/api/get-alerts';
import { RelativeTime, WarningIcon } from '../../../bike/bike-display';
import { Button } from '../../../ui/button/button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table/data-table';
import { QueryState } from '../../../ui/query-state/query-state';
import styles from './warnings-list.module.css';
import { bikePath } from '../../../bike/bike-path';

const PAGE_SIZE = 50;

export function MyAlertsList({ kind }: { kind: AlertKind | null }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const alerts = useMyAlerts(kind, page, PAGE_SIZE);

  const columns: DataTableColumn<Alert>[] = [
    {
      id: 'vehicleNumber',
      label: t('bike.list.columns.vehicleNumber'),
      cell: (alert) => (
        <Link to={bikePath(alert.vehicleNumber, { tab: 'alerts' })} className={styles.bikeLink}>
          {alert.vehicleNumber}
        </Link>
      ),
    },
    ...(kind
      ? []
      : [
          {
            id: 'kind',
            label: t('warnings.mine.kind'),
            cell: (alert: Alert) => (
              <span className={styles.kind}>
                <WarningIcon warning={alert.kind} />
                {t(`bike.warning.${alert.kind}`)}
              </span>
            ),
          },
        ]),
    {
      id: 'since',
      label: t('warnings.list.columns.since'),
      cell: (alert) => <RelativeTime iso={alert.openedAt} short />,
    },
    {
      id: 'alert',
      label: t('warnings.list.columns.alert'),
      cell: (alert) => <AlertStateChip alert={alert} />,
    },
    {
      id: 'actions',
      label: t('warnings.list.columns.actions'),
      cell: (alert) => <AlertActions alert={alert} compact />,
    },
  ];

  return (
    <QueryState
      query={alerts}
      texts={{
        loading: t('warnings.mine.loading'),
        error: t('warnings.mine.error'),
        retry: t('warnings.list.retry'),
      }}
      empty={{
        icon: <UserRoundCheck size={40} />,
        title: t('warnings.mine.empty'),
        hint: t('warnings.mine.emptyHint'),
      }}
      // a later page emptied meanwhile keeps its pager (Newer)
      isEmpty={(data) => !data.content.length && page === 0}
    >
      {({ content, totalElements }) => {
        const last = (page + 1) * PAGE_SIZE >= totalElements;
        return (
          <div className={styles.mine}>
            <DataTable
              caption={t('warnings.mine.label')}
              testId="my-alerts"
              rows={content}
              rowKey={(alert) => alert.id}
              columns={columns}
            />
            {totalElements > PAGE_SIZE && (
              <div className={styles.pager}>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page === 0}
                  onClick={() => setPage(page - 1)}
                >
                  {t('warnings.mine.newer')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={last}
                  onClick={() => setPage(page + 1)}
                >
                  {t('warnings.mine.older')}
                </Button>
              </div>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
