// The zones a bike stands in (docs/zones.md), as the server places its last position: each
// zone with its colour and type (a slow zone's speed, "not active now" outside its hours), or
// "Outside the service area". Shown on the bike page.
import { useTranslation } from 'react-i18next';
import { useBikeZones } from './api/get-bike-zones';
import styles from './zones.module.css';

export function BikeZones({
  vehicleNumber,
  position,
}: {
  vehicleNumber: string;
  position: [number, number] | null;
}) {
  const { t } = useTranslation();
  const placed = useBikeZones(vehicleNumber, position);
  if (placed.isPending) return <p className={styles.muted}>{t('zones.bike.loading')}</p>;
  if (placed.isError) return <p className={styles.muted}>{t('zones.bike.error')}</p>;
  const { zones, outsideServiceArea } = placed.data;
  return (
    <div className={styles.bikeZones} data-testid="bike-zones">
      {outsideServiceArea && <p className={styles.outside}>{t('zones.bike.outside')}</p>}
      {zones.length ? (
        <ul className={styles.zoneList}>
          {zones.map((zone) => (
            <li key={zone.id}>
              <span
                className={styles.swatch}
                style={{ background: zone.colour }}
                aria-hidden="true"
              />
              <span>
                <strong>{zone.name}</strong>{' '}
                <span className={styles.muted}>
                  {[
                    t(`zones.types.${zone.type}`),
                    zone.maxSpeedKmh !== null
                      ? t('zones.speed', { speed: zone.maxSpeedKmh })
                      : null,
                    zone.active ? null : t('zones.bike.inactive'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        !outsideServiceArea && <p className={styles.muted}>{t('zones.bike.none')}</p>
      )}
    </div>
  );
}
