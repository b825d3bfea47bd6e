// The figure that put a bike in a warning tab: its battery level, its last data (and, for a
// silent module, when its mode's next report was due — DESIGN §6 intervals), or who reported
// its theft.
import { useTranslation } from 'react-i18next';
import { REPORT_INTERVAL_SECONDS, type WarnedBike, type WarningType } from '@vfm/contract';
import { BatteryGauge, RelativeTime } from '../../../bike/bike-display';
import styles from './warnings-list.module.css';

/** When the module's next report was due: its last data plus its mode's interval. */
export function nextReportDue(bike: Pick<WarnedBike, 'lastCommunicationDate' | 'iotMode'>) {
  if (!bike.lastCommunicationDate || !bike.iotMode) return null;
  const last = Date.parse(bike.lastCommunicationDate);
  if (Number.isNaN(last)) return null;
  return new Date(last + REPORT_INTERVAL_SECONDS[bike.iotMode] * 1000).toISOString();
}

export function WarningFigure({
  bike,
  type,
  lowBattery,
}: {
  bike: WarnedBike;
  type: WarningType;
  lowBattery: { bike: number; iot: number };
}) {
  const { t } = useTranslation();
  switch (type) {
    case 'LOW_VEHICLE_BATTERY':
      return (
        <BatteryGauge
          level={bike.bikeBatteryLevel}
          low={lowBattery.bike}
          label="bike.battery.bike"
        />
      );
    case 'LOW_MODULE_BATTERY':
      return (
        <BatteryGauge level={bike.iotBatteryLevel} low={lowBattery.iot} label="bike.battery.iot" />
      );
    case 'LACK_MODULE_COMM': {
      const due = nextReportDue(bike);
      return (
        <span className={styles.figure}>
          {t('warnings.figure.lastData')} <RelativeTime iso={bike.lastCommunicationDate} short />
          {due && (
            <>
              {' · '}
              {t('warnings.figure.reportDue')} <RelativeTime iso={due} short />
            </>
          )}
        </span>
      );
    }
    case 'REPORTED_THEFT':
    case 'SUSPECTED_THEFT': {
      const by = bike.theft.by;
      if (!by) return <span className={styles.figure}>—</span>;
      const who =
        by === 'RIDER'
          ? t('warnings.figure.rider')
          : by === 'MODULE'
            ? t('warnings.figure.module')
            : by;
      return <span className={styles.figure}>{t('warnings.figure.reportedBy', { who })}</span>;
    }
  }
}
