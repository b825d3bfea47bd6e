// The worker's half-hourly planning (ADR 0128, queue rebalancing.plan) and the manager's
// "plan now": per fleet, train the forecast, recommend, plan the routes.
import type { Database } from '../../db/client';
import { recordEvents } from '../events/queries';
import { activeFleets } from './queries';
import { recommendForFleet, trainFleetForecast } from './plan-service';
import { planFleetRoutes } from './routes-service';

const DAY_MS = 86_400_000;

export async function planFleet(db: Database, fleetId: string, now: Date, by: string | null) {
  await trainFleetForecast(db, fleetId, now);
  const recommendations = await recommendForFleet(db, fleetId, now);
  const plan = await planFleetRoutes(db, fleetId, now);
  if (by)
    await recordEvents(db, [
      {
        fleetId,
        bikeId: null,
        type: 'OTHER',
        name: 'REBALANCING_PLANNED',
        source: 'MANAGER',
        userEmail: by,
        data: { recommendations: recommendations.length, routes: plan.routes.length },
        occurredAt: now,
      },
    ]);
  return { recommendations: recommendations.length, routes: plan.routes.length };
}

/** Every fleet with trips in the last four weeks. */
export async function planAllFleets(db: Database, now: Date) {
  for (const fleetId of await activeFleets(db, new Date(now.getTime() - 28 * DAY_MS)))
    await planFleet(db, fleetId, now, null);
}
