// A bike's firmware (docs/firmware.md) on its page: the version it runs, its module model, and
// each campaign that offered it a package — version before and after, its state and reason.
import { useTranslation } from 'react-i18next';
import { Cpu } from 'lucide-react';
import { QueryState } from '../../../ui/query-state/query-state';
import { useBikeFirmware } from '../api/firmware';
import styles from './firmware.module.css';

export function BikeFirmwareHistory({ vehicleNumber }: { vehicleNumber: string }) {
  const { t, i18n } = useTranslation();
  const history = useBikeFirmware(vehicleNumber);
  return (
    <QueryState
      query={history}
      texts={{
        loading: t('firmware.bike.loading'),
        error: t('firmware.bike.error'),
        retry: t('firmware.retry'),
      }}
    >
      {(data) => (
        <div className={styles.list}>
          <p className={styles.meta}>
            <span>{t('firmware.bike.current', { version: data.currentVersion ?? '—' })}</span>
            <span>{t('firmware.bike.model', { model: data.moduleModel ?? '—' })}</span>
          </p>
          {!data.updates.length && <p className={styles.meta}>{t('firmware.bike.none')}</p>}
          {!!data.updates.length && (
            <ul className={styles.list} aria-label={t('firmware.bike.title')}>
              {data.updates.map((u) => (
                <li key={u.campaignId} className={styles.card}>
                  <div className={styles.cardHead}>
                    <strong>{u.campaignName}</strong>
                    <span className={styles.chip} data-state={u.state}>
                      {t(`firmware.moduleStates.${u.state}`)}
                    </span>
                  </div>
                  <p className={styles.meta}>
                    <span>
                      {u.previousVersion ?? '—'} → {u.version}
                    </span>
                    <span>{new Date(u.updatedAt).toLocaleString(i18n.language)}</span>
                    {u.reason && (
                      <span>
                        {t(`firmware.reasons.${u.reason.split(':')[0]}`, {
                          defaultValue: u.reason,
                        })}
                      </span>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryState>
  );
}
