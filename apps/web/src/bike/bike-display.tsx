// How a bike's state is shown wherever it appears (list, popups, bike page, warnings):
// availability and mode chips, warning icons with their names, battery gauges, relative times.
import { useTranslation } from 'react-i18next';
import {
  Ban,
  BatteryLow,
  BatteryWarning,
  CircleParkingOff,
  Lock,
  MapPinOff,
  ShieldAlert,
  Siren,
  WifiOff,
  Cpu,
  Hourglass,
  Truck,
  BatteryCharging,
  Unplug,
  Route,
  Workflow,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { AlertKind, FleetListItem, WarningType } from '@vfm/contract';
import { useFormatters } from '../format/use-formatters';
import { availabilityKey, modeKey, warningKey } from './labels';
import { useNow } from './use-now';
import styles from './bike-display.module.css';

const WARNING_ICONS: Record<AlertKind, LucideIcon> = {
  REPORTED_THEFT: Siren,
  SUSPECTED_THEFT: ShieldAlert,
  LACK_MODULE_COMM: WifiOff,
  LOW_VEHICLE_BATTERY: BatteryWarning,
  LOW_MODULE_BATTERY: Cpu,
  // the zones' alerts (docs/zones.md)
  OUTSIDE_SERVICE_AREA: MapPinOff,
  IN_NO_RIDE_ZONE: Ban,
  PARKED_IN_NO_PARKING: CircleParkingOff,
  // a worn pack (docs/battery.md)
  BATTERY_HEALTH: BatteryLow,
  // the rules' alerts (docs/rules.md)
  UNACCOMPANIED_MOTION: Siren,
  VAN_HOP: Truck,
  BATTERY_REMOVED: BatteryWarning,
  BATTERY_RISING_PARKED: BatteryCharging,
  MODULE_POWER_CUT: Unplug,
  FAR_OUTSIDE_SERVICE_AREA: Route,
  RULE: Workflow,
};

export function AvailabilityChip({ availability }: { availability: string | null | undefined }) {
  const { t } = useTranslation();
  const key = availabilityKey(availability);
  return (
    <span className={styles.chip} data-availability={key.split('.').pop()}>
      {t(key)}
    </span>
  );
}

export function ModeLabel({
  mode,
  pending,
}: {
  mode: string | null | undefined;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span className={styles.mode}>
      {t(modeKey(mode))}
      {pending && <PendingMark />}
    </span>
  );
}

export function PendingMark() {
  const { t } = useTranslation();
  return (
    <span className={styles.pending} title={t('bike.pending')}>
      <Hourglass size={13} aria-hidden="true" />
      <span className="visually-hidden">{t('bike.pending')}</span>
    </span>
  );
}

/** The warnings of a bike as icons; each names itself (tooltip and screen-reader text). */
export function WarningIcons({ warnings }: { warnings: readonly WarningType[] }) {
  const { t } = useTranslation();
  if (!warnings.length) return null;
  return (
    <span className={styles.warnings}>
      {warnings.map((warning) => {
        const Icon = WARNING_ICONS[warning];
        return (
          <span
            key={warning}
            className={styles.warning}
            data-warning={warning}
            title={t(warningKey(warning))}
          >
            <Icon size={16} aria-hidden="true" />
            <span className="visually-hidden">{t(warningKey(warning))}</span>
          </span>
        );
      })}
    </span>
  );
}

export function WarningIcon({ warning, size = 16 }: { warning: AlertKind; size?: number }) {
  const Icon = WARNING_ICONS[warning];
  return <Icon size={size} aria-hidden="true" />;
}

/** A 0–100 level as a small bar and its figure; low (≤ threshold) in the warning colour. */
export function BatteryGauge({
  level,
  low,
  label,
}: {
  level: number | null | undefined;
  low: number;
  /** what the gauge measures, for screen readers ("Bike battery {{level}}") */
  label: 'bike.battery.bike' | 'bike.battery.iot';
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const known = typeof level === 'number' && Number.isFinite(level);
  const isLow = known && level <= low;
  const text = known ? format.percent(level) : t('bike.battery.unknown');
  return (
    <span
      className={styles.gauge}
      data-low={isLow || undefined}
      title={t(label, { level: isLow ? `${text} (${t('bike.battery.low')})` : text })}
    >
      <span className={styles.track} aria-hidden="true">
        {known && <span className={styles.fill} style={{ width: `${Math.max(4, level)}%` }} />}
      </span>
      <span className={styles.figure}>{known ? format.percent(level) : '—'}</span>
      <span className="visually-hidden">
        {t(label, { level: isLow ? `${text} (${t('bike.battery.low')})` : text })}
      </span>
    </span>
  );
}

/**
 * "3 minutes ago", the exact date and time on hover; one shared clock for all of them. A time
 * a little ahead of this clock (the device's clock is not the server's) reads as now.
 */
export function RelativeTime({ iso, short }: { iso: string | null | undefined; short?: boolean }) {
  const format = useFormatters();
  const now = useNow();
  const { t } = useTranslation();
  if (!iso) return <span className={styles.none}>{t('bike.never')}</span>;
  return (
    <time dateTime={iso} title={format.dateTime(iso)} className={styles.time}>
      {(short ? format.relativeShort : format.relative)(iso, new Date(clockFor(iso, now)))}
    </time>
  );
}

/** The clock to read `iso` against: a time less than a minute ahead (clock skew) reads as now. */
function clockFor(iso: string, now: number): number {
  const at = Date.parse(iso);
  return at > now && at - now < 60_000 ? at : now;
}

export function LockMark({ bike }: { bike: Pick<FleetListItem, 'assistanceLocked'> }) {
  const { t } = useTranslation();
  if (!bike.assistanceLocked) return null;
  return (
    <span className={styles.lock} title={t('bike.locked')}>
      <Lock size={14} aria-hidden="true" />
      <span className="visually-hidden">{t('bike.locked')}</span>
    </span>
  );
}
