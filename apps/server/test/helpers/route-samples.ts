// Sample requests for any route of the table, inferred from its schemas, for the scoping
// matrix and the hostile-input test. Two fleets ("own" and "foreign") with the same cast and
// data; a parameter that names an entity (bike, account, command, event, group) gets the
// entity of the side asked for. Inference that cannot find a value throws, naming the route
// and the parameter, so that a new route fails loudly until SAMPLE_RULES knows it.
import { APPLICATION_KEY, defaultOpenDataSettings } from '@vfm/contract';
import { createBike, type BikeRow } from './bikes';
import { createAccount, createFleetWithTechnician, type AccountRow } from './factories';
import {
  createAlert,
  createCommand,
  createEvent,
  createFailedJob,
  createGroup,
  createQuarantined,
  createZone,
  SAMPLE_ZONE_GEOMETRY,
} from './fleet-data';
import { ruleInput } from '../notifications/rule-input';
import { RawBody } from './raw-request';
import type { JsonSchema, RecordedRoute } from './route-table';
import type { TestServer } from './server';

export type SideName = 'own' | 'foreign';

export interface Side {
  name: SideName;
  fleet: { id: string; name: string };
  manager: AccountRow;
  admin: AccountRow;
  managerToken: string;
  adminToken: string;
  /** a field technician of the fleet (docs/tasks.md) */
  technician: AccountRow;
  technicianToken: string;
  bike: BikeRow;
  groupId: string;
  commandId: string;
  eventId: number;
  /** a zone of the side's fleet, made when a GET first needs one */
  zoneId?: string;
  /** the webhook endpoint last made for the side (a delivery belongs to it; docs/notifications.md) */
  webhookId?: string;
  /** a task of the side's fleet, made when a GET first needs one (docs/tasks.md) */
  taskId?: string;
  /** every identifier of this side that must never show in the other side's answers */
  secrets: string[];
}

export interface World {
  t: TestServer;
  own: Side;
  foreign: Side;
  /** a fresh bike of a side, for calls that change or remove what they touch */
  freshBike(side: Side, columns?: Record<string, unknown>): Promise<BikeRow>;
  freshAccount(side: Side): Promise<AccountRow>;
}

async function createSide(t: TestServer, name: SideName): Promise<Side> {
  const cast = await createFleetWithTechnician(t, `Matrix ${name} ${Date.now()}`);
  const tag = name === 'own' ? 'MXO' : 'MXF';
  const bike = await createBike(t, cast.fleet, {
    vehicle_number: `${tag}-BIKE-1`,
    bike_code: `${tag}-CODE-1`,
    module_id: name === 'own' ? 'O00001' : 'F00001',
  });
  const group = await createGroup(t, cast.fleet, `${tag} group`);
  const command = await createCommand(t, bike);
  const event = await createEvent(t, bike);
  return {
    name,
    ...cast,
    bike,
    groupId: group.id,
    commandId: command.id,
    eventId: event.id,
    secrets: [
      cast.fleet.id,
      cast.fleet.name,
      cast.manager.email,
      cast.admin.email,
      cast.technician.email,
      bike.vehicleNumber,
      bike.bikeCode,
      bike.moduleId,
      group.id,
    ],
  };
}

export async function createWorld(t: TestServer): Promise<World> {
  const own = await createSide(t, 'own');
  const foreign = await createSide(t, 'foreign');
  let n = 0;
  return {
    t,
    own,
    foreign,
    async freshBike(side, columns = {}) {
      n += 1;
      const tag = side.name === 'own' ? 'MXO' : 'MXF';
      const bike = await createBike(t, side.fleet, {
        vehicle_number: `${tag}-FRESH-${n}`,
        bike_code: `${tag}-FRESHC-${n}`,
        ...columns,
      });
      if (side.name === 'foreign') side.secrets.push(bike.vehicleNumber, bike.bikeCode);
      return bike;
    },
    async freshAccount(side) {
      const account = await createAccount(t, side.fleet);
      if (side.name === 'foreign') side.secrets.push(account.email, account.id);
      return account;
    },
  };
}

