// City access to the MDS 2.0 Provider API (docs/open-data.md; admin only), below the GBFS settings of
// the Open data tab: the addresses a city configures, its clients (create one — the secret is
// shown once, with a copy button — or revoke one, at once) and the last pulls of the API.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, KeyRound } from 'lucide-react';
import type { CityClient, CityClientCreated } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { DateTimeText } from '../../../format/date-time-text';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { DataTable } from '../../../ui/data-table/data-table';
import { TextField } from '../../../ui/field/text-field';
import { AdminTab } from './admin-tab';
import { MdsPulls } from './mds-pulls';
import { useCityClients, useCreateCityClient, useRevokeCityClient } from '../api/city-clients';
import styles from './administration.module.css';

export function CityAccessSection() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const clients = useCityClients();
  const create = useCreateCityClient();
  const revoke = useRevokeCityClient();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<CityClientCreated | null>(null);
  const [revoking, setRevoking] = useState<CityClient | null>(null);
  const never = t('administration.cityAccess.never');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('administration.cityAccess.nameRequired'));
      return;
    }
    setNameError(undefined);
    create.mutate(
      {
        name: name.trim(),
        ...(expiry ? { expiresAt: new Date(`${expiry}T23:59:59`).toISOString() } : {}),
      },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setName('');
          setExpiry('');
        },
        onError: (error) =>
          toasts.show({
            type: 'error',
            message: t('administration.cityAccess.failed', {
              reason: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
            }),
          }),
      },
    );
  };

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toasts.show({ type: 'success', message: t('administration.cityAccess.copied') });
    } catch {
      toasts.show({ type: 'error', message: t('administration.cityAccess.copyFailed') });
    }
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        toasts.show({ type: 'success', message: t('administration.cityAccess.revoked') });
      },
    });
  };

  return (
    <AdminTab
      heading={{
        id: 'city-access-title',
        text: t('administration.cityAccess.title'),
        icon: <KeyRound size={20} aria-hidden="true" />,
      }}
      className={styles.cityAccess}
      intro={t('administration.cityAccess.intro')}
      query={clients}
      texts={{
        loading: t('administration.cityAccess.loading'),
        error: t('administration.cityAccess.error'),
        retry: t('administration.cityAccess.reload'),
      }}
      after={
        <>
          <MdsPulls />
          <ConfirmDialog
            open={revoking !== null}
            onOpenChange={(open) => !open && setRevoking(null)}
            title={t('administration.cityAccess.revokeTitle', { name: revoking?.name ?? '' })}
            description={t('administration.cityAccess.revokeHint')}
            confirmLabel={t('administration.cityAccess.revoke')}
            cancelLabel={t('administration.cityAccess.cancel')}
            tone="danger"
            busy={revoke.isPending}
            onConfirm={confirmRevoke}
          />
        </>
      }
    >
      {(data) => (
        <>
          <dl className={styles.addresses}>
            <dt>{t('administration.cityAccess.baseUrl')}</dt>
            <dd>
              <code>{data.baseUrl}</code>
            </dd>
            <dt>{t('administration.cityAccess.tokenUrl')}</dt>
            <dd>
              <code>{data.tokenUrl}</code>
            </dd>
            <dt>{t('administration.cityAccess.providerId')}</dt>
            <dd>
              <code>{data.providerId}</code>
            </dd>
          </dl>
          {created && (
            <div className={styles.secretOnce} role="status" data-testid="city-client-secret">
              <strong>{t('administration.cityAccess.createdTitle')}</strong>
              <p>{t('administration.cityAccess.secretOnce')}</p>
              <span className={styles.feedLabel}>{t('administration.cityAccess.clientId')}</span>
              <code className={styles.feedCode} data-testid="city-client-id">
                {created.client.clientId}
              </code>
              <span className={styles.feedLabel}>{t('administration.cityAccess.secret')}</span>
              <code className={styles.feedCode} data-testid="city-client-secret-value">
                {created.clientSecret}
              </code>
              <div className={styles.rowActions}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void copySecret(created.clientSecret)}
                >
                  <Copy size={16} aria-hidden="true" />
                  {t('administration.cityAccess.copySecret')}
                </Button>
                <Button size="sm" onClick={() => setCreated(null)}>
                  {t('administration.cityAccess.done')}
                </Button>
              </div>
            </div>
          )}
          <form className={styles.inlineForm} onSubmit={submit} noValidate>
            <TextField
              label={t('administration.cityAccess.name')}
              value={name}
              maxLength={120}
              error={nameError}
              onChange={(event) => setName(event.target.value)}
            />
            <TextField
              label={t('administration.cityAccess.expiresAt')}
              type="date"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
            />
            <Button type="submit" disabled={create.isPending}>
              {t('administration.cityAccess.create')}
            </Button>
          </form>
          {data.clients.length === 0 ? (
            <p className={styles.muted}>{t('administration.cityAccess.empty')}</p>
          ) : (
            <DataTable
              caption={t('administration.cityAccess.clients')}
              testId="city-clients"
              rows={data.clients}
              rowKey={(client) => client.id}
              columns={[
                { id: 'name', label: t('administration.cityAccess.name'), cell: (c) => c.name },
                {
                  id: 'clientId',
                  label: t('administration.cityAccess.clientId'),
                  cell: (c) => <code>{c.clientId}</code>,
                },
                {
                  id: 'state',
                  label: t('administration.cityAccess.stateLabel'),
                  cell: (c) => t(`administration.cityAccess.states.${c.state}`),
                },
                {
                  id: 'created',
                  label: t('administration.cityAccess.created'),
                  cell: (c) => <DateTimeText iso={c.createdAt} empty={never} />,
                },
                {
                  id: 'lastUsed',
                  label: t('administration.cityAccess.lastUsed'),
                  cell: (c) => <DateTimeText iso={c.lastUsedAt} empty={never} />,
                },
                {
                  id: 'expires',
                  label: t('administration.cityAccess.expires'),
                  cell: (c) => <DateTimeText iso={c.expiresAt} empty={never} />,
                },
                {
                  id: 'actions',
                  label: t('administration.cityAccess.revoke'),
                  cell: (c) =>
                    c.state === 'REVOKED' ? null : (
                      <Button size="sm" variant="secondary" onClick={() => setRevoking(c)}>
                        {t('administration.cityAccess.revoke')}
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </>
      )}
    </AdminTab>
  );
}
