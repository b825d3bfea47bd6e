// The fleet's zones as a list beside the map: colour, name, type and what applies (speed,
// hours, caps); a click selects the zone (the form and the map follow).
import { useTranslation } from 'react-i18next';
import type { Zone } from '@vfm/contract';
import styles from './zones.module.css';

export interface ZoneListProps {
  zones: readonly Zone[];
  selected: string | null;
  onSelect(id: string): void;
}

export function ZoneList({ zones, selected, onSelect }: ZoneListProps) {
  const { t } = useTranslation();
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
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
