// The bikes calls of the administration (DESIGN §5, admin only): import a CSV part (POST
// fleet/admin/vehicles, text/csv) and remove bikes (DELETE fleet/admin/vehicles).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VehicleImportResult, VehicleRemovalResult } from '@vfm/contract';
import type { HttpClient } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export const importPart = (http: HttpClient, csv: string) =>
  http.post<VehicleImportResult>('fleet/admin/vehicles', csv, { contentType: 'text/csv' });

export function useRemoveVehicles() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleNumbers: string[]) =>
      http.delete<VehicleRemovalResult>('fleet/admin/vehicles', { query: { vehicleNumbers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.fleet.all }),
  });
}
