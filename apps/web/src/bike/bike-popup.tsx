// What the map shows of a bike when it is clicked: number, model, availability, mode, batteries,
// last communication, for a theft the time since, and the way to its page.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import {
  AvailabilityChip,
  BatteryGauge,
  ModeLabel,
  RelativeTime,
  WarningIcons,
} from './bike-display';
import { Spinner } from '../ui/spinner/spinner';
import { useBikeDetails } from './get-bike-details';
import styles from './bike-popup.module.css';

export function BikePopup({
  vehicleNumber,
  href,
  lowBattery,
}: {
  vehicleNumber: string;
  href: string;
  lowBattery: { bike: number; iot: number };
}) {
  const { t } = useTranslation();
  const { data: bike, isPending, isError } = useBikeDetails(vehicleNumber);
  return (
    <div className={styles.popup}>
      <p className={styles.title}>
        <strong>{vehicleNumber}</strong>
        {bike && <WarningIcons warnings={bike.warnings} />}
      </p>
      {isPending && (
        <p className={styles.muted} aria-busy="true">
          <Spinner /> {t('bike.popup.loading')}
        </p>
      )}
      {isError && <p className={styles.muted}>{t('bike.popup.error')}</p>}
      {bike && (
        <dl className={styles.fields}>
          {bike.theft.state !== 'NONE' && (
            <p className={styles.theft}>
              {t(
                bike.theft.state === 'REPORTED'
                  ? 'bike.popup.theftSince'
                  : 'bike.popup.suspectedSince',
              )}
              {' · '}
              <RelativeTime iso={bike.theft.since} />
            </p>
          )}
          <dt>{t('bike.popup.model')}</dt>
          <dd>{bike.model}</dd>
          <dt>{t('bike.popup.availability')}</dt>
          <dd>
            <AvailabilityChip availability={bike.availability} />
          </dd>
          <dt>{t('bike.popup.mode')}</dt>
          <dd>
            <ModeLabel mode={bike.iotMode} pending={bike.modePending} />
          </dd>
          <dt>{t('bike.popup.batteries')}</dt>
          <dd className={styles.batteries}>
            <BatteryGauge
              level={bike.bikeBatteryLevel}
              low={lowBattery.bike}
              label="bike.battery.bike"
            />
            <BatteryGauge
              level={bike.iotBatteryLevel}
              low={lowBattery.iot}
              label="bike.battery.iot"
            />
          </dd>
          <dt>{t('bike.popup.lastCommunication')}</dt>
          <dd>
            <RelativeTime iso={bike.lastCommunicationDate} />
          </dd>
        </dl>
      )}
      <Link to={href} className={styles.open}>
        {t('bike.popup.open')}
        <ArrowRight size={14} aria-hidden="true" />
      </Link>
    </div>
  );
}
