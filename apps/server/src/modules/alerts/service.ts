// The alerts of a fleet (ADR 0081): listed with filters, acknowledged, assigned
// and cleared by the fleet's users; opened and cleared by themselves through
// `reconcileBikes` (the subscriber of the warning events) and `sweepAlerts` (every minute).
// The alerts only reconcile conditions: the zones module places the bikes among the zones
// (their marks are conditions) and publishes `bike.zones-changed` (ADR 0123).
// Every change reaches the fleet's screens through the stream and is published as a domain
// event for whoever subscribes (notifications).
import type {
  Alert,
  AlertAcknowledge,
  AlertAssign,
  AlertAssignees,
  AlertClear,
  AlertPage,
  AlertQuery,
} from '@vfm/contract';
import type { Database, Queryable } from '../../db/client';
import { domainEvent } from '../../jobs/domain-events';
import type { Jobs } from '../../jobs/job-queue';
import { badRequest, conflict, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { fact, record, type Fact } from '../events/facts';
import {
  isActiveAccountOfFleet,
  lockAlert,
  lockAlertWriters,
  reconcileAlerts,
  selectAlert,
  selectAlertPage,
  selectAssignees,
  updateAcknowledged,
  updateAssignee,
  updateCleared,
  type AlertChange,
} from './queries';

const NOT_FOUND = 'This alert does not exist in your fleet.';

export async function listAlerts(scope: RequestScope, query: AlertQuery): Promise<AlertPage> {
  const { page, size, state, kind, vehicleNumber, mine } = query;
  const { content, total } = await selectAlertPage(
    scope.database,
    scope.fleetId,
    {
      state,
      ...(kind ? { kind } : {}),
      ...(vehicleNumber ? { vehicleNumbers: vehicleNumber } : {}),
      ...(mine ? { assigneeId: scope.principal.accountId } : {}),
    },
    page,
    size,
  );
  return { content, totalElements: total, page, size };
}

export async function listAssignees(scope: RequestScope): Promise<AlertAssignees> {
  return { users: await selectAssignees(scope.database, scope.fleetId) };
}

/** Acknowledging an acknowledged alert changes nothing (the first one's who and when stay). */
export async function acknowledgeAlert(
  scope: RequestScope,
  id: string,
  body: AlertAcknowledge,
): Promise<Alert> {
  return act(scope, id, async (tx, alert) => {
    if (alert.acknowledged) return null;
    await updateAcknowledged(tx, id, scope.principal.accountId, body.comment ?? null, scope.now);
    return fact('alert.acknowledged', {
      ...bikeOf(scope, alert),
      alertId: id,
      kind: alert.kind,
      by: scope.principal.email,
    });
  });
}

export async function assignAlert(scope: RequestScope, id: string, body: AlertAssign) {
  return act(scope, id, async (tx, alert) => {
    if (alert.cleared) throw conflict('This alert is cleared: it can no longer be assigned.');
    const { assigneeId } = body;
    if (assigneeId && !(await isActiveAccountOfFleet(tx, scope.fleetId, assigneeId)))
      throw badRequest('The assignee is not an active user of your fleet.', [
        { field: 'assigneeId', message: 'not an active user of your fleet' },
      ]);
    await updateAssignee(tx, id, assigneeId, scope.now);
    return fact('alert.assigned', {
      ...bikeOf(scope, alert),
      alertId: id,
      kind: alert.kind,
      assigneeId,
    });
  });
}

export async function clearAlert(scope: RequestScope, id: string, body: AlertClear) {
  return act(scope, id, async (tx, alert) => {
    if (alert.cleared) throw conflict('This alert is already cleared.', 'ALERT_CLEARED');
    await updateCleared(tx, id, scope.principal.accountId, body.reason, scope.now);
    return fact('alert.cleared', {
      ...bikeOf(scope, alert),
      alertId: id,
      kind: alert.kind,
      by: scope.principal.email,
    });
  });
}

type LockedAlert = NonNullable<Awaited<ReturnType<typeof lockAlert>>>;

const bikeOf = (scope: RequestScope, alert: LockedAlert) => ({
  fleetId: scope.fleetId,
  bikeId: alert.bikeId,
  vehicleNumber: alert.vehicleNumber,
});

/** One user action on one alert of the caller's fleet (404 for any other). */
async function act(
  scope: RequestScope,
  id: string,
  change: (tx: Queryable, alert: LockedAlert) => Promise<Fact | null>,
): Promise<Alert> {
  const { database, fleetId } = scope;
  await database.transaction(async (tx) => {
    const alert = await lockAlert(tx, fleetId, id);
    if (!alert) throw notFound(NOT_FOUND);
    const happened = await change(tx, alert);
    if (happened) await record(tx, scope.ctx.jobs, [happened]);
  });
  const alert = await selectAlert(database, fleetId, id);
  if (!alert) throw notFound(NOT_FOUND);
  return alert;
}

/** Opens and clears the alerts of these bikes as their conditions say (the event subscriber). */
export async function reconcileBikes(
  database: Database,
  jobs: Jobs,
  bikeIds: number[],
  now: Date,
): Promise<AlertChange[]> {
  if (!bikeIds.length) return [];
  return database.transaction(async (tx) => {
    await lockAlertWriters(tx);
    const changes = await reconcileAlerts(tx, bikeIds, now);
    await announce(tx, jobs, changes);
    return changes;
  });
}

/**
 * Every bike of every fleet (the per-minute sweep): opens the silent modules' alerts — a
 * module that sends nothing triggers nothing — and repairs whatever an event could not.
 */
export async function sweepAlerts(database: Database, jobs: Jobs, now: Date) {
  return database.transaction(async (tx) => {
    await lockAlertWriters(tx);
    const changes = await reconcileAlerts(tx, null, now);
    const silent = changes.filter((c) => c.kind === 'LACK_MODULE_COMM' && c.change === 'opened');
    await jobs.publish(
      tx,
      silent.map((c) => domainEvent('module.silent', bikeRef(c))),
    );
    await announce(tx, jobs, changes);
    return changes;
  });
}

const bikeRef = (change: AlertChange) => ({
  fleetId: change.fleetId,
  bikeId: change.bikeId,
  vehicleNumber: change.vehicleNumber,
});

/** The reconciliation's changes, recorded as facts (ADR 0123). */
async function announce(tx: Queryable, jobs: Jobs, changes: AlertChange[]) {
  await record(
    tx,
    jobs,
    changes.map((change) => {
      const alert = { ...bikeRef(change), alertId: change.alertId, kind: change.kind };
      return change.change === 'opened'
        ? fact('alert.opened', alert)
        : fact('alert.cleared', { ...alert, by: null });
    }),
  );
}
