// A bike's firmware (docs/firmware.md) on its page's Firmware tab (administrators): the version
// it runs, its module model, and each campaign that offered it a package — version before and
// after, its state and reason. Its texts are the firmware feature's (firmware.bike.*).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FirmwareBikeHistory as History } from '@vfm/contract';
import { useServices } from '../services/services';
import { QueryState } from '../ui/query-state/query-state';
import { useFormatters } from '../format/use-formatters';
import styles from './firmware-history.module.css';

function useBikeFirmware(vehicleNumber: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: ['firmware', 'bike', vehicleNumber],
    queryFn: () => http.get<History>(`firmware/bikes/${encodeURIComponent(vehicleNumber)}`),
  });
}

export function BikeFirmwareHistory({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
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
                    <span>
                      {t('firmware.bike.sinceValue', { date: format.dateTime(u.updatedAt) })}
                    </span>
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
