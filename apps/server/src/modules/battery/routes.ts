// Battery health (ADR 0130, docs/battery.md): the fleet's packs, their CSV, one bike's battery
// and the fleet's battery settings (administrators change them). Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  BatterySettingsSchema,
  BikeBatterySchema,
  FleetBatterySchema,
  VehicleNumberParamsSchema,
} from '@vfm/contract';
import { routeDoc } from '../../lib/route-schema';
import { scopeOf } from '../../plugins/request-scope';
import {
  fleetBatteryCsv,
  getBikeBattery,
  getFleetBattery,
  getSettings,
  saveSettings,
} from './service';

const route = routeDoc(['battery']);

const batteryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/battery/fleet',
    route(
      "The fleet's packs: state of health distribution, worst packs, Wh/km per model, peak hour",
      { ok: FleetBatterySchema, problems: [400] },
    ),
    async (request) => getFleetBattery(scopeOf(request)),
  );

  app.get(
    '/battery/fleet/csv',
    route('Every pack of the fleet as CSV (state of health, cycles, Wh/km, temperature)', {
      produces: ['text/csv'],
      ok: Type.String(),
      problems: [400],
    }),
    async (request, reply) => {
      const lines: string[] = [];
      for await (const line of fleetBatteryCsv(scopeOf(request))) lines.push(line);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="battery-packs-${day}.csv"`)
        .send(lines.join(''));
    },
  );

  app.get(
    '/battery/bikes/:vehicleNumber',
    route(
      "The bike's pack (state of health and its trend, cycles) and its predicted time to 20 %",
      { params: VehicleNumberParamsSchema, ok: BikeBatterySchema },
    ),
    async (request) => getBikeBattery(scopeOf(request), request.params.vehicleNumber),
  );

  app.get(
    '/battery/settings',
    route("The fleet's battery settings: nominal capacity, state of health threshold", {
      ok: BatterySettingsSchema,
      problems: [400],
    }),
    async (request) => getSettings(scopeOf(request)),
  );

  app.put(
    '/battery/settings',
    route.admin("Change the fleet's battery settings (administrators; an audited action)", {
      body: Type.Partial(BatterySettingsSchema, { additionalProperties: false, minProperties: 1 }),
      ok: BatterySettingsSchema,
      problems: [413, 415],
    }),
    async (request) => saveSettings(scopeOf(request), request.body),
  );
};

export default batteryRoutes;
