// GET products/details/commands/{vehicleNumber}: a bike's commands, newest first — its page's
// command history, and a bulk action's commands read again after the stream lost some answers.
import type { CommandHistory } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';

export const getBikeCommands = (http: HttpClient, vehicleNumber: string, size: number) =>
  http.get<CommandHistory>(`products/details/commands/${encodeURIComponent(vehicleNumber)}`, {
    query: { size },
  });
