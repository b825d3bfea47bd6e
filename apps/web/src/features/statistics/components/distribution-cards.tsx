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

type Props = { figures: FleetStatistics } & Pick<StatisticsView, 'fleetHref' | 'count'>;

export function DistributionCards({ figures, fleetHref, count }: Props) {
  const { t } = useTranslation();
  const quarter = (key: (typeof QUARTERS)[number]) => t(`statistics.quarters.${key}`);
  return (
    <>
      <BucketChart
        title={t('statistics.lastCommunication.title')}
        description={t('statistics.lastCommunication.text')}
        format={count}
        buckets={buckets(
          ['upTo7Days', 'from8To14Days', 'from15Days', 'never'] as const,
          figures.lastCommunication,
          (key) => t(`statistics.lastCommunication.${key}`),
          undefined,
          (key) => (key === 'upTo7Days' ? 'good' : key === 'never' ? 'neutral' : 'warning'),
        )}
      />
      <BucketChart
        title={t('statistics.quarters.bikeTitle')}
        description={t('statistics.quarters.bikeText')}
        format={count}
        buckets={buckets(QUARTERS, figures.bikeBattery, quarter, undefined, quarterTone)}
      />
      <BucketChart
        title={t('statistics.quarters.iotTitle')}
        description={t('statistics.quarters.iotText')}
        format={count}
        buckets={buckets(QUARTERS, figures.iotBattery, quarter, undefined, quarterTone)}
      />
      <BucketChart
        title={t('statistics.availability.title')}
        description={t('statistics.availability.text')}
        format={count}
        buckets={buckets(
          AVAILABILITIES,
          figures.availability,
          (key) => t(availabilityKey(key)),
          (key) => fleetHref(`availability=${key}`),
          (key) => (key === 'AVAILABLE' ? 'good' : key === 'OUT' ? 'danger' : 'info'),
        )}
      />
      <BucketChart
        title={t('statistics.status.title')}
        description={t('statistics.status.text')}
        format={count}
        buckets={buckets(
          ACTIVITY_STATUSES,
          figures.status,
          (key) => t(statusKey(key)),
          (key) => fleetHref(`status=${key}`),
        )}
      />
      <BucketChart
        title={t('statistics.modes.title')}
        description={t('statistics.modes.text')}
        format={count}
        buckets={buckets(
          MODE_COUNT_KEYS,
          figures.modes,
          (key) => t(modeKey(key)),
          (key) => (key === 'UNKNOWN' ? undefined : fleetHref(`mode=${key}`)),
        )}
      />
      <BucketChart
        title={t('statistics.warnings.title')}
        description={t('statistics.warnings.text')}
        format={count}
        buckets={buckets(
          WARNING_TYPES,
          figures.warnings,
          (key) => t(warningKey(key)),
          (key) => fleetHref(`warning=${key}`),
          (key) => (key.endsWith('THEFT') ? 'danger' : 'warning'),
        )}
      />
    </>
  );
}
