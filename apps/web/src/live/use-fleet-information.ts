// GET fleet/information: the fleet's name, counts by availability, status, mode and warning,
// and its warning thresholds (DESIGN §5, §7). The stream controller keeps it current.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FleetInformation } from '@vfm/contract';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';

export const getFleetInformation = (http: HttpClient) =>
  http.get<FleetInformation>('fleet/information');

export function useFleetInformation() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.fleet.information,
    queryFn: () => getFleetInformation(http),
  });
}

/** The fleet's low-battery thresholds (DESIGN §7), SPEC's 20 % until they are known. */
export function useLowBatteryThresholds() {
  const settings = useFleetInformation().data?.settings;
  const bike = settings?.lowVehicleBatteryPercent ?? 20;
  const iot = settings?.lowModuleBatteryPercent ?? 20;
  // the same object while the thresholds stay: the fleet list and map skip renders on it
  return useMemo(() => ({ bike, iot }), [bike, iot]);
}