/** What to send. `references` is true when the request names an entity of the side. */
export interface Sample {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: unknown;
  references: boolean;
}

interface Context {
  world: World;
  side: Side;
  route: RecordedRoute;
  /** GET reuses the side's entities; other methods get fresh ones */
  fresh: boolean;
}

type Resolver = (ctx: Context, schema: JsonSchema) => Promise<string | undefined>;

const bikeNumber: Resolver = async ({ world, side, fresh }) =>
  fresh ? (await world.freshBike(side)).vehicleNumber : side.bike.vehicleNumber;
const accountId: Resolver = async ({ world, side, fresh, route }) =>
  fresh || route.method !== 'GET' ? (await world.freshAccount(side)).id : side.manager.id;

/** an open battery swap of a fresh bike of the side (docs/tasks.md); GET reuses one */
const taskId: Resolver = async ({ world, side, fresh }) => {
  if (!fresh && side.taskId) return side.taskId;
  const bike = await world.freshBike(side);
  const [row] = await world.t.server.database.query<{ id: string }>(
    `INSERT INTO task (fleet_id, bike_id, kind) VALUES ($1, $2, 'BATTERY_SWAP') RETURNING id`,
    [side.fleet.id, bike.id],
  );
  if (side.name === 'foreign') side.secrets.push(row!.id);
  if (!fresh) side.taskId = row!.id;
  return row!.id;
};

const zoneId: Resolver = async ({ world, side, fresh }) => {
  if (!fresh && side.zoneId) return side.zoneId;
  const { id } = await createZone(world.t, side.fleet.id);
  if (side.name === 'foreign') side.secrets.push(id);
  if (!fresh) side.zoneId = id;
  return id;
};

// ---- report schedules (ADR 0127): one of the side's fleet (a remove takes it away: a fresh one)
const reportScheduleId: Resolver = async ({ world, side }) => {
  const [row] = await world.t.server.database.query<{ id: string }>(
    `INSERT INTO report_schedule (fleet_id, name, frequency, format, recipients, time_zone, hour,
            next_from)
     VALUES ($1, 'Matrix', 'WEEKLY', 'pdf', '{matrix@example.com}', 'UTC', 7, current_date)
     RETURNING id`,
    [side.fleet.id],
  );
  if (side.name === 'foreign') side.secrets.push(row!.id);
  return row!.id;
};

// ---- webhooks (docs/webhooks.md): an endpoint of the side's fleet, and a delivery of it ----------
const webhookId: Resolver = async ({ world, side }) => {
  const [row] = await world.t.server.database.query<{ id: string }>(
    `INSERT INTO webhook_endpoint (fleet_id, url, kinds, events, secret_encrypted, secret_hint)
     VALUES ($1, 'https://hooks.example.com/matrix', '{REPORTED_THEFT}', '{alert.opened}',
             'v1.not.a.secret', 'whsec_matr…') RETURNING id`,
    [side.fleet.id],
  );
  if (side.name === 'foreign') side.secrets.push(row!.id);
  side.webhookId = row!.id;
  return row!.id;
};
const webhookDeliveryId: Resolver = async ({ world, side }) => {
  const [row] = await world.t.server.database.query<{ id: string }>(
    `INSERT INTO webhook_delivery (endpoint_id, fleet_id, idempotency_key, event, body, state)
     VALUES ($1, $2, 'matrix:' || gen_random_uuid(), 'webhook.test', '{}', 'FAILED')
     RETURNING id`,
    [side.webhookId, side.fleet.id],
  );
  return row!.id;
};
const SAMPLE_WEBHOOK = { url: 'https://hooks.example.com/matrix', kinds: ['REPORTED_THEFT'] };
// ---- end of webhooks ----------------------------------------------------------------------

