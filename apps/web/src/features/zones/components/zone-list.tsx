// The fleet's zones as a list beside the map: colour, name, type and what applies (speed,
// hours, caps); a click selects the zone (the form and the map follow).
import { useTranslation } from 'react-i18next';
import type { Zone, ZoneOccupancy } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import styles from './zones.module.css';

export interface ZoneListProps {
  zones: readonly Zone[];
  selected: string | null;
  /** the bikes standing in each zone now, when read */
  occupancy?: ZoneOccupancy;
  onSelect(id: string): void;
}

export function ZoneList({ zones, selected, occupancy, onSelect }: ZoneListProps) {
  const { t } = useTranslation();
  const countOf = new Map(occupancy?.content.map((o) => [o.zoneId, o]));
  return (
    <ul className={styles.list} aria-label={t('zones.listLabel')} data-testid="zone-list">
      {zones.map((zone) => (
        <li key={zone.id}>
          <button
            type="button"
            className={styles.item}
            aria-current={zone.id === selected ? 'true' : undefined}
            onClick={() => onSelect(zone.id)}
          >
            <span
              className={styles.swatch}
              style={{ background: zone.colour }}
              aria-hidden="true"
            />
            <span className={styles.itemText}>
              <span className={styles.itemName}>{zone.name}</span>
              <span className={styles.itemMeta}>
                {[
                  t(`zones.types.${zone.type}`),
                  zone.maxSpeedKmh !== null ? t('zones.speed', { speed: zone.maxSpeedKmh }) : null,
                  zone.activeHours
                    ? t('zones.hours', { from: zone.activeHours.from, to: zone.activeHours.to })
                    : null,
                  zone.minBikes !== null || zone.maxBikes !== null
                    ? `${zone.minBikes ?? 0}–${zone.maxBikes ?? '∞'}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <Occupancy count={countOf.get(zone.id)} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Occupancy({ count }: { count: ZoneOccupancy['content'][number] | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!count) return null;
  const crossed = count.aboveMaximum
    ? t('zones.aboveMax')
    : count.belowMinimum
      ? t('zones.belowMin')
      : null;
  const alert = count.capAlert;
  return (
    <>
      <span className={styles.itemMeta} data-testid="zone-occupancy">
        {t('zones.occupancy', { count: count.parked })}
        {crossed && !alert && <span> · {crossed}</span>}
      </span>
      {alert && (
        <strong className={`${styles.itemMeta} ${styles.crossed}`} data-testid="zone-cap-alert">
          {t(`zones.capAlert.${alert.kind}`, {
            time: format.dateTime(alert.openedAt),
            parked: alert.parked,
            cap: alert.cap,
          })}
        </strong>
      )}
    </>
  );
}
