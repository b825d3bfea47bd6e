// The simulated demo fleet of `npm start` (DESIGN §2): SIMULATOR_BIKES modules in
// "Demo Fleet", provisioned like an import, given 30 days of history once (demo mode), then run
// in-process over MQTT with their own credentials against the broker — exactly as real modules.
// It starts in the background: the API answers meanwhile.
import type { Logger } from 'pino';
import { FleetSimulator, type FleetModule } from '@vfm/simulator';
import type { AppContext } from '../plugins/context';
import { issueModuleSecrets } from '../modules/provisioning/provisioning-service';
import { demoWarnings, ensureDemoFleet, provisionDemoBikes } from './demo-fleet';
import { seedDemoTasks } from './demo-tasks';
import { seedDemoFirmware } from './demo-firmware';
import { firmwareSettings } from '../modules/firmware/settings';
import { seedDemoHistory } from './history-seed';
import { bikeStates } from './queries/fleet';
import type { RequestGate } from '../plugins/request-gate';

export interface DemoSimulation {
  /** settles once the modules are connected (or the start failed, which is logged) */
  ready: Promise<void>;
  readonly fleet: FleetSimulator | null;
  /** false while the demo's history is being written (the server answers meanwhile) */
  readonly historySeeded: boolean;
  stop(): Promise<void>;
}

export function startDemoSimulation(
  ctx: AppContext,
  logger: Logger,
  brokerUrl: string,
  /** settles once the HTTP server listens: the history seed waits for it (ADR 0102) */
  listening: Promise<void> = Promise.resolve(),
  /** the seed writes a bike only while no request is being answered (request-gate.ts) */
  gate?: RequestGate,
): DemoSimulation {
  const { config, database, now } = ctx;
  const log = logger.child({ component: 'simulator' });
  let stopped = false;
  let fleet: FleetSimulator | null = null;
  let historySeeded = !config.demo;

  const ready = (async () => {
    const fleetId = await ensureDemoFleet(database);
    const bikes = await provisionDemoBikes(database, fleetId, config.simulatorBikes, now());
    if (config.demo) {
      // background work: the server starts listening (and signing in works) first
      await listening;
      if (stopped) return;
      const started = Date.now();
      if (await seedDemoHistory(database, fleetId, bikes, now(), () => stopped, gate?.idle)) {
        log.info(
          { bikes: bikes.length, seconds: (Date.now() - started) / 1000 },
          'demo fleet: 30 days of history seeded',
        );
        // its thefts, low batteries and silent modules are alerts at once, not in a minute
        await ctx.jobs.send(null, 'alerts.sweep', {});
      }
      if (stopped) return;
      historySeeded = true;
      // docs/tasks.md: a few tasks by hand, beside those the alerts open
      await seedDemoTasks(
        database,
        fleetId,
        bikes.map((b) => b.id),
        now(),
      );
      await seedDemoFirmware(database, fleetId, firmwareSettings(config).store, now()); // ADR 0129
      // the reports' daily rollups of those 30 days (ADR 0127), at once
      await ctx.jobs.send(null, 'reports.rollup', { fleetId, recompute: true });
      // the heat maps' rollup per cell and hour of those days (ADR 0136)
      await ctx.jobs.send(null, 'rebalancing.rollup', { fleetId, recompute: true });
      // docs/rebalancing.md: the forecast, the moves suggested and the routes at first start
      await ctx.jobs.send(null, 'rebalancing.plan', {});
    }
    if (stopped) return;
    // the server drives these modules itself: it issues their secrets at each start
    const secrets = new Map(
      (
        await issueModuleSecrets(
          database,
          bikes.map((b) => b.moduleId),
        )
      ).map((s) => [s.moduleId, s.secret]),
    );
    const rows = await bikeStates(
      database,
      bikes.map((b) => b.id),
    );
    const silent = config.demo ? demoWarnings(bikes).silent?.moduleId : undefined;
    const modules: FleetModule[] = rows.map((row) => ({
      moduleId: row.module_id,
      ...(row.module_id === silent ? { silent: true } : {}),
      secret: secrets.get(row.module_id),
      ...(row.latitude !== null && row.longitude !== null
        ? { position: { lat: row.latitude, lon: row.longitude } }
        : {}),
      ...(row.odometer_km !== null ? { odometerKm: row.odometer_km } : {}),
      ...(row.bike_battery_level !== null ? { bikeBattery: row.bike_battery_level } : {}),
      ...(row.iot_battery_level !== null ? { iotBattery: row.iot_battery_level } : {}),
      // NAVIGATION and STANDBY are what a module reports by itself: it restarts automatic
      mode: row.iot_mode && row.iot_mode !== 'NAVIGATION' ? row.iot_mode : 'STANDBY',
      assistanceLocked: row.assistance_locked,
      alarmActive: row.alarm_active,
      ...(row.battery_number ? { batteryNumber: row.battery_number } : {}),
      ...(row.battery_state_of_health !== null ? { batterySoh: row.battery_state_of_health } : {}),
      ...(row.battery_charge_cycles !== null ? { batteryCycles: row.battery_charge_cycles } : {}),
    }));
    if (stopped) return;
    fleet = new FleetSimulator({
      brokerUrl,
      modules,
      // riders already out as at this hour: the demo is alive from the first minute
      warmStart: true,
      behaviour: { ackErrorRate: ctx.config.simulatorCommandFailurePercent / 100 },
      log: (message) => log.warn(message),
    });
    await fleet.start();
    log.info(
      {
        modules: modules.length,
        silent: fleet.stats.silent,
        broker: brokerUrl.replace(/\/\/[^@]*@/, '//'),
      },
      `simulator: ${fleet.stats.connected} modules connected, ${fleet.modules.filter((m) => m.moving).length} riding`,
    );
  })().catch((err: unknown) => {
    // the server works without its demo: not ready for ever would be worse
    historySeeded = true;
    log.error({ err }, 'the simulated demo fleet could not start');
  });

  return {
    ready,
    get fleet() {
      return fleet;
    },
    get historySeeded() {
      return historySeeded;
    },
    async stop() {
      stopped = true;
      await ready;
      await fleet?.stop();
    },
  };
}
