// THE COMMAND LIFE CYCLE (docs/architecture.md "The command life cycle"): every change of a
// command's state goes through this module; its SQL is queries.ts, the only writer of the
// `command` table.
//
//   create       enqueueCommands()            command-service.ts (the outbox: API, theft, zones,
//                                              the ingest's rider declarations)
//   send         claimForDelivery(),          the ingest's dispatcher (src/ingest/dispatcher.ts)
//                releaseDelivery(),           publishes what it claimed; the batch writer asks
//                commandsDueForBikes()        which commands a module that just talked waits for
//   acknowledge  acknowledgeCommands(),       the ingest's batch writer, inside its batch
//   / fail       settleAcknowledged()         transaction (one statement per batch)
//   expire       expireOverdueCommands()      the worker's commands.expire job, every minute
import type { CommandType } from '@vfm/contract';
import type { Database, Queryable, TxQuery } from '../../db/client';
import { domainEvent, type DomainEvent } from '../../jobs/domain-events';
import type { Jobs } from '../../jobs/job-queue';
import { FleetChanges } from '../bikes/fleet-changes';
import * as q from './queries';

export type { ClaimedCommandRow } from './queries';

/**
 * Send: claims the PENDING commands due for delivery (sent_at = at) among these ids or modules
 * (all when absent), of online modules only when `online` is given; oldest first, the order a
 * module applies them. A command already published is due again only after resendBefore — or,
 * for a module in `backSince`, when it was published before that module came back.
 */
export async function claimForDelivery(
  db: Queryable,
  input: {
    at: Date;
    resendBefore: Date;
    ids?: string[];
    moduleIds?: string[];
    backSince?: ReadonlyMap<string, Date>;
    online?: Iterable<string> | null;
  },
): Promise<q.ClaimedCommandRow[]> {
  const back = input.backSince ? [...input.backSince] : [];
  const claimed = await q.claimCommands(db, {
    at: input.at,
    resendBefore: input.resendBefore,
    ids: input.ids ?? null,
    moduleIds: input.moduleIds ?? null,
    online: input.online ? [...input.online] : null,
    backModules: back.map(([moduleId]) => moduleId),
    backSince: back.map(([, since]) => since),
  });
  return claimed.sort((a, b) => a.requested_at.getTime() - b.requested_at.getTime());
}

/** Send failed: the claim is released so that the next sweep publishes the command again. */
export function releaseDelivery(db: Queryable, commandId: string): Promise<void> {
  return q.releaseClaim(db, commandId);
}

/** The PENDING commands these bikes' modules wait for (never sent, or sent before resendBefore). */
export function commandsDueForBikes(
  db: Queryable,
  bikeIds: number[],
  now: Date,
  resendBefore: Date,
): Promise<string[]> {
  if (!bikeIds.length) return Promise.resolve([]);
  return q.dueCommandIds(db, bikeIds, now, resendBefore);
}

/** A module's ack as the ingest read it. */
export interface CommandAck {
  commandId: string;
  bikeId: number;
  ok: boolean;
  at: Date;
  detail: string | null;
}

export interface AppliedAck {
  commandId: string;
  bikeId: number;
  type: CommandType;
  value: string;
  ok: boolean;
}

/**
 * Acknowledge / fail: PENDING → ACKNOWLEDGED (ok) or FAILED, once (a repeated ack, or one for
 * another bike's command, changes nothing and is not answered), in one statement. The caller
 * calls settleAcknowledged() for the bikes afterwards, in the same transaction.
 */
export async function acknowledgeCommands(
  tx: TxQuery,
  acks: CommandAck[],
): Promise<Map<string, AppliedAck>> {
  const applied = new Map<string, AppliedAck>();
  if (!acks.length) return applied;
  const rows = await q.applyAcks(
    tx,
    acks.map((ack) => ({
      id: ack.commandId.toLowerCase(),
      bike_id: ack.bikeId,
      status: ack.ok ? 'ACKNOWLEDGED' : 'FAILED',
      ts: ack.at.toISOString(),
      detail: ack.detail,
    })),
  );
  for (const row of rows) {
    applied.set(row.id, {
      commandId: row.id,
      bikeId: row.bike_id,
      type: row.type,
      value: row.value,
      ok: row.status === 'ACKNOWLEDGED',
    });
  }
  return applied;
}

/** The domain event of an applied ack (notifications hear command.failed). */
export function ackEvent(
  ack: AppliedAck,
  bike: { fleetId: string; vehicleNumber: string },
): DomainEvent {
  return domainEvent(ack.ok ? 'command.acknowledged' : 'command.failed', {
    fleetId: bike.fleetId,
    bikeId: ack.bikeId,
    vehicleNumber: bike.vehicleNumber,
    commandId: ack.commandId,
    type: ack.type,
  });
}

/** After acks: the bikes' pending flags recomputed, each bike announced ('bike', 'command'). */
export async function settleAcknowledged(
  tx: TxQuery,
  bikes: Array<{ bikeId: number; fleetId: string }>,
  changes: FleetChanges,
): Promise<void> {
  await q.refreshPendingFlags(
    tx,
    bikes.map((bike) => bike.bikeId),
  );
  for (const { bikeId, fleetId } of bikes) {
    changes.add(fleetId, 'bike', 'command').addBikes(fleetId, [bikeId]);
  }
}

/**
 * Expire (DESIGN §7): a command not acknowledged within 24 h is EXPIRED. Run every minute by
 * the jobs home (queue commands.expire, ADR 0081) in one worker, whatever the number of
 * processes.
 */
export async function expireOverdueCommands(
  database: Database,
  jobs: Jobs,
  now: Date,
): Promise<number> {
  return database.transaction(async (tx) => {
    const expired = await q.expireOverdue(tx, now);
    if (!expired.length) return 0;
    await q.refreshPendingFlags(tx, [...new Set(expired.map((row) => row.bike_id))]);
    await jobs.publish(
      tx,
      expired.map((row) =>
        domainEvent('command.expired', {
          fleetId: row.fleet_id,
          bikeId: row.bike_id,
          vehicleNumber: row.vehicle_number,
          commandId: row.id,
          type: row.type,
        }),
      ),
    );
    // last: it locks the fleets' change sequences until the commit (ADR 0082)
    const changes = new FleetChanges();
    for (const row of expired) changes.add(row.fleet_id, 'bike', 'command');
    await changes.notify(tx);
    return expired.length;
  });
}
