// H3 cells (h3-js, ADR 0128): a position's cell at a resolution, a cell's centre as
// [longitude, latitude], and the check of a cell a caller names.
import { cellToBoundary, cellToLatLng, getResolution, isValidCell, latLngToCell } from 'h3-js';
import { badRequest } from '../../lib/problem';
import type { LonLat } from './recommend';

export const cellOf = (lon: number, lat: number, resolution: number) =>
  latLngToCell(lat, lon, resolution);

export function centreOf(cell: string): LonLat {
  const [lat, lon] = cellToLatLng(cell);
  return [Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6];
}

/** the cell's outline as [longitude, latitude] pairs, closed */
export function boundaryOf(cell: string): Array<[number, number]> {
  return cellToBoundary(cell, true).map(
    ([lon, lat]) =>
      [Math.round(lon! * 1e6) / 1e6, Math.round(lat! * 1e6) / 1e6] as [number, number],
  );
}

/** A cell named by a caller: a valid H3 index of the resolution, else a 400. */
export function requireCell(cell: string, resolution: number, field = 'cell') {
  const lower = cell.toLowerCase();
  if (!isValidCell(lower))
    throw badRequest('This is not an H3 cell.', [{ field, message: 'unknown cell' }]);
  if (getResolution(lower) !== resolution)
    throw badRequest(`This cell is not of resolution ${resolution}.`, [
      { field, message: `must be of resolution ${resolution}` },
    ]);
  return lower;
}

/** Counts by cell, computed once per rounded position (many rows share one). */
export class CellIndex {
  private readonly cache = new Map<string, string>();
  constructor(readonly resolution: number) {}
  of(lon: number, lat: number) {
    const key = `${lon},${lat}`;
    let cell = this.cache.get(key);
    if (!cell) {
      cell = cellOf(lon, lat, this.resolution);
      this.cache.set(key, cell);
    }
    return cell;
  }
}
