// The SPEC §4 buckets (last communication, battery quarters) and the distributions of
// availability, activity, IoT mode and warnings, each an accessible bar chart whose bars open
// the fleet list filtered to them where the list can filter.
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  MODE_COUNT_KEYS,
  WARNING_TYPES,
  type FleetStatistics,
} from '@vfm/contract';
import { availabilityKey, modeKey, statusKey, warningKey } from '../../../bike/labels';
import type { StatisticsView } from '../state/use-statistics-view';
import { BucketChart, type Bucket } from './bucket-chart';

const QUARTERS = ['from0To25', 'from26To50', 'from51To75', 'from76To100', 'unknown'] as const;

function buckets<K extends string>(
  keys: readonly K[],
  values: Record<K, number>,
  label: (key: K) => string,
  href?: (key: K) => string | undefined,
  tone?: (key: K) => Bucket['tone'],
): Bucket[] {
  return keys.map((key) => ({
    key,
    label: label(key),
    count: values[key] ?? 0,
    href: href?.(key),
    tone: tone?.(key),
  }));
}

const quarterTone = (key: string): Bucket['tone'] =>
  key === 'from0To25'
    ? 'danger'
    : key === 'from26To50'
      ? 'warning'
      : key === 'unknown'
        ? 'neutral'
        : 'good';

const lastCommunicationTone = (key: string): Bucket['tone'] =>
  key === 'upTo7Days' ? 'good' : key === 'never' ? 'neutral' : 'warning';
const availabilityTone = (key: string): Bucket['tone'] =>
  key === 'AVAILABLE' ? 'good' : key === 'OUT' ? 'danger' : 'info';
const warningTone = (key: string): Bucket['tone'] => (key.endsWith('THEFT') ? 'danger' : 'warning');

/** The charts whose title and text are `statistics.<name>.title` and `.text`. */
type Section = 'lastCommunication' | 'availability' | 'status' | 'modes' | 'warnings';

type Props = { figures: FleetStatistics } & Pick<StatisticsView, 'fleetHref' | 'count'>;

export function DistributionCards({ figures, fleetHref, count }: Props) {
  const { t } = useTranslation();
  const quarter = (key: (typeof QUARTERS)[number]) => t(`statistics.quarters.${key}`);
  // a bar that opens the fleet list filtered by its key
  const filterBy = (parameter: string) => (key: string) => fleetHref(`${parameter}=${key}`);
  const section = (name: Section, list: Bucket[]) => ({
    name,
    title: t(`statistics.${name}.title`),
    description: t(`statistics.${name}.text`),
    buckets: list,
  });
  const charts = [
    section(
      'lastCommunication',
      buckets(
        ['upTo7Days', 'from8To14Days', 'from15Days', 'never'] as const,
        figures.lastCommunication,
        (key) => t(`statistics.lastCommunication.${key}`),
        undefined,
        lastCommunicationTone,
      ),
    ),
    {
      name: 'bikeBattery',
      title: t('statistics.quarters.bikeTitle'),
      description: t('statistics.quarters.bikeText'),
      buckets: buckets(QUARTERS, figures.bikeBattery, quarter, undefined, quarterTone),
    },
    {
      name: 'iotBattery',
      title: t('statistics.quarters.iotTitle'),
      description: t('statistics.quarters.iotText'),
      buckets: buckets(QUARTERS, figures.iotBattery, quarter, undefined, quarterTone),
    },
    section(
      'availability',
      buckets(
        AVAILABILITIES,
        figures.availability,
        (key) => t(availabilityKey(key)),
        filterBy('availability'),
        availabilityTone,
      ),
    ),
    section(
      'status',
      buckets(ACTIVITY_STATUSES, figures.status, (key) => t(statusKey(key)), filterBy('status')),
    ),
    section(
      'modes',
      buckets(
        MODE_COUNT_KEYS,
        figures.modes,
        (key) => t(modeKey(key)),
        (key) => (key === 'UNKNOWN' ? undefined : filterBy('mode')(key)),
      ),
    ),
    section(
      'warnings',
      buckets(
        WARNING_TYPES,
        figures.warnings,
        (key) => t(warningKey(key)),
        filterBy('warning'),
        warningTone,
      ),
    ),
  ];
  return (
    <>
      {charts.map(({ name, ...chart }) => (
        <BucketChart key={name} {...chart} format={count} />
      ))}
    </>
  );
}
