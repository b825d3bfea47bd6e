// GET fleet/list/csv and fleet/vehicles/csv (DESIGN §5): streamed CSV of the filtered fleet,
// read in keyset batches (frame no., id) so that 100,000 bikes never sit in memory and no
// transaction stays open while a slow client downloads.
import type { Bike, DistanceUnit, FleetFilter, Language } from '@vfm/contract';
import { DEFAULT_DISTANCE_UNIT } from '@vfm/contract';
import { toBike } from '../bikes/bike-view';
import type { RequestScope } from '../../plugins/request-scope';
import { findUserSettings } from '../settings/queries';
import { spreadsheetCsvLine, type CsvValue } from '@vfm/contract/csv';
import { LIST_CSV_COLUMNS, listCsvHeaders, type ListCsvColumn } from './csv-labels';
import { bikeBatch } from './queries';

const BATCH_SIZE = 2000;
const KM_PER_MILE = 1.609344;

/** The bikes of the filter, in frame-number order, batch by batch. */
async function* bikeBatches(scope: RequestScope, filter: FleetFilter) {
  let after: { vn: string; id: number } | null = null;
  for (;;) {
    const rows = await bikeBatch(
      scope.database,
      scope.fleetId,
      scope.now,
      filter,
      after,
      BATCH_SIZE,
    );
    if (rows.length) yield rows;
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { vn: last.vehicle_number, id: last.id };
  }
}

/** The user's distance unit (user settings of the settings module), KM by default (SPEC §9). */
async function distanceUnitOf(scope: RequestScope, applicationKey: string): Promise<DistanceUnit> {
  const row = await findUserSettings(scope.database, scope.principal.accountId, applicationKey);
  return row?.distance_unit === 'MI' ? 'MI' : DEFAULT_DISTANCE_UNIT;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export async function* listCsv(
  scope: RequestScope,
  filter: FleetFilter,
  language: Language,
  applicationKey: string,
): AsyncGenerator<string> {
  const unit = await distanceUnitOf(scope, applicationKey);
  const distance = (km: number | null) =>
    km === null ? null : round3(unit === 'MI' ? km / KM_PER_MILE : km);
  // each column's value, in the headers' order (csv-labels.ts LIST_CSV_COLUMNS: the one list)
  const CSV_VALUE: Record<ListCsvColumn, (bike: Bike) => CsvValue> = {
    vehicleNumber: (bike) => bike.vehicleNumber,
    bikeCode: (bike) => bike.bikeCode,
    moduleId: (bike) => bike.moduleId,
    model: (bike) => bike.model,
    group: (bike) => bike.group?.name,
    availability: (bike) => bike.availability,
    status: (bike) => bike.status,
    iotMode: (bike) => bike.iotMode,
    assistanceLocked: (bike) => bike.assistanceLocked,
    bikeBatteryLevel: (bike) => bike.bikeBatteryLevel,
    iotBatteryLevel: (bike) => bike.iotBatteryLevel,
    lastCommunicationDate: (bike) => bike.lastCommunicationDate,
    lastPositionDate: (bike) => bike.lastPositionDate,
    latitude: (bike) => bike.latitude,
    longitude: (bike) => bike.longitude,
    totalDistance: (bike) => distance(bike.totalKm),
    autonomy: (bike) => distance(bike.autonomyKm),
    lastTripDistance: (bike) => distance(bike.lastTripKm),
    averageDistancePerDay: (bike) => distance(bike.averageDistancePerDayKm),
    co2AvoidedKg: (bike) => round3(bike.co2AvoidedKg),
    theft: (bike) => bike.theft.state,
    warnings: (bike) => bike.warnings.join('|'),
  };
  // a BOM so that spreadsheets read the accented headers as UTF-8
  yield `\uFEFF${spreadsheetCsvLine(listCsvHeaders(language, unit === 'MI' ? 'mi' : 'km'))}`;
  for await (const rows of bikeBatches(scope, filter)) {
    yield rows
      .map((row) => {
        const bike = toBike(row);
        return spreadsheetCsvLine(LIST_CSV_COLUMNS.map((column) => CSV_VALUE[column](bike)));
      })
      .join('');
  }
}

/** DESIGN §5 bike import format, so that the file re-imports as is. */
export const VEHICLES_CSV_HEADER = ['vehicleNumber', 'bikeCode', 'moduleId', 'model', 'group'];

export async function* vehiclesCsv(
  scope: RequestScope,
  filter: FleetFilter,
): AsyncGenerator<string> {
  yield spreadsheetCsvLine(VEHICLES_CSV_HEADER);
  for await (const rows of bikeBatches(scope, filter)) {
    yield rows
      .map((row) =>
        spreadsheetCsvLine([
          row.vehicle_number,
          row.bike_code,
          row.module_id,
          row.model,
          row.group_name,
        ]),
      )
      .join('');
  }
}
