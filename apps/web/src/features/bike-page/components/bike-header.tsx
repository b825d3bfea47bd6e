// The bike page's header: frame number, model and group; its availability, changeable here
// (SPEC §4: anything else reads Unknown); activity, IoT mode, assistance, theft and warnings as
// chips; the last communication, relative with the exact time on hover.
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { AVAILABILITIES, type Availability, type Bike } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { ModeLabel, RelativeTime, WarningIcon } from '../../../bike/bike-display';
import { availabilityKey, statusKey, theftKey, warningKey } from '../../../bike/labels';
import { useServices, useSession } from '../../../services/services';
import { useAvailabilityChange } from '../api/bike-queries';
import styles from './bike-page.module.css';

export function BikeHeader({ bike }: { bike: Bike }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const { technician } = useSession();
  const change = useAvailabilityChange(bike.vehicleNumber);
  const known = (AVAILABILITIES as readonly string[]).includes(bike.availability);

  const onAvailability = (availability: Availability) =>
    change.mutate(availability, {
      onSuccess: () =>
        toasts.show({
          type: 'success',
          message: t('bikePage.header.availabilityChanged', {
            availability: t(availabilityKey(availability)),
          }),
        }),
      onError: (error) =>
        toasts.show({
          type: 'error',
          message: t('bikePage.header.availabilityFailed', {
            detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
          }),
        }),
    });

  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        <h2 className={styles.title}>{bike.vehicleNumber}</h2>
        <p className={styles.subtitle}>
          <span>{bike.model}</span>
          <span aria-hidden="true">·</span>
          <span>
            {t('common.labelled', { label: t('bikePage.header.group') })}{' '}
            {bike.group?.name ?? t('bikePage.header.noGroup')}
          </span>
        </p>
        <ul className={styles.chips} aria-label={t('bikePage.groups.state')}>
          <li className={styles.chip} data-tone={bike.status === 'MOVING' ? 'info' : undefined}>
            {t(statusKey(bike.status))}
          </li>
          <li className={styles.chip}>
            {t('common.labelled', { label: t('bikePage.fields.iotMode') })}{' '}
            <ModeLabel mode={bike.iotMode} pending={bike.modePending} />
          </li>
          {bike.assistanceLocked && (
            <li className={styles.chip} data-tone="warning">
              <Lock size={14} aria-hidden="true" /> {t('bike.locked')}
            </li>
          )}
          {bike.theft.state !== 'NONE' && (
            <li className={styles.chip} data-tone="danger">
              {t(theftKey(bike.theft.state))}
            </li>
          )}
          {bike.warnings
            .filter((warning) => !warning.endsWith('THEFT'))
            .map((warning) => (
              <li key={warning} className={styles.chip} data-tone="warning">
                <WarningIcon warning={warning} size={14} /> {t(warningKey(warning))}
              </li>
            ))}
        </ul>
      </div>
      <div className={styles.headerSide}>
        {technician ? (
          // a field technician reads the availability; changing it is a manager's (ADR 0090)
          <p
            className={styles.availability}
            data-availability={known ? bike.availability : 'UNKNOWN'}
          >
            <span>{t('bikePage.header.availability')}</span>
            <strong>{t(availabilityKey(bike.availability))}</strong>
          </p>
        ) : (
          <label className={styles.availability}>
            <span>{t('bikePage.header.availability')}</span>
            <select
              value={known ? bike.availability : 'UNKNOWN'}
              disabled={change.isPending}
              aria-describedby="availability-hint"
              onChange={(event) => onAvailability(event.target.value as Availability)}
              data-availability={known ? bike.availability : 'UNKNOWN'}
            >
              {!known && (
                <option value="UNKNOWN" disabled>
                  {t('bike.availability.UNKNOWN')}
                </option>
              )}
              {AVAILABILITIES.map((availability) => (
                <option key={availability} value={availability}>
                  {t(availabilityKey(availability))}
                </option>
              ))}
            </select>
            <span id="availability-hint" className="visually-hidden">
              {t('bikePage.header.changeAvailability')}
            </span>
          </label>
        )}
        <p className={styles.lastSeen}>
          {t('common.labelled', { label: t('bikePage.header.lastCommunication') })}{' '}
          <RelativeTime iso={bike.lastCommunicationDate} />
        </p>
      </div>
    </header>
  );
}
