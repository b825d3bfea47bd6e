// POST zones, PUT zones/{id}, DELETE zones/{id}, POST zones/import (docs/zones.md-2): the
// managers' changes. Each one reads the list again; a 409 (changed meanwhile) too, so that the
// page shows the other manager's version. A save answers the zone as the map draws it, an
// import the zones made without geometry (ADR 0125): the whole geometry is GET zones/{id}'s.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Zone, ZoneCreate, ZoneImportResult, ZoneUpdate } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const createZone = (http: HttpClient, body: ZoneCreate) => http.post<Zone>('zones', body);
export const updateZone = (http: HttpClient, id: string, body: ZoneUpdate) =>
  http.put<Zone>(`zones/${encodeURIComponent(id)}`, body);
export const deleteZone = (http: HttpClient, zone: Pick<Zone, 'id' | 'version'>) =>
  http.delete<void>(`zones/${encodeURIComponent(zone.id)}`, {
    query: { version: String(zone.version) },
  });
export const importZones = (http: HttpClient, collection: unknown) =>
  http.post<ZoneImportResult>('zones/import', collection);

function useZoneMutation<V, R>(run: (http: HttpClient, variables: V) => Promise<R>) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => run(http, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.zones.all }),
  });
}

export const useCreateZone = () =>
  useZoneMutation((http, body: ZoneCreate) => createZone(http, body));
export const useUpdateZone = () =>
  useZoneMutation((http, { id, body }: { id: string; body: ZoneUpdate }) =>
    updateZone(http, id, body),
  );
export const useDeleteZone = () =>
  useZoneMutation((http, zone: Pick<Zone, 'id' | 'version'>) => deleteZone(http, zone));
export const useImportZones = () =>
  useZoneMutation((http, collection: unknown) => importZones(http, collection));
