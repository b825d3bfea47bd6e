// The battery health's calls (docs/battery.md): one bike's battery (under the bike's key, so the
// stream's refetch of the bike reaches it), the fleet's packs, their CSV, the fleet's battery
// settings (administrators change them: every pack follows within seconds).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatterySettings, BikeBattery, FleetBattery } from '@vfm/contract';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../services/services';
import { saveFile } from '../api/save-file';

export const batteryKeys = {
  all: ['battery'] as const,
  fleet: ['battery', 'fleet'] as const,
  settings: ['battery', 'settings'] as const,
  bike: (vehicleNumber: string) => [...queryKeys.bikes.bike(vehicleNumber), 'battery'] as const,
};

export function useBikeBattery(vehicleNumber: string) {
  const { http } = useServices();
  return useQuery({
    queryKey: batteryKeys.bike(vehicleNumber),
    queryFn: () => http.get<BikeBattery>(`battery/bikes/${encodeURIComponent(vehicleNumber)}`),
  });
}

export function useFleetBattery() {
  const { http } = useServices();
  return useQuery({
    queryKey: batteryKeys.fleet,
    queryFn: () => http.get<FleetBattery>('battery/fleet'),
  });
}

export async function downloadBatteryCsv(http: ReturnType<typeof useServices>['http']) {
  const blob = await http.get<Blob>('battery/fleet/csv', { responseType: 'blob' });
  saveFile(blob, `battery-packs-${new Date().toISOString().slice(0, 10)}.csv`);
}

export function useBatterySettings() {
  const { http } = useServices();
  return useQuery({
    queryKey: batteryKeys.settings,
    queryFn: () => http.get<BatterySettings>('battery/settings'),
  });
}

export function useSaveBatterySettings() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<BatterySettings>) =>
      http.put<BatterySettings>('battery/settings', settings),
    // the packs' state of health, alerts and the swap reasons follow: the screens read again
    onSuccess: (saved) => {
      queryClient.setQueryData(batteryKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: batteryKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}