// ---- firmware (docs/firmware.md): a package of the side's fleet, and a campaign of it --------
const firmwarePackageId: Resolver = async ({ world, side }) => {
  const [row] = await world.t.server.database.query<{ id: string }>(
    `INSERT INTO firmware_package (id, fleet_id, version, module_model, file_name, size, sha256, storage_key)
     SELECT id, $1, 'mx-' || id, 'VFM-IOT-3', 'fw.bin', 1, repeat('0', 64), id
       FROM (SELECT gen_random_uuid() AS id) AS n RETURNING id`,
    [side.fleet.id],
  );
  if (side.name === 'foreign') side.secrets.push(row!.id);
  return row!.id;
};
const firmwareCampaignId: Resolver = async (ctx, schema) => {
  const packageId = await firmwarePackageId(ctx, schema);
  const [row] = await ctx.world.t.server.database.query<{ id: string }>(
    `INSERT INTO firmware_campaign (id, fleet_id, package_id, name, state, canary_percent,
        pace_per_minute, max_failure_percent)
     VALUES (gen_random_uuid(), $1, $2, 'Matrix', 'PAUSED', 10, 100, 20) RETURNING id`,
    [ctx.side.fleet.id, packageId],
  );
  if (ctx.side.name === 'foreign') ctx.side.secrets.push(row!.id);
  return row!.id;
};
// ---- end of firmware ----------------------------------------------------------------------
// ---- rules (docs/rules.md): a written rule of the side's fleet, and its body ---------------------
const SAMPLE_FLEET_RULE = {
  name: 'Matrix rule',
  enabled: false,
  severity: 'MINOR',
  condition: { all: [{ type: 'assistanceLocked', value: true }] },
  scope: { groupIds: [], models: [] },
  actions: [{ type: 'alert' }],
  latch: false,
};
const fleetRuleId: Resolver = async ({ world, side }) => {
  const [row] = await world.t.server.database.query<{ id: string }>(
    `INSERT INTO rule (id, fleet_id, alert_kind, name, enabled, severity, condition, actions)
     SELECT id, $1, 'RULE:' || id, 'Matrix', false, 'MINOR', $2, '[{"type": "alert"}]'
       FROM (SELECT gen_random_uuid() AS id) x RETURNING id`,
    [side.fleet.id, JSON.stringify(SAMPLE_FLEET_RULE.condition)],
  );
  if (side.name === 'foreign') side.secrets.push(row!.id);
  return row!.id;
};
// ---- end of rules -------------------------------------------------------------------------

/**
 * Entities named by a parameter, first match wins: [pattern of "METHOD /url", parameter name,
 * resolver]. A new route whose parameter no rule resolves makes the tests fail with its name:
 * add a rule.
 */
