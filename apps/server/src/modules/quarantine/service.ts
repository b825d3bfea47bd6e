// The ingest quarantine seen by a fleet administrator (docs/operations.md): the
// messages the ingest could not store, which they retry once the cause is fixed (a newer
// server, a corrected bike) or clear. A retry runs the ingest's own validation and writer
// (replay.ts: the ingest gives them to the server).
import type {
  QuarantinePage,
  QuarantineQuery,
  QuarantineRetry,
  QuarantinedMessage,
} from '@vfm/contract';
import { HttpProblem, conflict, notFound } from '../../lib/problem';
import { moduleMoved } from './module-moved';
import type { QuarantineReplay } from './replay';
import type { RequestScope } from '../../plugins/request-scope';
import { fact, record } from '../events/facts';
import {
  deleteQuarantined,
  recordFailedAttempt,
  selectModuleCarrierForUpdate,
  selectQuarantinePage,
  selectQuarantinedForUpdate,
} from './queries';

const NOT_FOUND = 'This message is not in the quarantine of your fleet.';

export async function getQuarantine(
  scope: RequestScope,
  query: QuarantineQuery,
): Promise<QuarantinePage> {
  const { page, size } = query;
  const { content, total } = await selectQuarantinePage(scope.database, scope.fleetId, page, size);
  return { content, totalElements: total, page, size };
}

/** Writes the message as the ingest would, into the bike that carried its module when it was
 *  quarantined; on success it leaves the quarantine. */
export async function retryQuarantined(
  scope: RequestScope,
  replay: QuarantineReplay,
  id: number,
): Promise<QuarantineRetry> {
  const { database, fleetId, now } = scope;
  let failure: string;
  try {
    const outcome = await database.transaction(async (tx) => {
      const entry = await selectQuarantinedForUpdate(tx, fleetId, id);
      if (!entry) throw notFound(NOT_FOUND);
      // only into the bike of this fleet that carried the module then (ADR 0120)
      const carrier = await selectModuleCarrierForUpdate(tx, entry.moduleId);
      const moved = moduleMoved(entry, fleetId, carrier);
      if (moved) throw moved;
      const outcome = await replay.store(tx, entry, { now, jobs: scope.ctx.jobs });
      await deleteQuarantined(tx, fleetId, id);
      await record(tx, scope.ctx.jobs, [
        fact('quarantine.stored', { ...quarantineFact(scope, entry), outcome }),
      ]);
      return outcome;
    });
    scope.log.info({ quarantineId: id, outcome }, 'quarantined module message retried');
    return { outcome };
  } catch (error) {
    if (!(error instanceof Error) || error instanceof HttpProblem) throw error;
    failure = replay.describeError(error);
  }
  await recordFailedAttempt(database, id, failure);
  throw conflict(`The message still cannot be stored (${failure}).`, 'STILL_QUARANTINED');
}

export async function clearQuarantined(scope: RequestScope, id: number): Promise<void> {
  const { database, fleetId } = scope;
  await database.transaction(async (tx) => {
    const entry = await selectQuarantinedForUpdate(tx, fleetId, id);
    if (!entry) throw notFound(NOT_FOUND);
    await deleteQuarantined(tx, fleetId, id);
    await record(tx, scope.ctx.jobs, [fact('quarantine.cleared', quarantineFact(scope, entry))]);
  });
  scope.log.info({ quarantineId: id }, 'quarantined module message cleared');
}

/** Who did it, to which module's message (the facts' audit row: events/facts.ts). */
const quarantineFact = (scope: RequestScope, entry: QuarantinedMessage) => ({
  fleetId: scope.fleetId,
  by: scope.principal.email,
  at: scope.now,
  message: {
    vehicleNumber: entry.vehicleNumber,
    moduleId: entry.moduleId,
    kind: entry.kind,
    reason: entry.reason,
  },
});
