// The bike page's overview: every field of SPEC §3 "Bike / product" in SPEC's groups, the
// battery levels as gauges against the fleet's low thresholds, the bike on a small map; and
// beside them what a manager does to this bike: commands and theft.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bike } from '@vfm/contract';
import { BatteryGauge, RelativeTime } from '../../../bike/bike-display';
import { availabilityKey, modeKey, statusKey } from '../../../bike/labels';
import { useFormatters } from '../../../format/use-formatters';
import { useLowBatteryThresholds } from '../../../live/use-fleet-information';
import { useSession } from '../../../services/services';
import { colourOf } from '../../../map/markers/marker-style';
import { Spinner } from '../../../ui/spinner/spinner';
import { useZoneCollection } from '../../../zones/api/get-zones';
import { BikeZones } from '../../../zones/bike-zones';
import { FIELD_GROUPS, fieldText, type Field, type FieldWords } from '../state/bike-fields';
import { CommandPanel } from './command-panel';
import { TheftPanel } from './theft-panel';
import styles from './bike-page.module.css';

const BikeMap = lazy(() => import('../../../map/bike-map'));

const TIME_FIELDS = new Set<Field>([
  'lastCommunicationDate',
  'lastPositionDate',
  'lastBatteryChangeDate',
]);

export function Overview({ bike }: { bike: Bike }) {
  const { t } = useTranslation();
  const { technician } = useSession();
  const format = useFormatters();
  const lowBattery = useLowBatteryThresholds();
  const zones = useZoneCollection();
  const words: FieldWords = {
    yes: t('bikePage.values.yes'),
    no: t('bikePage.values.no'),
    locked: t('bikePage.values.locked'),
    unlocked: t('bikePage.values.unlocked'),
    kg: (value) => t('bikePage.values.kg', { value }),
    speed: (value) => t('bikePage.values.speed', { value }),
    availability: (value) => t(availabilityKey(value)),
    status: (value) => t(statusKey(value as Bike['status'])),
    mode: (value) => t(modeKey(value)),
  };

  const value = (field: Field) => {
    if (field === 'bikeBatteryLevel')
      return (
        <BatteryGauge
          level={bike.bikeBatteryLevel}
          low={lowBattery.bike}
          label="bike.battery.bike"
        />
      );
    if (field === 'iotBatteryLevel')
      return (
        <BatteryGauge level={bike.iotBatteryLevel} low={lowBattery.iot} label="bike.battery.iot" />
      );
    const text = fieldText(bike, field, format, words);
    if (TIME_FIELDS.has(field) && bike[field as 'lastCommunicationDate']) {
      return (
        <>
          {text}{' '}
          <span className={styles.muted}>
            (<RelativeTime iso={bike[field as 'lastCommunicationDate']} short />)
          </span>
        </>
      );
    }
    return text;
  };

  const position: [number, number] | null =
    bike.latitude !== null && bike.longitude !== null ? [bike.longitude, bike.latitude] : null;

  return (
    <div className={styles.overview}>
      <div className={styles.fieldGroups}>
        {(Object.keys(FIELD_GROUPS) as Array<keyof typeof FIELD_GROUPS>).map((group) => (
          <section key={group} className={styles.card} aria-labelledby={`group-${group}`}>
            <h2 id={`group-${group}`} className={styles.cardTitle}>
              {t(`bikePage.groups.${group}`)}
            </h2>
            <dl className={styles.fields}>
              {FIELD_GROUPS[group].map((field) => (
                <div key={field} className={styles.field}>
                  <dt>{t(`bikePage.fields.${field}`)}</dt>
                  <dd data-field={field}>{value(field)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <aside className={styles.side}>
        <CommandPanel bike={bike} />
        {/* reporting or cancelling a theft is a manager's (ADR 0090) */}
        {!technician && <TheftPanel bike={bike} />}
        <section className={styles.card} aria-labelledby="group-map">
          <h2 id="group-map" className={styles.cardTitle}>
            {t('bikePage.groups.map')}
          </h2>
          {position ? (
            <div className={styles.smallMap}>
              <Suspense fallback={<Spinner />}>
                <BikeMap
                  position={position}
                  colour={colourOf({ ...bike, theft: bike.theft.state })}
                  label={t('bikePage.groups.map')}
                  zones={zones}
                />
              </Suspense>
            </div>
          ) : (
            <p className={styles.muted}>{t('bikePage.values.noPosition')}</p>
          )}
        </section>
        <section className={styles.card} aria-labelledby="group-zones">
          <h2 id="group-zones" className={styles.cardTitle}>
            {t('zones.bike.title')}
          </h2>
          <BikeZones vehicleNumber={bike.vehicleNumber} position={position} />
        </section>
      </aside>
    </div>
  );
}
