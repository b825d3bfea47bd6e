// GET rebalancing/forecast (ADR 0128): the worker's last forecast of trip starts per cell for
// the next 24 hours, the hours already past since its training left out.
import { REBALANCING_DEFAULT_RESOLUTION, type Forecast, type ForecastQuery } from '@vfm/contract';
import { badRequest } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { centreOf, requireCell } from './cells';
import { HOUR_MS } from './forecast';
import { selectForecast } from './queries';

export async function getForecast(scope: RequestScope, query: ForecastQuery): Promise<Forecast> {
  const resolution = query.resolution ?? REBALANCING_DEFAULT_RESOLUTION;
  if (resolution !== REBALANCING_DEFAULT_RESOLUTION)
    throw badRequest(`The forecast is kept at resolution ${REBALANCING_DEFAULT_RESOLUTION}.`, [
      { field: 'resolution', message: `must be ${REBALANCING_DEFAULT_RESOLUTION}` },
    ]);
  const only = query.cell !== undefined ? requireCell(query.cell, resolution) : null;
  const row = await selectForecast(scope.database, scope.fleetId);
  if (!row) return { trainedAt: null, from: null, resolution, cells: [] };
  const startsAt = new Date(row.starts_at).getTime();
  const offset = Math.max(0, Math.floor((scope.now.getTime() - startsAt) / HOUR_MS));
  return {
    trainedAt: new Date(row.trained_at).toISOString(),
    from: new Date(startsAt + offset * HOUR_MS).toISOString(),
    resolution,
    cells: row.cells
      .filter((c) => only === null || c.cell === only)
      .map((c) => ({
        cell: c.cell,
        centre: centreOf(c.cell),
        model: c.model,
        hourly: c.hourly.slice(offset),
      })),
  };
}
