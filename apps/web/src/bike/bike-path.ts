// The bike page's address (SPEC §2: fleet/product/{vehicleNumber}), built in one place: every
// link, navigation and tab of the app asks here. Inside the app an address is relative to the
// router's basename (/{lang}); with a language it is the whole path, for what leaves the router.
import type { Language } from '@vfm/contract/constants';

/** The bike page's tabs, in the order shown; `overview` is the page without `?tab=`. */
export const BIKE_TABS = [
  'overview',
  'alerts',
  'tasks',
  // docs/battery.md: the pack's state of health and the time to 20 %
  'battery',
  'trips',
  'commands',
  'history',
  'diagnosis',
  'share',
  // docs/firmware.md: the bike's firmware updates (administrators)
  'firmware',
] as const;
export type BikeTab = (typeof BIKE_TABS)[number];

export const isBikeTab = (value: string | null): value is BikeTab =>
  (BIKE_TABS as readonly string[]).includes(value ?? '');

export function bikePath(
  vehicleNumber: string,
  { tab = 'overview', language }: { tab?: BikeTab; language?: Language } = {},
): string {
  const path = `/fleet/product/${encodeURIComponent(vehicleNumber)}`;
  const query = tab === 'overview' ? '' : `?tab=${tab}`;
  return `${language ? `/${language}` : ''}${path}${query}`;
}
