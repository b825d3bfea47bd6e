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
} from '../../../bike/bike-display';
import { Spinner } from '../../../ui/spinner/spinner';
import { useBikeDetails } from '../../../bike/get-bike-details';
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
          <Spinner /> {t('fleet.popup.loading')}
        </p>
      )}
      {isError && <p className={styles.muted}>{t('fleet.popup.error')}</p>}
      {bike && (
        <dl className={styles.fields}>
          {bike.theft.state !== 'NONE' && (
            <p className={styles.theft}>
              {t(
                bike.theft.state === 'REPORTED'
                  ? 'fleet.popup.theftSince'
                  : 'fleet.popup.suspectedSince',
              )}
              {' · '}
              <RelativeTime iso={bike.theft.since} />
            </p>
          )}
          <dt>{t('fleet.popup.model')}</dt>
          <dd>{bike.model}</dd>
          <dt>{t('fleet.popup.availability')}</dt>
          <dd>
            <AvailabilityChip availability={bike.availability} />
          </dd>
          <dt>{t('fleet.popup.mode')}</dt>
          <dd>
            <ModeLabel mode={bike.iotMode} pending={bike.modePending} />
          </dd>
          <dt>{t('fleet.popup.batteries')}</dt>
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
          <dt>{t('fleet.popup.lastCommunication')}</dt>
          <dd>
            <RelativeTime iso={bike.lastCommunicationDate} />
          </dd>
        </dl>
      )}
      <Link to={href} className={styles.open}>
        {t('fleet.popup.open')}
        <ArrowRight size={14} aria-hidden="true" />
      </Link>
    </div>
  );
}
