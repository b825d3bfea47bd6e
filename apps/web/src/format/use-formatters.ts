// The formatters of the page's language and the signed-in user's distance unit (default KM).
import { DEFAULT_DISTANCE_UNIT, type DistanceUnit } from '@vfm/contract/constants';
import { useUserSettings } from '../account/get-user-settings';
import { useServices } from '../services/services';
import { createFormatters, type Formatters } from './format';

// one set per language and unit for the whole app: a fleet list page shows ~150 dates, times and
// gauges, and each made its own Intl formatters (four constructors each) on its first render
const shared = new Map<string, Formatters>();

export function formattersFor(language: string, unit: DistanceUnit): Formatters {
  const key = `${language}\u0000${unit}`;
  let formatters = shared.get(key);
  if (!formatters) {
    formatters = createFormatters(language, unit);
    shared.set(key, formatters);
  }
  return formatters;
}

export function useFormatters(): Formatters {
  const { language } = useServices();
  const unit = useUserSettings().data?.distanceUnit ?? DEFAULT_DISTANCE_UNIT;
  return formattersFor(language, unit);
}
