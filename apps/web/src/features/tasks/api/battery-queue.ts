// GET tasks/battery-queue?near (docs/tasks.md): the bikes that need a battery, in stops to follow.
// Under ['tasks'] so that every task action (a swap recorded, a task taken) reads it again;
// read again every minute too, as the charges fall.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BatteryQueue } from '@vfm/contract';
import { useServices } from '../../../services/services';

export function useBatteryQueue(near: string | undefined, enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: ['tasks', 'battery-queue', near ?? null],
    queryFn: () => http.get<BatteryQueue>('tasks/battery-queue', { query: near ? { near } : {} }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    enabled,
  });
}
