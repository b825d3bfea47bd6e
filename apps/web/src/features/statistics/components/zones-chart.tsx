// The bikes standing in each zone now (docs/zones.md), the whole fleet's whatever the group: a
// zone above its maximum or below its minimum says so by its colour; each opens the fleet list
// of its bikes. Zones overlap (a service area holds the others): no shares.
import { useTranslation } from 'react-i18next';
import { useZones } from '../../../zones/api/get-zones';
import { useZoneOccupancy } from '../../../zones/api/get-zone-occupancy';
import { BucketChart } from './bucket-chart';

export function ZonesChart({ count }: { count: (value: number) => string }) {
  const { t } = useTranslation();
  const zones = useZones();
  const occupancy = useZoneOccupancy();
  const list = zones.data?.content ?? [];
  if (!list.length) return null;
  const byZone = new Map(occupancy.data?.content.map((o) => [o.zoneId, o]));
  return (
    <BucketChart
      title={t('statistics.zones.title')}
      description={t('statistics.zones.text')}
      format={count}
      shares={false}
      buckets={list.map((zone) => {
        const now = byZone.get(zone.id);
        return {
          key: zone.id,
          label: now?.aboveMaximum
            ? t('statistics.zones.above', { name: zone.name, max: zone.maxBikes })
            : now?.belowMinimum
              ? t('statistics.zones.below', { name: zone.name, min: zone.minBikes })
              : zone.name,
          count: now?.bikes ?? 0,
          href: `/fleet?zoneId=${zone.id}`,
          tone: now?.aboveMaximum ? 'danger' : now?.belowMinimum ? 'warning' : 'info',
        };
      })}
    />
  );
}
