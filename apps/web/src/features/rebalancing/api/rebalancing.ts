// The rebalancing resource (docs/rebalancing.md): the recommendations with their decisions, and
// the technicians' routes (the fleet map's heat map reads its own: map/heatmap-control.tsx).
// Deciding on a recommendation reads the recommendations, the routes and the tasks again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptResult, Recommendation, RecommendationList, RouteList } from '@vfm/contract';
import { useServices } from '../../../services/services';

export function useRecommendations(enabled = true) {
  const { http } = useServices();
  return useQuery({
    queryKey: ['rebalancing', 'recommendations'],
    queryFn: () => http.get<RecommendationList>('rebalancing/recommendations'),
    refetchInterval: 60_000,
    enabled,
  });
}

export function useRoutes() {
  const { http } = useServices();
  return useQuery({
    queryKey: ['rebalancing', 'routes'],
    queryFn: () => http.get<RouteList>('rebalancing/routes'),
    refetchInterval: 60_000,
  });
}

export type Decision = 'accept' | 'snooze' | 'dismiss';

export function useDecide() {
  const { http } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) =>
      http.post<AcceptResult | Recommendation>(
        `rebalancing/recommendations/${id}/${decision}`,
        decision === 'snooze' ? { hours: 2 } : {},
      ),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['rebalancing'] });
      await client.invalidateQueries({ queryKey: ['tasks'] });
    },
  });
}

export function usePlanNow() {
  const { http } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.post<{ recommendations: number; routes: number }>('rebalancing/plan', {}),
    onSettled: () => client.invalidateQueries({ queryKey: ['rebalancing'] }),
  });
}