export const SAMPLE_RULES: Array<[RegExp, RegExp, Resolver]> = [
  // cancelling needs a reported theft
  [
    /^DELETE .*\/products\/theft\//,
    /^vehicleNumber$/,
    async ({ world, side }) =>
      (await world.freshBike(side, { theft_state: 'REPORTED' })).vehicleNumber,
  ],
  // revoking a share names the bike of the side's share (docs/manager-tools.md)
  [
    /^DELETE .*\/products\/shares\//,
    /^vehicleNumber$/,
    async ({ side }) => side.bike.vehicleNumber,
  ],
  // a bike's battery (docs/battery.md): the side's bike
  [/\/battery\/bikes\//, /^vehicleNumber$/, async ({ side }) => side.bike.vehicleNumber],
  [/./, /^(vehicleNumber|vn)$/, bikeNumber],
  [/\/products\/find\//, /^text$/, async ({ side }) => side.bike.vehicleNumber],
  [/\/accounts/, /^(id|accountId)$/, accountId],
  [/\/users\//, /^userId$/, async ({ side }) => side.manager.id],
  [/\/application\/settings\//, /^applicationKey$/, async () => APPLICATION_KEY],
  // an acknowledged alert: the event id (integer) or the command id (uuid), by its schema
  [
    /\/commands\/ack\//,
    /^id$/,
    async ({ side }, schema) => (schema.type === 'integer' ? String(side.eventId) : side.commandId),
  ],
  [/./, /^groupId$/, async ({ side }) => side.groupId],
  // a message of the side's ingest quarantine (retry and clear take it away: a fresh one)
  [
    /\/quarantine\//,
    /^id$/,
    async ({ world, side }) => String((await createQuarantined(world.t, side.bike)).id),
  ],
  // an active alert of the side's fleet (clear takes it away: a fresh one)
  [
    /\/alerts\//,
    /^id$/,
    async ({ world, side }) => (await createAlert(world.t, await world.freshBike(side))).id,
  ],
  // an alert is assigned to a user of the side's fleet
  [/\/alerts\//, /^assigneeId$/, async ({ side }) => side.manager.id],
  // a dead letter of the side's fleet (retry takes it away: a fresh one)
  [
    /\/fleet\/admin\/jobs\//,
    /^id$/,
    async ({ world, side }) => (await createFailedJob(world.t, side.bike)).id,
  ],
  // a task of the side's fleet and an item of its checklist (docs/tasks.md)
  [/\/tasks\//, /^id$/, taskId],
  [/\/tasks\/:id\/checklist\//, /^item$/, async () => 'removeBattery'],
  // a zone of the side's fleet (changes and deletion take it away: a fresh one)
  [/\/zones\//, /^id$/, zoneId],
  // a webhook endpoint of the side's fleet, and one of its deliveries (docs/notifications.md)
  [/\/webhooks\//, /^id$/, webhookId],
  [/\/report-schedules\//, /^id$/, reportScheduleId],
  [/\/webhooks\//, /^deliveryId$/, webhookDeliveryId],
  // a firmware package and a (paused) campaign of the side's fleet (docs/firmware.md)
  [/\/firmware\/packages\//, /^id$/, firmwarePackageId],
  [/\/firmware\/campaigns\//, /^id$/, firmwareCampaignId],
  // a written rule of the side's fleet (docs/rules.md)
  [/ \/api\/.*\/rules\/:id$/, /^id$/, fleetRuleId],
  // notifications (docs/notifications.md): a fresh rule and notification of the side's manager
  [
    /\/notification-rules\//,
    /^id$/,
    async ({ world, side }) => {
      const [row] = await world.t.server.database.query<{ id: string }>(
        `INSERT INTO notification_rule (fleet_id, account_id, name, kinds, bike_scope, channels)
         VALUES ($1, $2, 'Matrix', '{SUSPECTED_THEFT}', 'ALL', '{IN_APP}') RETURNING id`,
        [side.fleet.id, side.manager.id],
      );
      if (side.name === 'foreign') side.secrets.push(row!.id);
      return row!.id;
    },
  ],
  [
    /\/notifications\//,
    /^id$/,
    async ({ world, side }) => {
      const [row] = await world.t.server.database.query<{ id: string }>(
        `INSERT INTO notification (fleet_id, account_id, kind, severity, vehicle_number,
                                   source_key, occurred_at, in_app)
         VALUES ($1, $2, 'SUSPECTED_THEFT', 'CRITICAL', $3, 'matrix:' || gen_random_uuid(), now(),
                 true) RETURNING id`,
        [side.fleet.id, side.manager.id, side.bike.vehicleNumber],
      );
      if (side.name === 'foreign') side.secrets.push(row!.id);
      return row!.id;
    },
  ],
  // a browser of the side's manager that receives push (docs/notifications.md)
  [
    /\/push-subscriptions\//,
    /^id$/,
    async ({ world, side }) => {
      const [row] = await world.t.server.database.query<{ id: string }>(
        `INSERT INTO push_subscription (fleet_id, account_id, endpoint, p256dh, auth)
         VALUES ($1, $2, 'https://push.example.com/' || gen_random_uuid(), $3, $4) RETURNING id`,
        [side.fleet.id, side.manager.id, SAMPLE_PUSH.keys.p256dh, SAMPLE_PUSH.keys.auth],
      );
      if (side.name === 'foreign') side.secrets.push(row!.id);
      return row!.id;
    },
  ],
  // a fresh open recommendation of the side's fleet, moving its bike (docs/rebalancing.md)
  [
    /\/rebalancing\/recommendations\//,
    /^id$/,
    async ({ world, side }) => {
      const [row] = await world.t.server.database.query<{ id: string }>(
        `INSERT INTO rebalancing_recommendation (fleet_id, from_cell, to_cell, from_lon, from_lat,
                to_lon, to_lat, bike_ids, due_at, extra_rides, created_at)
         VALUES ($1, '881fb46625fffff', '881fb46627fffff', 2.35, 48.85, 2.36, 48.86,
                 ARRAY[$2::bigint], now() + interval '2 hours', 1.5, now()) RETURNING id`,
        [side.fleet.id, side.bike.id],
      );
      if (side.name === 'foreign') side.secrets.push(row!.id);
      return row!.id;
    },
  ],
  // a maintenance schedule of the side's fleet (deletion takes it away: a fresh one; docs/tasks.md)
  [
    /\/maintenance\/schedules\//,
    /^id$/,
    async ({ world, side }) => {
      const [row] = await world.t.server.database.query<{ id: string }>(
        `INSERT INTO maintenance_schedule (fleet_id, name, every_days) VALUES ($1, 'Matrix', 30)
         RETURNING id`,
        [side.fleet.id],
      );
      if (side.name === 'foreign') side.secrets.push(row!.id);
      return row!.id;
    },
  ],
  // free text refusing control characters carries a pattern: no generic value
  [/\/accounts/, /^fullName$/, async () => 'Matrix User'],
  // a city client of the side's fleet (revoking takes it away: a fresh one; docs/open-data.md)
  [/\/city-clients/, /^name$/, async () => 'Matrix City'],
  [
    /\/city-clients\//,
    /^id$/,
    async ({ world, side }) => {
      const [row] = await world.t.server.database.query<{ id: string }>(
        `INSERT INTO mds_client (fleet_id, name, client_id, secret_hash)
         VALUES ($1, 'Matrix City', 'matrix-' || gen_random_uuid(), 'not-a-hash') RETURNING id`,
        [side.fleet.id],
      );
      return row!.id;
    },
  ],
  // a share of the side's bike (docs/manager-tools.md; revoking changes it: a fresh one)
  [
    /\/products\/shares\//,
    /^id$/,
    async ({ world, side }) => {
      const [row] = await world.t.server.database.query<{ id: string }>(
        `INSERT INTO position_share (fleet_id, bike_id, token_hash, expires_at)
         VALUES ($1, $2, gen_random_uuid()::text, now() + interval '1 hour') RETURNING id`,
        [side.fleet.id, side.bike.id],
      );
      if (side.name === 'foreign') side.secrets.push(row!.id);
      return row!.id;
    },
  ],
  // the public read of a share: a working token of the side's bike
  [
    /\/shared-position$/,
    /^token$/,
    async ({ world, side }) => {
      const token = `matrix${side.name}${Date.now()}${Math.random()}`.replace(/\./g, '');
      await world.t.server.database.query(
        `INSERT INTO position_share (fleet_id, bike_id, token_hash, expires_at)
         VALUES ($1, $2, encode(sha256(convert_to($3, 'UTF8')), 'hex'), now() + interval '1 hour')`,
        [side.fleet.id, side.bike.id, token],
      );
      return token;
    },
  ],
];

const SAMPLE_ZONE = { name: 'Matrix zone', type: 'NO_PARKING', geometry: SAMPLE_ZONE_GEOMETRY };

/** a browser's PushSubscription (a valid P-256 point; docs/notifications.md) */
const SAMPLE_PUSH = {
  endpoint: 'https://push.example.com/matrix',
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

const SAMPLE_RULE = ruleInput({ name: 'Matrix rule', kinds: ['SUSPECTED_THEFT'] });

let imported = 0;
/** Bodies the generic sampler cannot build (not JSON, or no required field): [pattern of
 *  "METHOD /url", the body for a side]. */
const RAW_BODIES: Array<[RegExp, (ctx: Context) => Promise<RawBody>]> = [
  [
    /^POST .*\/fleet\/admin\/vehicles$/,
    async ({ side }) => {
      imported += 1;
      const tag = `${side.name === 'own' ? 'MXO' : 'MXF'}-IMP-${imported}`;
      return new RawBody(
        'text/csv',
        `vehicleNumber,bikeCode,moduleId,model,group\n${tag},${tag}-C,,City,Matrix\n`,
      );
    },
  ],
  // the battery settings (docs/battery.md): one value changed
  [
    /^PUT .*\/battery\/settings$/,
    async () => new RawBody('application/json', JSON.stringify({ sohThreshold: 75 })),
  ],
  // the open-data settings (docs/open-data.md): a complete, unpublished set
  [
    /^PUT .*\/fleet\/open-data$/,
    async () => new RawBody('application/json', JSON.stringify(defaultOpenDataSettings('Matrix'))),
  ],
  // a zone needs a real polygon; a replacement the version of the fresh zone
  [/^POST .*\/zones$/, async () => new RawBody('application/json', JSON.stringify(SAMPLE_ZONE))],
  [
    /^PUT .*\/zones\/:id$/,
    async () => new RawBody('application/json', JSON.stringify({ ...SAMPLE_ZONE, version: 1 })),
  ],
  [
    /^POST .*\/zones\/import$/,
    async () =>
      new RawBody(
        'application/json',
        JSON.stringify({
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: SAMPLE_ZONE, geometry: SAMPLE_ZONE_GEOMETRY }],
        }),
      ),
  ],
  // a campaign of a package of the side's fleet, targeting the side's bike (docs/firmware.md)
  [
    /^POST .*\/firmware\/campaigns$/,
    async (ctx) => {
      const packageId = await firmwarePackageId(ctx, {} as JsonSchema);
      await ctx.world.t.server.database.query(
        `UPDATE bike SET hardware_version = 'VFM-IOT-3' WHERE id = $1`,
        [ctx.side.bike.id],
      );
      return new RawBody(
        'application/json',
        JSON.stringify({
          packageId,
          name: 'Matrix',
          target: { vehicleNumbers: [ctx.side.bike.vehicleNumber] },
        }),
      );
    },
  ],
  // a firmware package is multipart: its fields, then its file (docs/firmware.md)
  [
    /^POST .*\/firmware\/packages$/,
    async ({ side }) => {
      imported += 1;
      const b = 'matrixboundary';
      const field = (name: string, value: string) =>
        `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      return new RawBody(
        `multipart/form-data; boundary=${b}`,
        field('version', `mx-${side.name}-${imported}-${Date.now()}`) +
          field('moduleModel', 'VFM-IOT-3') +
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="fw.bin"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\nfirmware\r\n--${b}--\r\n`,
      );
    },
  ],
  // a webhook needs an https URL (docs/notifications.md)
  [
    /^POST .*\/webhooks$/,
    async () => new RawBody('application/json', JSON.stringify(SAMPLE_WEBHOOK)),
  ],
  [
    /^PUT .*\/webhooks\/:id$/,
    async () =>
      new RawBody(
        'application/json',
        JSON.stringify({
          ...SAMPLE_WEBHOOK,
          events: ['alert.opened'],
          description: 'Matrix',
          enabled: true,
        }),
      ),
  ],
  // an alert rule (docs/notifications.md); a replacement the version of the fresh rule
  [
    /^POST .*\/notification-rules$/,
    async () => new RawBody('application/json', JSON.stringify(SAMPLE_RULE)),
  ],
  [
    /^PUT .*\/notification-rules\/:id$/,
    async () => new RawBody('application/json', JSON.stringify({ ...SAMPLE_RULE, version: 1 })),
  ],
  // a rule (docs/rules.md): a fresh one, switched off; a replacement names its version
  [
    /^POST .*\/v1\/rules$/,
    async () => new RawBody('application/json', JSON.stringify(SAMPLE_FLEET_RULE)),
  ],
  [
    /^PUT .*\/v1\/rules\/:id$/,
    async () =>
      new RawBody('application/json', JSON.stringify({ ...SAMPLE_FLEET_RULE, version: 1 })),
  ],
  [
    /^POST .*\/v1\/rules\/dry-run$/,
    async () =>
      new RawBody(
        'application/json',
        JSON.stringify({
          rule: {
            condition: SAMPLE_FLEET_RULE.condition,
            scope: SAMPLE_FLEET_RULE.scope,
            actions: SAMPLE_FLEET_RULE.actions,
          },
          days: 1,
        }),
      ),
  ],
  // a browser's push subscription (docs/notifications.md)
  [
    /^POST .*\/push-subscriptions$/,
    async () => new RawBody('application/json', JSON.stringify(SAMPLE_PUSH)),
  ],
  // a maintenance schedule (docs/tasks.md): a name and a period
  [
    /^POST .*\/maintenance\/schedules$/,
    async () =>
      new RawBody('application/json', JSON.stringify({ name: 'Matrix service', everyDays: 90 })),
  ],
  // every field is optional but one is needed: the default CO2 factor, unchanged
  [
    /^PUT .*\/fleet\/settings$/,
    async () => new RawBody('application/json', JSON.stringify({ co2KgPerKm: 0.12 })),
  ],
];

/** Values for query parameters and body fields that name no entity. */
async function plainValue(ctx: Context, name: string, schema: JsonSchema): Promise<unknown> {
  const single = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  if (single.type === 'array') {
    const item = await valueFor(ctx, name.replace(/s$/, ''), single.items ?? {});
    return item === undefined ? undefined : [item];
  }
  if (single.enum) return single.enum[0];
  if (single.type === 'boolean') return true;
  if (single.type === 'integer' || single.type === 'number') return single.minimum ?? 1;
  if (single.format === 'date-time') return new Date().toISOString();
  if (single.format === 'email' || /email/i.test(name)) return `matrix-${Date.now()}@example.com`;
  if (/password/i.test(name)) return 'Passw0rd!x';
  if (/^application(Name)?$/.test(name)) return APPLICATION_KEY;
  if (single.type === 'string' && !single.pattern && !single.format) return 'matrix';
  return undefined;
}

async function valueFor(ctx: Context, name: string, schema: JsonSchema): Promise<unknown> {
  for (const [routePattern, namePattern, resolve] of SAMPLE_RULES) {
    if (routePattern.test(`${ctx.route.method} ${ctx.route.url}`) && namePattern.test(name)) {
      const value = await resolve(ctx, schema);
      if (value !== undefined) return value;
    }
  }
  if (/^vehicleNumbers$/.test(name)) return [await bikeNumber(ctx, schema)];
  if (/^ids$/.test(name)) return [await accountId(ctx, schema)];
  return plainValue(ctx, name, schema);
}

const ENTITY_NAMES = /^(vehicleNumber|vn|vehicleNumbers|text|id|ids|accountId|userId|groupId)$/;

/** A request for the route on behalf of a side; throws when a required value is unknown. */
export async function sampleRequest(
  world: World,
  route: RecordedRoute,
  side: Side,
  fresh = route.method !== 'GET',
): Promise<Sample> {
  const ctx: Context = { world, side, route, fresh };
  const sample: Sample = { params: {}, query: {}, references: false };
  const missing: string[] = [];
  const fill = async (schema: JsonSchema | undefined, into: Record<string, unknown>) => {
    for (const name of schema?.required ?? []) {
      const value = await valueFor(ctx, name, schema!.properties?.[name] ?? {});
      if (value === undefined) missing.push(name);
      else into[name] = value;
      if (ENTITY_NAMES.test(name)) sample.references = true;
    }
  };
  const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  for (const name of pathParams) {
    const value = await valueFor(ctx, name, route.schema.params?.properties?.[name] ?? {});
    if (value === undefined) missing.push(`:${name}`);
    else sample.params[name] = String(value);
    if (ENTITY_NAMES.test(name)) sample.references = true;
  }
  await fill(route.schema.querystring, sample.query);
  const raw = RAW_BODIES.find(([pattern]) => pattern.test(`${route.method} ${route.url}`));
  if (raw) {
    sample.body = await raw[1](ctx);
  } else if (route.schema.body) {
    const body: Record<string, unknown> = {};
    await fill(route.schema.body, body);
    sample.body = body;
  }
  if (missing.length) {
    throw new Error(
      `${route.method} ${route.url}: no sample value for ${missing.join(', ')} — add a rule to ` +
        'SAMPLE_RULES in test/helpers/route-samples.ts',
    );
  }
  return sample;
}

export function pathOf(route: RecordedRoute, params: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
}
