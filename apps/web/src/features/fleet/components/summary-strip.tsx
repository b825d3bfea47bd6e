// The summary strip (fleet/information): the fleet's total and its counts by availability,
// activity and warning, each a one-click filter of the view.
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  WARNING_TYPES,
  type FleetInformation,
} from '@vfm/contract';
import { WarningIcon } from '../../../bike/bike-display';
import { availabilityKey, statusKey, warningKey } from '../../../bike/labels';
import { toggleValue, type FleetView } from '../state/fleet-view';
import styles from './summary-strip.module.css';

export function SummaryStrip({
  information,
  view,
  onChange,
}: {
  information: FleetInformation | undefined;
  view: FleetView;
  onChange(view: FleetView): void;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const item = (
    label: string,
    count: number,
    pressed: boolean,
    toggle: () => void,
    tone?: string,
    icon?: React.ReactNode,
  ) => (
    <li key={label}>
      <button
        type="button"
        className={styles.item}
        data-tone={tone}
        data-empty={count === 0 || undefined}
        aria-pressed={pressed}
        title={t('fleet.summary.filterBy', { label, count })}
        onClick={toggle}
      >
        {icon}
        <span className={styles.count}>{number.format(count)}</span>
        {/* warnings show their icon; the name is the tooltip and the screen-reader text */}
        <span className={icon ? 'visually-hidden' : styles.label}>{label}</span>
      </button>
    </li>
  );
  if (!information) return <div className={styles.strip} aria-busy="true" />;
  return (
    <nav className={styles.strip} aria-label={t('fleet.summary.label')}>
      <p className={styles.total}>
        <strong>{t('fleet.summary.total', { count: information.totalBikes })}</strong>
        <span className={styles.fleetName}>{information.name}</span>
      </p>
      <ul className={styles.group} aria-label={t('fleet.summary.availability')}>
        {AVAILABILITIES.map((availability) =>
          item(
            t(availabilityKey(availability)),
            information.availability[availability] ?? 0,
            view.availability.includes(availability),
            () => onChange({ ...view, availability: toggleValue(view.availability, availability) }),
            availability,
          ),
        )}
      </ul>
      <ul className={styles.group} aria-label={t('fleet.summary.status')}>
        {ACTIVITY_STATUSES.map((status) =>
          item(
            t(statusKey(status)),
            information.status[status] ?? 0,
            view.status.includes(status),
            () => onChange({ ...view, status: toggleValue(view.status, status) }),
          ),
        )}
      </ul>
      <ul className={styles.group} aria-label={t('fleet.summary.warnings')}>
        {WARNING_TYPES.map((warning) =>
          item(
            t(warningKey(warning)),
            information.warnings[warning] ?? 0,
            view.warning.includes(warning),
            () => onChange({ ...view, thefts: false, warning: toggleValue(view.warning, warning) }),
            warning === 'REPORTED_THEFT' || warning === 'SUSPECTED_THEFT' ? 'danger' : 'warning',
            <WarningIcon warning={warning} size={15} />,
          ),
        )}
      </ul>
    </nav>
  );
}
