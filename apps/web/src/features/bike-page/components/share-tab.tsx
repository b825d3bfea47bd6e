// Share the bike's live position (docs/manager-tools.md): a link valid for a chosen time (1 hour to 7
// days) with an optional label — the only name the opener sees —, shown once with a copy button
// (the server keeps only its hash); the bike's links with their state and openings, each
// revocable at once.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Share2 } from 'lucide-react';
import type { Share, ShareCreated } from '@vfm/contract';
import { SHARE_LABEL_MAX } from '@vfm/contract/constants';
import { isApiError } from '../../../api/api-error';
import { DateTimeText } from '../../../format/date-time-text';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { DataTable } from '../../../ui/data-table/data-table';
import { TextField } from '../../../ui/field/text-field';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { useCreateShare, useRevokeShare, useShares } from '../api/shares';
import styles from './bike-page.module.css';

/** the lifetimes offered, in hours (the API takes any whole number from 1 to 168) */
export const SHARE_DURATIONS = [1, 4, 12, 24, 72, 168] as const;

export function ShareTab({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { toasts } = useServices();
  const shares = useShares(vehicleNumber);
  const create = useCreateShare(vehicleNumber);
  const revoke = useRevokeShare(vehicleNumber);
  const [hours, setHours] = useState<number>(24);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<ShareCreated | null>(null);
  const [revoking, setRevoking] = useState<Share | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { validForHours: hours, ...(label.trim() ? { label: label.trim() } : {}) },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setLabel('');
        },
        onError: (error) =>
          toasts.show({
            type: 'error',
            message: t('bikePage.share.failed', {
              reason: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
            }),
          }),
      },
    );
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toasts.show({ type: 'success', message: t('bikePage.share.copied') });
    } catch {
      toasts.show({ type: 'error', message: t('bikePage.share.copyFailed') });
    }
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        if (created?.share.id === revoking.id) setCreated(null);
        setRevoking(null);
        toasts.show({ type: 'success', message: t('bikePage.share.revoked') });
      },
      onError: () => {
        setRevoking(null);
        toasts.show({ type: 'error', message: t('errors.generic') });
      },
    });
  };

  return (
    <section className={styles.card} aria-labelledby="share-title" data-testid="share-tab">
      <h2 id="share-title" className={styles.cardTitle}>
        <Share2 size={20} aria-hidden="true" />
        {t('bikePage.share.title')}
      </h2>
      <p className={styles.muted}>{t('bikePage.share.intro')}</p>
      <form className={styles.shareForm} onSubmit={submit} noValidate>
        <label className={styles.availability}>
          {t('bikePage.share.validFor')}
          <select
            className={styles.select}
            value={hours}
            onChange={(event) => setHours(Number(event.target.value))}
          >
            {SHARE_DURATIONS.map((value) => (
              <option key={value} value={value}>
                {t(`bikePage.share.durations.h${value}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('bikePage.share.label')}
          hint={t('bikePage.share.labelHint')}
          value={label}
          maxLength={SHARE_LABEL_MAX}
          onChange={(event) => setLabel(event.target.value)}
        />
        <Button type="submit" disabled={create.isPending}>
          {t('bikePage.share.create')}
        </Button>
      </form>
      {created && (
        <div className={styles.shareOnce} role="status" data-testid="share-created">
          <strong>{t('bikePage.share.createdTitle')}</strong>
          <p>{t('bikePage.share.linkOnce', { date: format.dateTime(created.share.expiresAt) })}</p>
          <code className={styles.shareLink} data-testid="share-link">
            {created.url}
          </code>
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" onClick={() => void copy(created.url)}>
              <Copy size={16} aria-hidden="true" />
              {t('bikePage.share.copy')}
            </Button>
            <Button size="sm" onClick={() => setCreated(null)}>
              {t('bikePage.share.done')}
            </Button>
          </div>
        </div>
      )}
      {shares.isPending ? (
        <TableStatus kind="loading" text={t('bikePage.share.loading')} />
      ) : !shares.data ? (
        <TableStatus
          kind="error"
          text={t('bikePage.share.error')}
          retry={t('bikePage.retry')}
          onRetry={() => void shares.refetch()}
        />
      ) : shares.data.content.length === 0 ? (
        <p className={styles.muted}>{t('bikePage.share.empty')}</p>
      ) : (
        <DataTable
          caption={t('bikePage.share.list')}
          testId="shares"
          rows={shares.data.content}
          rowKey={(share) => share.id}
          columns={[
            {
              id: 'label',
              label: t('bikePage.share.label'),
              cell: (s) =>
                s.label ?? <span className={styles.muted}>{t('bikePage.share.noLabel')}</span>,
            },
            {
              id: 'state',
              label: t('bikePage.share.state'),
              cell: (s) => (
                <span
                  className={styles.status}
                  data-status={s.state === 'ACTIVE' ? 'OK' : 'EXPIRED'}
                >
                  {t(`bikePage.share.states.${s.state}`)}
                </span>
              ),
            },
            {
              id: 'created',
              label: t('bikePage.share.created'),
              cell: (s) => <DateTimeText iso={s.createdAt} />,
            },
            { id: 'by', label: t('bikePage.share.by'), cell: (s) => s.createdBy ?? '—' },
            {
              id: 'expires',
              label: t('bikePage.share.expires'),
              cell: (s) => <DateTimeText iso={s.expiresAt} />,
            },
            {
              id: 'openings',
              label: t('bikePage.share.openings'),
              cell: (s) => format.number(s.openings),
            },
            {
              id: 'actions',
              label: t('bikePage.share.actions'),
              cell: (s) =>
                s.state === 'ACTIVE' ? (
                  <Button size="sm" variant="secondary" onClick={() => setRevoking(s)}>
                    {t('bikePage.share.revoke')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('bikePage.share.revokeTitle')}
        description={t('bikePage.share.revokeHint')}
        confirmLabel={t('bikePage.share.revoke')}
        cancelLabel={t('bikePage.share.cancel')}
        tone="danger"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </section>
  );
}
