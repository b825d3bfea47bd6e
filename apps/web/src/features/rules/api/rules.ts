// GET / POST rules, PUT / DELETE rules/{id}, POST rules/dry-run (docs/rules.md): the fleet's
// rules on the Rules screen (administrators write, managers read).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Rule,
  RuleCreate,
  RuleDryRun,
  RuleDryRunResult,
  RuleList,
  RuleUpdate,
} from '@vfm/contract';
import { useServices } from '../../../services/services';

const KEY = ['rules'] as const;

export function useRules() {
  const { http } = useServices();
  return useQuery({ queryKey: KEY, queryFn: () => http.get<RuleList>('rules') });
}

/** A new rule (no id), or a new version of one (its id and the version it changes). */
export function useSaveRule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RuleCreate | RuleUpdate }) =>
      id ? http.put<Rule>(`rules/${encodeURIComponent(id)}`, body) : http.post<Rule>('rules', body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useDeleteRule() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<void>(`rules/${encodeURIComponent(id)}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useDryRun() {
  const { http } = useServices();
  return useMutation({
    mutationFn: (body: RuleDryRun) => http.post<RuleDryRunResult>('rules/dry-run', body),
  });
}
