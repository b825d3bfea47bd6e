// GET products/find/{text} (DESIGN §5, SPEC §2 global search): frame no., IoT code or bike
// unique code, case-insensitive, at most 20. An exact match wins over partial ones so that a
// complete number leads to its bike even when it is the prefix of others. No match is a 404
// ("Bike or IoT not found", SPEC §8), like a bike of another fleet everywhere else.
import type { FindResult } from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { bikeNotFound } from '../bikes/bike-lookup';
import { findContaining, findExact } from './queries';

export async function findBikes(
  scope: Pick<RequestScope, 'database' | 'fleetId'>,
  text: string,
): Promise<FindResult> {
  const exact = await findExact(scope.database, scope.fleetId, text);
  if (exact.length) return { vehicleNumbers: exact };
  const partial = await findContaining(scope.database, scope.fleetId, text);
  if (!partial.length) throw bikeNotFound([text]);
  return { vehicleNumbers: partial };
}
