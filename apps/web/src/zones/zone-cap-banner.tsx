// The zones whose permit caps are crossed (ADR 0104): an alert of a zone, not of a
// bike, so it heads the warnings screen instead of a row of its list. Read with the zones'
// occupancy (every minute, and at once when the stream says the zones changed).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../ui/alert/inline-alert';
import { useZoneOccupancy } from './api/get-zone-occupancy';
import { useZones } from './api/get-zones';

export function ZoneCapBanner() {
  const { t } = useTranslation();
  const occupancy = useZoneOccupancy();
  const zones = useZones();
  const names = new Map(zones.data?.content.map((zone) => [zone.id, zone.name]));
  const crossed = (occupancy.data?.content ?? []).filter((o) => o.capAlert && names.has(o.zoneId));
  if (!crossed.length) return null;
  return (
    <div data-testid="zone-cap-banner">
      <InlineAlert type="warning">
        {t('zones.capAlert.banner', {
          zones: crossed
            .map((o) => `${names.get(o.zoneId)} (${t(`notifications.kinds.${o.capAlert!.kind}`)})`)
            .join(', '),
        })}{' '}
        <Link to="/zones">{t('zones.capAlert.bannerLink')}</Link>
      </InlineAlert>
    </div>
  );
}
