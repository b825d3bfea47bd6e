// The fleet's quarantined module messages (docs/operations.md): what a module sent that the server could
// not store for a reason of its own — acknowledged to the module, kept here with that reason so
// that nothing is lost silently. An administrator stores one again once the cause is fixed, or
// clears it. Newest first, a page at a time.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RotateCcw, ShieldCheck, Trash2 } from 'lucide-react';
import type { QuarantinedMessage } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { DateTimeText } from '../../../format/date-time-text';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { DataTable } from '../../../ui/data-table/data-table';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { AdminTab } from './admin-tab';
import { useQuarantine, useQuarantineAction } from '../api/quarantine';
import { NewerOlderPager } from './newer-older-pager';
import styles from './administration.module.css';
import { bikePath } from '../../../bike/bike-path';

const PAGE_SIZE = 50;

export function QuarantineTab() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const format = useFormatters();
  const [page, setPage] = useState(0);
  const [clearing, setClearing] = useState<QuarantinedMessage | null>(null);
  const quarantine = useQuarantine(page, PAGE_SIZE);
  const action = useQuarantineAction();

  const store = (message: QuarantinedMessage) =>
    action.mutate(
      { id: message.id, action: 'retry' },
      {
        onSuccess: (result) =>
          toasts.show({
            type: 'success',
            message: t(
              result?.outcome === 'duplicate'
                ? 'administration.quarantine.duplicate'
                : 'administration.quarantine.stored',
            ),
          }),
        onError: (error) =>
          toasts.show({
            type: 'error',
            message: !isApiError(error, 409)
              ? t('administration.quarantine.failed')
              : // ADR 0120: stored only into the bike that carried the module then
                error.problem?.code === 'QUARANTINE_MODULE_MOVED'
                ? t('administration.quarantine.moduleMoved')
                : t('administration.quarantine.stillRefused'),
          }),
      },
    );
  const clear = () => {
    if (!clearing) return;
    action.mutate(
      { id: clearing.id, action: 'clear' },
      {
        onSuccess: () => {
          setClearing(null);
          toasts.show({ type: 'success', message: t('administration.quarantine.cleared') });
        },
        onError: () =>
          toasts.show({ type: 'error', message: t('administration.quarantine.failed') }),
      },
    );
  };
  const named = (message: QuarantinedMessage) => ({
    module: message.vehicleNumber ?? message.moduleId,
    when: format.dateTime(message.receivedAt),
  });

  return (
    <AdminTab
      label={t('administration.quarantine.label')}
      intro={t('administration.quarantine.intro')}
      query={quarantine}
      texts={{
        loading: t('administration.quarantine.loading'),
        error: t('administration.quarantine.error'),
        retry: t('administration.quarantine.reload'),
      }}
      empty={{ icon: <ShieldCheck size={40} />, title: t('administration.quarantine.empty') }}
      isEmpty={(data) => !data.content.length}
      after={
        <ConfirmDialog
          open={clearing !== null}
          onOpenChange={(open) => !open && setClearing(null)}
          title={t('administration.quarantine.confirmClear')}
          description={t('administration.quarantine.clearHint')}
          confirmLabel={t('administration.quarantine.clear')}
          cancelLabel={t('administration.quarantine.cancel')}
          tone="danger"
          busy={action.isPending}
          onConfirm={clear}
        />
      }
    >
      {(data) => (
        <>
          <DataTable
            caption={t('administration.quarantine.label')}
            testId="quarantine"
            rows={data.content}
            rowKey={(message) => message.id}
            columns={[
              {
                id: 'received',
                label: t('administration.quarantine.received'),
                cell: (message) => <DateTimeText iso={message.receivedAt} />,
              },
              {
                id: 'bike',
                label: t('administration.quarantine.bike'),
                cell: (message) =>
                  message.vehicleNumber ? (
                    <Link className={styles.nowrap} to={bikePath(message.vehicleNumber)}>
                      {message.vehicleNumber}
                    </Link>
                  ) : (
                    '—'
                  ),
              },
              {
                id: 'module',
                label: t('administration.quarantine.module'),
                cell: (message) => message.moduleId,
              },
              {
                id: 'kind',
                label: t('administration.quarantine.kind'),
                cell: (message) => t(`administration.quarantine.kinds.${message.kind}`),
              },
              {
                id: 'reason',
                label: t('administration.quarantine.reason'),
                cell: (message) => (
                  <div className={styles.quarantineReason}>
                    <span>{message.reason}</span>
                    <details>
                      <summary>{t('administration.quarantine.payload')}</summary>
                      <pre className={styles.payload}>{message.payload}</pre>
                    </details>
                  </div>
                ),
              },
              {
                id: 'attempts',
                label: t('administration.quarantine.attempts'),
                cell: (message) => format.number(message.attempts),
              },
              {
                id: 'actions',
                label: t('administration.quarantine.actions'),
                cell: (message) => (
                  <div className={styles.rowActions}>
                    <IconButton
                      label={t('administration.quarantine.storeNamed', named(message))}
                      disabled={action.isPending}
                      onClick={() => store(message)}
                    >
                      <RotateCcw size={16} aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={t('administration.quarantine.clearNamed', named(message))}
                      disabled={action.isPending}
                      onClick={() => setClearing(message)}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </IconButton>
                  </div>
                ),
              },
            ]}
          />
          {data.totalElements > PAGE_SIZE && (
            <NewerOlderPager
              label={t('administration.quarantine.label')}
              page={page}
              size={PAGE_SIZE}
              shown={data.content.length}
              total={data.totalElements}
              onPage={setPage}
              newer={t('administration.quarantine.previous')}
              older={t('administration.quarantine.next')}
              summary={(range) => t('administration.quarantine.page', range)}
            />
          )}
        </>
      )}
    </AdminTab>
  );
}
