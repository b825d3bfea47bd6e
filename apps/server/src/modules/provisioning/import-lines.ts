// The line-by-line path of a bike import: each line under a savepoint, so that one line that
// meets a unique index fails alone. The batch path falls back to it when another import
// changed the same bikes meanwhile (import-batch.ts); the demo fleet and the benchmarks
// provision through it.
import type { VehicleImportResult } from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import * as rules from './import-rules';
import {
  deleteModuleCredentials,
  insertBikes,
  insertModuleCredentials,
  savepoint,
  selectBikeForUpdate,
  updateBikes,
} from './queries';

/** Applies the valid lines, each under a savepoint so that one bad line fails alone. */
export async function provisionVehicles(
  tx: TxQuery,
  input: rules.ProvisionInput,
): Promise<VehicleImportResult> {
  const result: VehicleImportResult = { created: 0, updated: 0, errors: [], modules: [] };
  const groups = new Map<string, string>();
  const events: rules.PairingEvent[] = [];

  for (const line of input.lines) {
    await savepoint.set(tx, 'vehicle_line');
    try {
      const groupKey = line.group?.toLowerCase();
      if (groupKey && !groups.has(groupKey)) {
        for (const [key, id] of await rules.resolveGroups(tx, input.fleetId, [line]))
          groups.set(key, id);
      }
      const groupId = groupKey ? groups.get(groupKey)! : null;
      const existing = await selectBikeForUpdate(tx, input.fleetId, line.vehicleNumber);
      const write = { ...line, groupId };
      let bikeId: number;
      if (existing) {
        bikeId = existing.id;
        await updateBikes(tx, [{ ...write, id: bikeId }]);
      } else {
        const ids = await insertBikes(tx, input.fleetId, rules.DEFAULT_SPEED_LIMIT_KMH, [write]);
        bikeId = ids.get(line.vehicleNumber.toLowerCase())!;
      }
      const moduleChanged = existing?.module_id !== line.moduleId;
      if (existing?.module_id && moduleChanged) await deleteModuleCredentials(tx, [bikeId]);
      let secret: string | null = null;
      if (line.moduleId && (moduleChanged || !existing?.has_credential)) {
        const prepared = await rules.newModuleSecret();
        secret = prepared.secret;
        await insertModuleCredentials(tx, [
          { moduleId: line.moduleId, bikeId, secretHash: prepared.hash },
        ]);
      }
      await savepoint.release(tx, 'vehicle_line');
      if (existing) result.updated += 1;
      else result.created += 1;
      if (secret && line.moduleId) result.modules.push({ moduleId: line.moduleId, secret });
      events.push(...rules.pairingEventsOf(bikeId, line, existing?.module_id));
    } catch (error) {
      await savepoint.rollback(tx, 'vehicle_line');
      const conflict = rules.conflictOf(error);
      if (!conflict) throw error;
      result.errors.push({ line: line.line, message: rules.CONFLICTS[conflict]!(line) });
      groups.clear(); // a group created under the rolled-back savepoint is gone
    }
  }

  await rules.finishImport(tx, input, result, events);
  return result;
}
