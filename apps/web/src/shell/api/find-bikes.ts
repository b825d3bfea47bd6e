// GET products/find/{text} → {vehicleNumbers}: frame no., IoT code or bike unique code (SPEC §7).
import type { HttpClient } from '../../api/http-client';

export interface FindResult {
  vehicleNumbers: string[];
}

export function findBikes(http: HttpClient, text: string, signal?: AbortSignal) {
  return http.get<FindResult>(`products/find/${encodeURIComponent(text)}`, { signal });
}
