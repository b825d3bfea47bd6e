// THE web command path (DESIGN §5, §7): every command the app sends — to one bike from its page,
// to many from the fleet's or the warnings' selection — goes through sendCommands(), and every
// answer the modules give comes back through use-command-answers.ts. One bike is addressed by
// the one-bike route (`commands/{type}/{vn}`: the one a field technician may call), a list by
// the bulk route (`commands/{type}?vehicleNumbers=…`, all or nothing, at most BULK_LIMIT).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Command, CommandsAccepted, IotMode } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

/** What the user asks a module to do (the alarm exists for one bike only). */
export type CommandRequest =
  | { kind: 'lock'; active: boolean }
  | { kind: 'alarm'; active: boolean }
  | { kind: 'mode'; mode: IotMode };

/** One bike (its page), or a list (a selection). */
export type CommandTarget = { vehicleNumber: string } | { vehicleNumbers: readonly string[] };

const ROUTE: Record<CommandRequest['kind'], string> = {
  lock: 'lockControl',
  alarm: 'alarm',
  mode: 'mode',
};

/** The call that sends a request to a target: its path and query. */
export function commandCall(
  target: CommandTarget,
  request: CommandRequest,
): { path: string; query: Record<string, string | boolean | readonly string[]> } {
  const value: Record<string, string | boolean> =
    request.kind === 'mode' ? { mode: request.mode } : { active: request.active };
  if ('vehicleNumber' in target) {
    return {
      path: `commands/${ROUTE[request.kind]}/${encodeURIComponent(target.vehicleNumber)}`,
      query: value,
    };
  }
  if (request.kind === 'alarm') throw new Error('The alarm is commanded one bike at a time.');
  return {
    path: `commands/${ROUTE[request.kind]}`,
    query: { vehicleNumbers: target.vehicleNumbers, ...value },
  };
}

/** POST the command: 202 with one PENDING command per bike. */
export function sendCommands(
  http: HttpClient,
  target: CommandTarget,
  request: CommandRequest,
): Promise<CommandsAccepted> {
  const { path, query } = commandCall(target, request);
  return http.post<CommandsAccepted>(path, undefined, { query });
}

/** The request that would do a command again (the bike page's retry). */
export function requestOf(command: Pick<Command, 'type' | 'value'>): CommandRequest {
  if (command.type === 'MODE') return { kind: 'mode', mode: command.value as IotMode };
  return {
    kind: command.type === 'ALARM' ? 'alarm' : 'lock',
    active: command.value === 'true',
  };
}

/**
 * The one hook that sends commands. After the 202 the bike page's queries (one bike) or the
 * fleet's counts (a list) are read again: the pending flags and the new commands show at once;
 * the stream brings each module's answer.
 */
export function useSendCommands() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, request }: { target: CommandTarget; request: CommandRequest }) =>
      sendCommands(http, target, request),
    onSuccess: (_accepted, { target }) =>
      queryClient.invalidateQueries({
        queryKey:
          'vehicleNumber' in target
            ? queryKeys.bikes.bike(target.vehicleNumber)
            : queryKeys.fleet.information,
      }),
  });
}
